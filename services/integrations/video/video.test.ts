/**
 * The video providers' tokens, decoded and checked against each vendor's documented claims, and
 * endRoom against stand-ins of the vendors' APIs. The live tests (endRoom against real Zoom and
 * Twilio) run only when their keys are in the environment; otherwise they are skipped and say so.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { skipFor } from '../../../tests/support/skip';
import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import twilio from 'twilio';
import { createTokenService } from '../../api/jwt';
import { newId } from '../../domain/shared/ids';
import { videoConfigFromEnv } from './config';
import { createVideoProviders } from './index';
import { createLocalVideoProvider, verifyLocalVideoToken } from './local';
import type { VideoRoomParticipant } from './port';
import { createTwilioVideoProvider, type TwilioRoomsClient } from './twilio';
import { createZoomVideoProvider, ZOOM_API_BASE } from './zoom';

const SECRET = 'server-secret-for-video-tests-0123456789';
const PUBLIC_URL = 'https://tertulia.example.com';
const key = (secret: string) => new TextEncoder().encode(secret);
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const nowSeconds = () => Math.floor(Date.now() / 1000);
const speaker: VideoRoomParticipant = { accountId: newId(), displayName: 'Lucía Pérez', role: 'host' };
const student: VideoRoomParticipant = { accountId: newId(), displayName: 'Sam Lee', role: 'guest' };

describe('room names', () => {
  it('are stable per conversation, lowercase, and the same for every provider', () => {
    const conversationId = newId();
    const { providers } = createVideoProviders({
      authSecret: SECRET,
      publicUrl: PUBLIC_URL,
      video: {
        zoom: { sdkKey: 'k', sdkSecret: 's', apiKey: null, apiSecret: null },
        twilio: { accountSid: `AC${'0'.repeat(32)}`, apiKeySid: `SK${'0'.repeat(32)}`, apiKeySecret: 's' },
      },
    });
    const names = Object.values(providers).map((p) => p!.roomName(conversationId));
    assert.deepEqual(names, Array(3).fill(`tertulia-${conversationId}`));
    assert.equal(providers.local!.roomName(conversationId.toUpperCase()), names[0]);
    assert.notEqual(providers.local!.roomName(newId()), names[0]);
  });
});

describe('local video provider', () => {
  const local = createLocalVideoProvider({ secret: SECRET });

  it('signs an HS256 token that verifies back to the participant and the room', async () => {
    const conversationId = newId();
    const expiresAt = inMinutes(40);
    const access = await local.issueAccess({ conversationId, participant: speaker, expiresAt });
    assert.equal(access.provider, 'local');
    assert.equal(access.roomName, local.roomName(conversationId));
    assert.equal(access.identity, speaker.accountId);
    assert.equal(decodeProtectedHeader(access.accessToken).alg, 'HS256');
    const claims = decodeJwt(access.accessToken);
    assert.equal(claims.sub, speaker.accountId);
    assert.equal(claims.room, access.roomName);
    assert.equal(claims.role, 'host');
    assert.equal(claims.name, 'Lucía Pérez');
    assert.equal(claims.aud, 'tertulia-video');
    assert.equal(claims.exp, Math.floor(expiresAt.getTime() / 1000));
    assert.equal(access.expiresAt.getTime(), claims.exp! * 1000);
    assert.deepEqual(await verifyLocalVideoToken(SECRET, access.accessToken), {
      accountId: speaker.accountId,
      roomName: access.roomName,
      role: 'host',
    });
    const guest = await local.issueAccess({ conversationId, participant: student, expiresAt });
    assert.equal((await verifyLocalVideoToken(SECRET, guest.accessToken))?.role, 'guest');
  });

  it('refuses a token signed with another secret, an expired one, and anything else', async () => {
    const access = await local.issueAccess({ conversationId: newId(), participant: student, expiresAt: inMinutes(40) });
    assert.equal(await verifyLocalVideoToken('another-secret-entirely-0123456789', access.accessToken), null);
    const expired = await local.issueAccess({ conversationId: newId(), participant: student, expiresAt: inMinutes(-1) });
    assert.equal(await verifyLocalVideoToken(SECRET, expired.accessToken), null);
    assert.equal(await verifyLocalVideoToken(SECRET, 'not.a.token'), null);
    assert.equal(await verifyLocalVideoToken(SECRET, `${access.accessToken}x`), null);
  });

  it('is never mistaken for an auth token, nor an auth token for it (same server secret)', async () => {
    const tokens = createTokenService(SECRET);
    const auth = await tokens.sign({ accountId: student.accountId, sessionId: newId() }, inMinutes(40));
    assert.equal(await verifyLocalVideoToken(SECRET, auth), null);
    const video = await local.issueAccess({ conversationId: newId(), participant: student, expiresAt: inMinutes(40) });
    assert.equal(await tokens.verify(video.accessToken), null);
  });

  it('ends a room without a vendor: nothing to do', async () => {
    await local.endRoom(newId());
  });
});

describe('Zoom Video SDK provider', () => {
  const config = { sdkKey: 'zoom-sdk-key', sdkSecret: 'zoom-sdk-secret-0123456789', apiKey: null, apiSecret: null };
  const noNetwork = (async () => assert.fail('no request expected')) as unknown as typeof fetch;
  const zoom = createZoomVideoProvider(config, { fetch: noNetwork });

  it('signs the documented Video SDK JWT: HS256, app_key, tpc, role_type, version, iat, exp, user_key', async () => {
    const conversationId = newId();
    const expiresAt = inMinutes(90);
    const host = await zoom.issueAccess({ conversationId, participant: speaker, expiresAt });
    const header = decodeProtectedHeader(host.accessToken);
    assert.deepEqual(header, { alg: 'HS256', typ: 'JWT' });
    const { payload } = await jwtVerify(host.accessToken, key(config.sdkSecret), { algorithms: ['HS256'] });
    assert.deepEqual(Object.keys(payload).sort(), ['app_key', 'exp', 'iat', 'role_type', 'tpc', 'user_key', 'version']);
    assert.equal(payload.app_key, 'zoom-sdk-key');
    assert.equal(payload.tpc, zoom.roomName(conversationId));
    assert.equal(payload.tpc, host.roomName);
    assert.ok((payload.tpc as string).length <= 200);
    assert.equal(payload.role_type, 1);
    assert.equal(payload.version, 1);
    assert.equal(payload.user_key, speaker.accountId);
    assert.ok((payload.user_key as string).length <= 36);
    assert.ok(Math.abs(payload.iat! - nowSeconds()) <= 2);
    assert.equal(payload.exp, Math.floor(expiresAt.getTime() / 1000));
    assert.equal(host.expiresAt.getTime(), payload.exp! * 1000);
    assert.equal(host.provider, 'zoom');
    assert.equal(host.identity, speaker.accountId);

    const guest = await zoom.issueAccess({ conversationId, participant: student, expiresAt });
    assert.equal(decodeJwt(guest.accessToken).role_type, 0);
    await assert.rejects(jwtVerify(guest.accessToken, key('not-the-sdk-secret'), { algorithms: ['HS256'] }));
  });

  it('keeps exp between 30 minutes and 48 hours after iat, as Zoom requires', async () => {
    const soon = await zoom.issueAccess({ conversationId: newId(), participant: student, expiresAt: inMinutes(5) });
    const short = decodeJwt(soon.accessToken);
    assert.equal(short.exp! - short.iat!, 30 * 60);
    assert.equal(soon.expiresAt.getTime(), short.exp! * 1000);
    const late = decodeJwt(
      (await zoom.issueAccess({ conversationId: newId(), participant: student, expiresAt: inMinutes(5 * 24 * 60) })).accessToken,
    );
    assert.equal(late.exp! - late.iat!, 48 * 60 * 60);
  });

  it('does not call Zoom to end a room without API credentials', async () => {
    await zoom.endRoom(newId());
  });

  it('with API credentials, ends the live session of the room by its id (PUT …/status, action end)', async () => {
    const conversationId = newId();
    const roomName = zoom.roomName(conversationId);
    const calls: { method: string; url: URL; auth: string; body: unknown }[] = [];
    const fake = (async (input: string | URL, init: RequestInit = {}) => {
      const url = new URL(String(input));
      calls.push({
        method: init.method ?? 'GET',
        url,
        auth: new Headers(init.headers).get('authorization') ?? '',
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      if (url.pathname === '/v2/videosdk/sessions') {
        return Response.json({
          sessions: [
            { id: 'Other1234==', session_name: 'tertulia-someone-else' },
            { id: 'abc/+def==', session_name: roomName },
            { id: '/gone//x==', session_name: roomName.toUpperCase() },
          ],
        });
      }
      return new Response(null, { status: url.pathname.includes('gone') ? 404 : 204 });
    }) as typeof fetch;
    const withApi = createZoomVideoProvider(
      { ...config, apiKey: 'zoom-api-key', apiSecret: 'zoom-api-secret-0123456789' },
      { fetch: fake },
    );
    await withApi.endRoom(conversationId);

    assert.equal(calls.length, 3);
    const [list, first, second] = calls;
    assert.equal(list.method, 'GET');
    assert.equal(`${list.url.origin}${list.url.pathname}`, `${ZOOM_API_BASE}/videosdk/sessions`);
    assert.equal(list.url.searchParams.get('type'), 'live');
    assert.equal(list.url.searchParams.get('session_name'), roomName);
    assert.match(list.url.searchParams.get('from')!, /^\d{4}-\d{2}-\d{2}$/);
    assert.match(list.url.searchParams.get('to')!, /^\d{4}-\d{2}-\d{2}$/);
    for (const call of calls) {
      const [scheme, jwt] = call.auth.split(' ');
      assert.equal(scheme, 'Bearer');
      const { payload } = await jwtVerify(jwt, key('zoom-api-secret-0123456789'), { algorithms: ['HS256'] });
      assert.equal(payload.iss, 'zoom-api-key');
      assert.ok(payload.exp! > nowSeconds());
    }
    assert.equal(first.method, 'PUT');
    assert.equal(first.url.href, `${ZOOM_API_BASE}/videosdk/sessions/abc%2F%2Bdef%3D%3D/status`);
    assert.deepEqual(first.body, { action: 'end' });
    // An id beginning with '/' or holding '//' is encoded twice; its 404 (already over) is ignored.
    assert.equal(second.url.href, `${ZOOM_API_BASE}/videosdk/sessions/${encodeURIComponent(encodeURIComponent('/gone//x=='))}/status`);
  });

  it('starts the cloud recording of the live session (PATCH …/events, recording.start), and says why it cannot', async () => {
    const conversationId = newId();
    const calls: { method: string; path: string; body: unknown }[] = [];
    let sessions = [{ id: 'abc/+def==', session_name: zoom.roomName(conversationId) }];
    const fake = (async (input: string | URL, init: RequestInit = {}) => {
      const url = new URL(String(input));
      calls.push({ method: init.method ?? 'GET', path: url.pathname, body: init.body ? JSON.parse(String(init.body)) : null });
      return url.pathname === '/v2/videosdk/sessions' ? Response.json({ sessions }) : new Response(null, { status: 204 });
    }) as typeof fetch;
    const withApi = createZoomVideoProvider(
      { ...config, apiKey: 'zoom-api-key', apiSecret: 'zoom-api-secret-0123456789' },
      { fetch: fake },
    );
    await withApi.startRecording(conversationId);
    assert.deepEqual(calls.slice(1), [
      { method: 'PATCH', path: '/v2/videosdk/sessions/abc%2F%2Bdef%3D%3D/events', body: { method: 'recording.start' } },
    ]);
    // Zoom announces the finished file on its own: nothing to ask for.
    calls.length = 0;
    await withApi.finishRecording(conversationId);
    assert.equal(calls.length, 0);
    sessions = [];
    await assert.rejects(withApi.startRecording(conversationId), /Zoom has no live session tertulia-.* to record/);
    await assert.rejects(zoom.startRecording(conversationId), /Zoom cloud recording needs ZOOM_VIDEO_API_KEY and ZOOM_VIDEO_API_SECRET/);
  });

  it('reports a failing Zoom API', async () => {
    const failing = (async () => new Response('{"code":124,"message":"Invalid access token."}', { status: 401 })) as typeof fetch;
    const withApi = createZoomVideoProvider({ ...config, apiKey: 'k', apiSecret: 's' }, { fetch: failing });
    await assert.rejects(withApi.endRoom(newId()), /Zoom listing live sessions failed: HTTP 401/);
  });
});

describe('Twilio Video provider', () => {
  const config = { accountSid: `AC${'a'.repeat(32)}`, apiKeySid: `SK${'b'.repeat(32)}`, apiKeySecret: 'twilio-api-key-secret-0123456789' };

  it('makes an AccessToken with a video grant for the room: identity, iss = API key SID, sub = account SID, exp', async () => {
    const provider = createTwilioVideoProvider(config, { publicUrl: PUBLIC_URL });
    const conversationId = newId();
    const expiresAt = inMinutes(90);
    const access = await provider.issueAccess({ conversationId, participant: student, expiresAt });
    assert.equal(access.provider, 'twilio');
    assert.equal(access.identity, student.accountId);
    assert.equal(access.roomName, provider.roomName(conversationId));
    const header = decodeProtectedHeader(access.accessToken);
    assert.equal(header.alg, 'HS256');
    assert.equal(header.cty, 'twilio-fpa;v=1');
    const { payload } = await jwtVerify(access.accessToken, key(config.apiKeySecret), { algorithms: ['HS256'] });
    const grants = payload.grants as { identity: string; video: { room: string } };
    assert.equal(grants.identity, student.accountId);
    assert.deepEqual(grants.video, { room: access.roomName });
    assert.equal(payload.iss, config.apiKeySid);
    assert.equal(payload.sub, config.accountSid);
    assert.ok(Math.abs(payload.exp! - Math.floor(expiresAt.getTime() / 1000)) <= 1);
    assert.equal(access.expiresAt.getTime(), payload.exp! * 1000);
    assert.ok(access.roomName.length <= 128);
  });

  it('caps a token at 24 hours', async () => {
    const provider = createTwilioVideoProvider(config, { publicUrl: PUBLIC_URL });
    const access = await provider.issueAccess({ conversationId: newId(), participant: speaker, expiresAt: inMinutes(3 * 24 * 60) });
    const claims = decodeJwt(access.accessToken);
    assert.equal(claims.exp! - claims.iat!, 24 * 60 * 60);
  });

  /** A stand-in of the REST client's video rooms and compositions, recording every call. */
  function fakeTwilio(
    options: { endAnswer?: () => 'ok' | 404 | 500; completedRooms?: { sid: string; endTime: Date }[]; compositions?: string[] } = {},
  ) {
    const calls: [string, ...unknown[]][] = [];
    const rooms = Object.assign(
      (name: string) => ({
        async update(params: { status: 'completed' }) {
          calls.push(['rooms.update', name, params]);
          const answer = options.endAnswer?.() ?? 'ok';
          if (answer !== 'ok') throw Object.assign(new Error(`HTTP ${answer}`), { status: answer });
          return {};
        },
        recordingRules: {
          async update(params: { rules: unknown }) {
            calls.push(['recordingRules.update', name, params]);
            return {};
          },
        },
      }),
      {
        async list(params: unknown) {
          calls.push(['rooms.list', params]);
          return options.completedRooms ?? [];
        },
      },
    );
    const client: TwilioRoomsClient = {
      video: {
        v1: {
          rooms,
          compositions: {
            async list(params) {
              calls.push(['compositions.list', params]);
              return (options.compositions ?? []).map((sid) => ({ sid }));
            },
            async create(params) {
              calls.push(['compositions.create', params]);
              return { sid: 'CJ-new' };
            },
          },
        },
      },
    };
    return { client, calls };
  }

  it('ends a room by completing it, and ignores a room that is not in progress (404)', async () => {
    let answer: 'ok' | 404 | 500 = 'ok';
    const { client, calls } = fakeTwilio({ endAnswer: () => answer });
    const provider = createTwilioVideoProvider(config, { client, publicUrl: PUBLIC_URL });
    const conversationId = newId();
    await provider.endRoom(conversationId);
    assert.deepEqual(calls, [['rooms.update', provider.roomName(conversationId), { status: 'completed' }]]);
    answer = 404;
    await provider.endRoom(conversationId);
    answer = 500;
    await assert.rejects(provider.endRoom(conversationId), /HTTP 500/);
  });

  it('records a live room by its recording rules, then composes the newest completed room once, calling back our webhook', async () => {
    const conversationId = newId();
    const older = { sid: 'RM-old', endTime: new Date('2026-01-01T10:00:00Z') };
    const newest = { sid: 'RM-new', endTime: new Date('2026-01-01T11:00:00Z') };
    const { client, calls } = fakeTwilio({ completedRooms: [older, newest] });
    const provider = createTwilioVideoProvider(config, { client, publicUrl: PUBLIC_URL });
    await provider.startRecording(conversationId);
    assert.deepEqual(calls, [['recordingRules.update', provider.roomName(conversationId), { rules: [{ type: 'include', all: true }] }]]);
    calls.length = 0;
    await provider.finishRecording(conversationId);
    assert.deepEqual(calls, [
      ['rooms.list', { uniqueName: provider.roomName(conversationId), status: 'completed', limit: 20 }],
      ['compositions.list', { roomSid: 'RM-new', limit: 1 }],
      [
        'compositions.create',
        {
          roomSid: 'RM-new',
          audioSources: ['*'],
          videoLayout: { grid: { video_sources: ['*'] } },
          resolution: '1280x720',
          format: 'mp4',
          statusCallback: `${PUBLIC_URL}/api/webhooks/twilio/recordings?conversationId=${conversationId}`,
          statusCallbackMethod: 'POST',
        },
      ],
    ]);
    // A composition already there (a retried job): nothing more.
    const again = fakeTwilio({ completedRooms: [newest], compositions: ['CJ-1'] });
    await createTwilioVideoProvider(config, { client: again.client, publicUrl: PUBLIC_URL }).finishRecording(conversationId);
    assert.deepEqual(
      again.calls.map((c) => c[0]),
      ['rooms.list', 'compositions.list'],
    );
    // The room not completed yet: the job is told to try again.
    const early = fakeTwilio();
    await assert.rejects(
      createTwilioVideoProvider(config, { client: early.client, publicUrl: PUBLIC_URL }).finishRecording(conversationId),
      /no completed room tertulia-.* to compose yet/,
    );
  });
});

describe('video configuration', () => {
  it('reads each vendor only when all its variables are set', () => {
    assert.deepEqual(videoConfigFromEnv({}), { zoom: null, twilio: null });
    assert.deepEqual(
      videoConfigFromEnv({
        ZOOM_VIDEO_SDK_KEY: ' key ',
        ZOOM_VIDEO_SDK_SECRET: 'secret',
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_API_KEY_SID: 'SK1',
        TWILIO_API_KEY_SECRET: 'tw',
      }),
      {
        zoom: { sdkKey: 'key', sdkSecret: 'secret', apiKey: null, apiSecret: null },
        twilio: { accountSid: 'AC1', apiKeySid: 'SK1', apiKeySecret: 'tw' },
      },
    );
    assert.deepEqual(
      videoConfigFromEnv({
        ZOOM_VIDEO_SDK_KEY: 'key',
        ZOOM_VIDEO_SDK_SECRET: 'secret',
        ZOOM_VIDEO_API_KEY: 'api',
        ZOOM_VIDEO_API_SECRET: 'apis',
      }).zoom,
      { sdkKey: 'key', sdkSecret: 'secret', apiKey: 'api', apiSecret: 'apis' },
    );
  });

  it('refuses a vendor configured by halves', () => {
    assert.throws(() => videoConfigFromEnv({ ZOOM_VIDEO_SDK_KEY: 'key' }), /ZOOM_VIDEO_SDK_SECRET is missing/);
    assert.throws(() => videoConfigFromEnv({ TWILIO_ACCOUNT_SID: 'AC1' }), /TWILIO_API_KEY_SID, TWILIO_API_KEY_SECRET are missing/);
    assert.throws(() => videoConfigFromEnv({ ZOOM_VIDEO_API_KEY: 'a', ZOOM_VIDEO_API_SECRET: 'b' }), /only used with ZOOM_VIDEO_SDK_KEY/);
  });

  it('offers local always, and names the variables of a stored provider that is not configured', () => {
    const video = createVideoProviders({ authSecret: SECRET, publicUrl: PUBLIC_URL, video: videoConfigFromEnv({}) });
    assert.equal(video.videoProviderFor('local').name, 'local');
    assert.equal(video.providers.zoom, null);
    assert.equal(video.providers.twilio, null);
    assert.throws(() => video.videoProviderFor('zoom'), {
      message: 'The zoom video provider is not configured: set ZOOM_VIDEO_SDK_KEY and ZOOM_VIDEO_SDK_SECRET.',
    });
    assert.throws(() => video.videoProviderFor('twilio'), {
      message: 'The twilio video provider is not configured: set TWILIO_ACCOUNT_SID, TWILIO_API_KEY_SID and TWILIO_API_KEY_SECRET.',
    });
    assert.throws(() => video.videoProviderFor('jitsi'), /Unknown video provider 'jitsi'/);
  });
});

// Live vendor tests: only with real keys.
const env = videoConfigFromEnv(process.env);
const zoomLive = env.zoom?.apiKey ? env.zoom : null;
if (!zoomLive)
  console.log(
    '# Zoom video tests skipped: set ZOOM_VIDEO_SDK_KEY, ZOOM_VIDEO_SDK_SECRET, ZOOM_VIDEO_API_KEY and ZOOM_VIDEO_API_SECRET to run them.',
  );
describe('Zoom Video SDK (live)', () => {
  skipFor(zoomLive ? undefined : 'Zoom Video SDK and API keys are not set').it(
    'ends a room that has no live session without error (the API accepts our API JWT)',
    async () => {
      await createZoomVideoProvider(zoomLive!).endRoom(newId());
    },
  );
});

const twilioLive = env.twilio;
if (!twilioLive)
  console.log('# Twilio video tests skipped: set TWILIO_ACCOUNT_SID, TWILIO_API_KEY_SID and TWILIO_API_KEY_SECRET to run them.');
describe('Twilio Video (live)', () => {
  skipFor(twilioLive ? undefined : 'Twilio keys are not set').it(
    'completes an in-progress room, and ignores one that is over or never existed',
    async () => {
      const provider = createTwilioVideoProvider(twilioLive!, { publicUrl: PUBLIC_URL });
      const rest = twilio(twilioLive!.apiKeySid, twilioLive!.apiKeySecret, { accountSid: twilioLive!.accountSid });
      const conversationId = newId();
      const room = await rest.video.v1.rooms.create({ uniqueName: provider.roomName(conversationId) });
      await provider.endRoom(conversationId);
      assert.equal((await rest.video.v1.rooms(room.sid).fetch()).status, 'completed');
      await provider.endRoom(conversationId);
      await provider.endRoom(newId());
    },
  );
});
