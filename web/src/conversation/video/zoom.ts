/**
 * The Zoom provider, with Zoom's Video SDK for the web (@zoom/videosdk, loaded only for Zoom
 * conversations): `ZoomVideo.createClient()`, `client.init`, `client.join(topic, signature,
 * userName)` with the room name and the server's signature, then the media stream: `startVideo`
 * (720p, 24 fps) and `startAudio`; the peer's video is rendered by Zoom with `attachVideo` into a
 * <video-player-container>, handed to the room as an element. Peer events: `peer-video-state-change`
 * (camera on/off), `user-updated` (microphone muted), `user-removed` (left), `connection-change`
 * (closed or failed). Our own capture (localStream) stays the room's self view.
 */
import ZoomVideo, { VideoQuality, type Participant } from '@zoom/videosdk';
import type { JoinRoom } from './port';

type Failure = { type?: string; reason?: string; errorCode?: number };

/** A Zoom rejection ({type, reason, errorCode}) as an Error with its code. */
function zoomError(error: unknown): Error & { code?: number | string } {
  const f = (error ?? {}) as Failure;
  const e = new Error(f.reason || f.type || (error instanceof Error ? error.message : 'Zoom refused the connection')) as Error & {
    code?: number | string;
  };
  e.code = f.errorCode ?? f.type;
  return e;
}

export const join: JoinRoom = async (join, _localStream, handlers, options) => {
  const client = ZoomVideo.createClient();
  try {
    await client.init('en-US', 'Global', { patchJsMedia: true });
    await client.join(join.roomName, join.accessToken, options?.displayName || join.identity);
  } catch (error) {
    throw zoomError(error);
  }
  const stream = client.getMediaStream();
  const self = client.getCurrentUserInfo().userId;
  const container = document.createElement('video-player-container');
  container.setAttribute('style', 'display:block;width:100%;height:100%');
  let peerId: number | null = null;

  const render = async (userId: number) => {
    const player = await stream.attachVideo(userId, VideoQuality.Video_720P);
    if (!(player instanceof HTMLElement)) return handlers.onError(zoomError(player).message, (player as Failure).errorCode);
    player.setAttribute('style', 'display:block;width:100%;height:100%');
    container.replaceChildren(player);
    handlers.onRemoteStream({ element: container });
  };
  const meet = (user: Participant) => {
    if (user.userId === self) return;
    peerId = user.userId;
    if (user.bVideoOn) void render(user.userId);
    handlers.onPeerMuted('video', !user.bVideoOn);
    if (user.muted !== undefined) handlers.onPeerMuted('audio', !!user.muted);
  };

  client.on('user-added', (users: Participant[]) => users.forEach(meet));
  client.on('user-updated', (users: Partial<Participant>[]) => {
    for (const u of users) if (u.userId !== self && u.muted !== undefined) handlers.onPeerMuted('audio', !!u.muted);
  });
  client.on('user-removed', (users: Partial<Participant>[]) => {
    if (!users.some((u) => u.userId === peerId)) return;
    peerId = null;
    container.replaceChildren();
    handlers.onRemoteStream(null);
    handlers.onPeerLeft();
  });
  client.on('peer-video-state-change', ({ action, userId }: { action: 'Start' | 'Stop'; userId: number }) => {
    if (userId === self) return;
    if (action === 'Start') void render(userId);
    else void stream.detachVideo(userId);
    handlers.onPeerMuted('video', action === 'Stop');
  });
  client.on('connection-change', ({ state, reason }: { state: string; reason?: string }) => {
    if (state === 'Closed' || state === 'Fail')
      handlers.onError(reason || `The Zoom session ${state === 'Fail' ? 'failed' : 'closed'}`, state);
  });

  try {
    await stream.startVideo({ hd: true, fps: 24 });
    await stream.startAudio();
  } catch (error) {
    void client.leave();
    throw zoomError(error);
  }
  client.getAllUser().forEach(meet);

  return {
    setAudio(on) {
      void (on ? stream.unmuteAudio() : stream.muteAudio());
    },
    setVideo(on) {
      void (on ? stream.startVideo({ hd: true, fps: 24 }) : stream.stopVideo());
    },
    leave() {
      void client.leave().finally(() => ZoomVideo.destroyClient());
    },
  };
};
