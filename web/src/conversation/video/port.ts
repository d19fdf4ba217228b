/**
 * The browser's side of a video room, whatever the provider (spec 2, section 7 "Video provider
 * calls"): join with the access token, mute and unmute, start and stop video, hear about the peer,
 * leave. Adapters: local.ts (browser-to-browser WebRTC through the API's signalling), zoom.ts
 * (@zoom/videosdk), twilio.ts (twilio-video); each is loaded on demand by index.ts.
 */
import type { LiveVideoJoinQuery } from '../../gql/graphql';

/** How to join the room, as the API answers it (conversation/operations.ts, VIDEO_JOIN). */
export type VideoJoin = NonNullable<LiveVideoJoinQuery['me']>['videoJoin'];

/** The spec's capture (section 9): 1280x720 at 24 frames a second. */
export const VIDEO_CONSTRAINTS: MediaTrackConstraints = {
  width: { ideal: 1280 },
  height: { ideal: 720 },
  frameRate: { ideal: 24, max: 24 },
};
/** Twilio's audio bitrate ceiling and bandwidth mode (spec 2, section 9). */
export const MAX_AUDIO_BITRATE = 16_000;

export type MediaKind = 'audio' | 'video';

/**
 * What the room shows of the peer: a MediaStream for a <video> (local, Twilio), or an element the
 * vendor renders into itself (Zoom's <video-player-container>), mounted as it is.
 */
export type RemoteMedia = { stream: MediaStream } | { element: HTMLElement };

export interface RoomHandlers {
  /** The peer's media arrived (or changed); null when it is gone. */
  onRemoteStream(media: RemoteMedia | null): void;
  /** The peer left the room (or their connection failed). */
  onPeerLeft(): void;
  /** The peer turned their camera or microphone off or on. */
  onPeerMuted(kind: MediaKind, muted: boolean): void;
  /** The provider refused or dropped the connection; `code` when the provider gives one. */
  onError(message: string, code?: number | string): void;
}

export interface RoomConnection {
  setAudio(on: boolean): void;
  setVideo(on: boolean): void;
  /** Leaves the room (tells the peer where the provider can); `unloading` when the page is going away. */
  leave(options?: { unloading?: boolean }): void;
}

export interface JoinOptions {
  /** The name the vendor shows for this participant (Zoom's userName). */
  displayName?: string;
}

/** Joins the room with the local camera and microphone already captured. */
export type JoinRoom = (
  join: VideoJoin,
  localStream: MediaStream,
  handlers: RoomHandlers,
  options?: JoinOptions,
) => Promise<RoomConnection>;

export interface VideoAdapter {
  join: JoinRoom;
}
