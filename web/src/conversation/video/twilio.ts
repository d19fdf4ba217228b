/**
 * The Twilio provider, with twilio-video (loaded only for Twilio conversations): `connect(token,
 * {name, tracks})` with our own camera and microphone tracks, grid bandwidth mode and a 16 kbps
 * audio ceiling (spec 2, section 9); the peer's subscribed tracks are gathered into a MediaStream
 * for the room's <video>. Peer events: `participantConnected` / `participantDisconnected`,
 * `trackSubscribed` / `trackUnsubscribed`, `trackDisabled` / `trackEnabled` (camera or microphone
 * off and on); the room's `disconnected` with a TwilioError (e.g. 20104, access expired).
 */
import { connect, type RemoteParticipant, type RemoteTrack, type RemoteTrackPublication, type Room } from 'twilio-video';
import { MAX_AUDIO_BITRATE, type JoinRoom } from './port';

export const join: JoinRoom = async (join, localStream, handlers) => {
  let room: Room;
  try {
    room = await connect(join.accessToken, {
      name: join.roomName,
      tracks: localStream.getTracks(),
      bandwidthProfile: { video: { mode: 'grid' } },
      maxAudioBitrate: MAX_AUDIO_BITRATE,
    });
  } catch (error) {
    const e = error as { message?: string; code?: number };
    throw Object.assign(new Error(e.message ?? 'Twilio refused the connection'), { code: e.code });
  }
  const remote = new MediaStream();
  const show = () => handlers.onRemoteStream(remote.getTracks().length ? { stream: new MediaStream(remote.getTracks()) } : null);

  const subscribed = (track: RemoteTrack) => {
    if (track.kind !== 'audio' && track.kind !== 'video') return;
    remote.addTrack(track.mediaStreamTrack);
    show();
  };
  const unsubscribed = (track: RemoteTrack) => {
    if (track.kind !== 'audio' && track.kind !== 'video') return;
    remote.removeTrack(track.mediaStreamTrack);
    show();
  };
  const mutedAs = (muted: boolean) => (publication: RemoteTrackPublication) => {
    if (publication.kind === 'audio' || publication.kind === 'video') handlers.onPeerMuted(publication.kind, muted);
  };
  const meet = (participant: RemoteParticipant) => {
    participant.tracks.forEach((publication) => {
      if (publication.track) subscribed(publication.track);
      if (!publication.isTrackEnabled) mutedAs(true)(publication);
    });
    participant.on('trackSubscribed', subscribed);
    participant.on('trackUnsubscribed', unsubscribed);
    participant.on('trackDisabled', mutedAs(true));
    participant.on('trackEnabled', mutedAs(false));
  };

  room.participants.forEach(meet);
  room.on('participantConnected', meet);
  room.on('participantDisconnected', () => {
    for (const t of remote.getTracks()) remote.removeTrack(t);
    handlers.onRemoteStream(null);
    handlers.onPeerLeft();
  });
  room.on('disconnected', (_room: Room, error?: { message: string; code: number }) => {
    if (error) handlers.onError(error.message, error.code);
  });

  return {
    setAudio(on) {
      for (const publication of room.localParticipant.audioTracks.values()) publication.track.enable(on);
    },
    setVideo(on) {
      for (const publication of room.localParticipant.videoTracks.values()) publication.track.enable(on);
    },
    leave() {
      room.disconnect();
    },
  };
};
