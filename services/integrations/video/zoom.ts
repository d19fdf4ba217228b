/**
 * Zoom Video SDK (https://developers.zoom.us/docs/video-sdk/auth/). The browser joins a session with
 * a Video SDK JWT that only the server can sign (HS256, typ JWT, with the SDK secret). Its documented
 * claims: app_key (the SDK key), tpc (the session name: our room name), role_type (1 host, given to
 * the speaker; 0 participant, the student), version 1, iat, exp, and user_key (our account id;
 * Zoom's current name for the former user_identity, at most 36 characters: a UUID is exactly 36).
 * The optional session_key, geo_regions and cloud recording claims are left out. Zoom wants exp
 * between 30 minutes and 48 hours after iat, so the expiry asked for is moved into that window.
 *
 * Ending a session for everyone and starting its cloud recording take the Video SDK REST API, which
 * the SDK key cannot call: it wants an API JWT signed with the Video SDK *API* key and secret
 * (ZOOM_VIDEO_API_KEY, ZOOM_VIDEO_API_SECRET). With them, endRoom finds the live session by name and
 * sets its status to `end`; without them it does nothing, and the session ends when its
 * participants leave it. startRecording sends the session the in-session event `recording.start`
 * (the account needs Video SDK cloud recording); without API keys it fails, saying so. Zoom stops
 * the recording when the session ends and announces the file with `session.recording_completed`
 * to our webhook, so finishRecording has nothing to do.
 */
import { SignJWT } from 'jose';
import { conversationRoomName, epochSeconds, type VideoProvider } from './port';

export interface ZoomVideoConfig {
  sdkKey: string;
  sdkSecret: string;
  /** Video SDK API credentials, only for ending sessions from the server. */
  apiKey: string | null;
  apiSecret: string | null;
}

export const ZOOM_API_BASE = 'https://api.zoom.us/v2';
const MIN_TTL = 30 * 60;
const MAX_TTL = 48 * 60 * 60;

const secretKey = (secret: string) => new TextEncoder().encode(secret);

export function createZoomVideoProvider(config: ZoomVideoConfig, options: { fetch?: typeof fetch; now?: () => Date } = {}): VideoProvider {
  const http = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());

  async function apiJwt(): Promise<string> {
    const iat = epochSeconds(now());
    return new SignJWT({ iss: config.apiKey!, iat, exp: iat + 5 * 60 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(secretKey(config.apiSecret!));
  }

  async function api(method: 'GET' | 'PUT' | 'PATCH', path: string, body?: unknown): Promise<Response> {
    return http(`${ZOOM_API_BASE}${path}`, {
      method,
      headers: { Authorization: `Bearer ${await apiJwt()}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  }

  async function failure(response: Response, what: string): Promise<Error> {
    const text = await response.text().catch(() => '');
    return new Error(`Zoom ${what} failed: HTTP ${response.status} ${text.slice(0, 200)}`);
  }

  /** The live sessions named after the conversation's room, as path segments for the API. */
  async function liveSessions(conversationId: string): Promise<string[]> {
    const roomName = conversationRoomName(conversationId);
    // Live sessions are listed by start date: two days back covers any conversation still running.
    const day = (offset: number) => new Date(now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const query = new URLSearchParams({ type: 'live', from: day(-2), to: day(1), session_name: roomName, page_size: '300' });
    const listed = await api('GET', `/videosdk/sessions?${query}`);
    if (!listed.ok) throw await failure(listed, 'listing live sessions');
    const { sessions = [] } = (await listed.json()) as { sessions?: { id?: string; session_name?: string }[] };
    return (
      sessions
        .filter((session) => session.id && session.session_name?.toLowerCase() === roomName)
        // Zoom's rule for ids that begin with '/' or contain '//': encode them twice.
        .map(({ id }) =>
          id!.startsWith('/') || id!.includes('//') ? encodeURIComponent(encodeURIComponent(id!)) : encodeURIComponent(id!),
        )
    );
  }

  const hasApi = () => !!config.apiKey && !!config.apiSecret;

  return {
    name: 'zoom',
    roomName: conversationRoomName,

    async issueAccess({ conversationId, participant, expiresAt }) {
      const roomName = conversationRoomName(conversationId);
      const iat = epochSeconds(now());
      const exp = Math.min(iat + MAX_TTL, Math.max(iat + MIN_TTL, epochSeconds(expiresAt)));
      const accessToken = await new SignJWT({
        app_key: config.sdkKey,
        tpc: roomName,
        role_type: participant.role === 'host' ? 1 : 0,
        version: 1,
        user_key: participant.accountId,
        iat,
        exp,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(secretKey(config.sdkSecret));
      return { provider: 'zoom', roomName, identity: participant.accountId, accessToken, expiresAt: new Date(exp * 1000) };
    },

    async endRoom(conversationId) {
      if (!hasApi()) return; // No API credentials: the session ends when everyone leaves.
      for (const id of await liveSessions(conversationId)) {
        const ended = await api('PUT', `/videosdk/sessions/${id}/status`, { action: 'end' });
        if (!ended.ok && ended.status !== 404) throw await failure(ended, 'ending a session');
      }
    },

    async startRecording(conversationId) {
      if (!hasApi())
        throw new Error('Zoom cloud recording needs ZOOM_VIDEO_API_KEY and ZOOM_VIDEO_API_SECRET: this conversation is not recorded.');
      const sessions = await liveSessions(conversationId);
      if (!sessions.length) throw new Error(`Zoom has no live session ${conversationRoomName(conversationId)} to record.`);
      for (const id of sessions) {
        const started = await api('PATCH', `/videosdk/sessions/${id}/events`, { method: 'recording.start' });
        if (!started.ok) throw await failure(started, 'starting the cloud recording');
      }
    },

    async finishRecording() {
      // Zoom stops recording with the session and sends session.recording_completed to our webhook.
    },
  };
}
