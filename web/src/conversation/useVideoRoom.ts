/**
 * Joining the room (spec 2, "Live join"): the video join from the server (no token: the spec's
 * 'Unable to access this conversation'), the camera and microphone (1280x720 at 24 fps), then the
 * provider's adapter. Keeps the peer's media, whether they left or muted, our own toggles, and the
 * first error only (spec 2, section 8: shown on the interstitial).
 */
import { useApolloClient } from '@apollo/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { stopMedia } from '../compatibility/media';
import { mediaErrorMessage } from '../compatibility/mediaErrors';
import { VIDEO_JOIN } from './operations';
import { connectionErrorMessage, noAccessMessage } from './roomMessages';
import { loadAdapter } from './video';
import { VIDEO_CONSTRAINTS, type MediaKind, type RemoteMedia, type RoomConnection, type RoomHandlers } from './video/port';

export interface VideoRoom {
  phase: 'idle' | 'joining' | 'joined' | 'failed';
  error: string | null;
  localStream: MediaStream | null;
  remote: RemoteMedia | null;
  peerLeft: boolean;
  peerMuted: Record<MediaKind, boolean>;
  audioOn: boolean;
  videoOn: boolean;
  /** The join's provider and this window's part in it (host: the speaker), once joining. */
  provider: string | null;
  role: string | null;
}

const INITIAL: VideoRoom = {
  phase: 'idle',
  error: null,
  localStream: null,
  remote: null,
  peerLeft: false,
  peerMuted: { audio: false, video: false },
  audioOn: true,
  videoOn: true,
  provider: null,
  role: null,
};

export const captureLocalMedia = () => navigator.mediaDevices.getUserMedia({ audio: true, video: VIDEO_CONSTRAINTS });

export function useVideoRoom(conversationId: string, live: boolean, displayName?: string) {
  const client = useApolloClient();
  const [room, setRoom] = useState<VideoRoom>(INITIAL);
  const connection = useRef<RoomConnection | null>(null);
  const stream = useRef<MediaStream | null>(null);

  useEffect(() => {
    if (!live) return;
    let cancelled = false;
    let conn: RoomConnection | null = null;
    let local: MediaStream | null = null;
    const update = (change: (r: VideoRoom) => VideoRoom) => {
      if (!cancelled) setRoom(change);
    };
    const fail = (message: string) => update((r) => ({ ...r, phase: 'failed', error: r.error ?? message }));
    const handlers: RoomHandlers = {
      onRemoteStream: (media) => update((r) => ({ ...r, remote: media, peerLeft: media ? false : r.peerLeft })),
      onPeerLeft: () => update((r) => ({ ...r, remote: null, peerLeft: true, peerMuted: { audio: false, video: false } })),
      onPeerMuted: (kind, muted) => update((r) => ({ ...r, peerMuted: { ...r.peerMuted, [kind]: muted } })),
      onError: (message, code) => fail(connectionErrorMessage({ message, code })),
    };
    update((r) => ({ ...r, phase: r.error ? 'failed' : 'joining' }));

    (async () => {
      const join = await client
        .query({ query: VIDEO_JOIN, variables: { conversationId }, fetchPolicy: 'network-only', context: { quiet: true } })
        .then(({ data }) => data?.me?.videoJoin)
        .catch(() => null);
      if (cancelled) return;
      if (!join?.accessToken) return fail(noAccessMessage(conversationId));
      try {
        local = await captureLocalMedia();
      } catch (error) {
        return fail(mediaErrorMessage(error, { camera: true, microphone: true }));
      }
      if (cancelled) return stopMedia(local);
      stream.current = local;
      update((r) => ({ ...r, localStream: local, audioOn: true, videoOn: true, provider: join.provider, role: join.role }));
      try {
        const adapter = await loadAdapter(join.provider);
        conn = await adapter.join(join, local, handlers, { displayName });
      } catch (error) {
        return fail(connectionErrorMessage(error));
      }
      if (cancelled) return conn.leave();
      connection.current = conn;
      update((r) => ({ ...r, phase: r.phase === 'failed' ? 'failed' : 'joined' }));
    })();

    return () => {
      cancelled = true;
      conn?.leave();
      connection.current = null;
      stopMedia(local);
      stream.current = null;
      setRoom((r) => ({ ...INITIAL, error: r.error }));
    };
  }, [client, conversationId, live, displayName]);

  const setMedia = useCallback((kind: MediaKind, on: boolean) => {
    const tracks = kind === 'audio' ? stream.current?.getAudioTracks() : stream.current?.getVideoTracks();
    for (const t of tracks ?? []) t.enabled = on;
    if (kind === 'audio') connection.current?.setAudio(on);
    else connection.current?.setVideo(on);
    setRoom((r) => ({ ...r, [kind === 'audio' ? 'audioOn' : 'videoOn']: on }));
  }, []);

  /** Leaves the room now (the page is going away, or the Leave button). */
  const leave = useCallback((unloading = false) => {
    connection.current?.leave({ unloading });
    connection.current = null;
  }, []);

  return { room, setMedia, leave };
}
