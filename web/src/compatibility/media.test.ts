import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { NO_MEDIA_DEVICES_MESSAGE, acquireMedia, levelOfRms, missingWebRtc, stopMedia, type MediaEnvironment } from './media';

type Constraints = { video: boolean; audio: boolean };

/** A fake stream: its tracks record being stopped. */
function fakeStream(c: Constraints) {
  const tracks = [...(c.video ? [{ kind: 'video', stopped: false }] : []), ...(c.audio ? [{ kind: 'audio', stopped: false }] : [])];
  return { tracks, getTracks: () => tracks.map((t) => Object.assign(t, { stop: () => (t.stopped = true) })) } as unknown as MediaStream & {
    tracks: { stopped: boolean }[];
  };
}

/**
 * A browser with the listed devices: `fail` decides, per request, which error (by name) it
 * rejects with, or null to succeed.
 */
function browser(
  devices: ('videoinput' | 'audioinput')[],
  fail: (c: Constraints) => string | null,
  permissions?: Record<string, PermissionState>,
) {
  const requests: Constraints[] = [];
  const env: MediaEnvironment = {
    mediaDevices: {
      enumerateDevices: async () => devices.map((kind) => ({ kind }) as MediaDeviceInfo),
      getUserMedia: async (constraints?: MediaStreamConstraints) => {
        const c = { video: !!constraints?.video, audio: !!constraints?.audio };
        requests.push(c);
        const name = fail(c);
        if (name) throw new DOMException('browser words', name);
        return fakeStream(c);
      },
    },
    permissions: permissions && {
      query: async ({ name }: PermissionDescriptor) => ({ state: permissions[name] ?? 'prompt' }) as PermissionStatus,
    },
  };
  return { env, requests };
}

const BOTH = { camera: true, microphone: true };
const ALL: ('videoinput' | 'audioinput')[] = ['videoinput', 'audioinput'];

describe('acquireMedia', () => {
  it('asks for both at once and uses the one stream for both', async () => {
    const { env, requests } = browser(ALL, () => null);
    const got = await acquireMedia(env, BOTH);
    assert.deepEqual(requests, [{ video: true, audio: true }]);
    assert.ok(got.camera && got.camera === got.microphone);
    assert.deepEqual(got.messages, []);
    assert.equal(got.noCamera, false);
  });

  it('does not ask for a device the browser does not list: no camera, microphone working', async () => {
    const { env, requests } = browser(['audioinput'], () => null);
    const got = await acquireMedia(env, BOTH);
    assert.deepEqual(requests, [{ video: false, audio: true }]);
    assert.equal(got.camera, null);
    assert.ok(got.microphone);
    assert.equal(got.noCamera, true);
    assert.deepEqual(got.messages, ['No camera was detected. Please ensure that your camera is connected and try again.']);
  });

  it('neither device: one message for both, nothing asked', async () => {
    const { env, requests } = browser([], () => null);
    const got = await acquireMedia(env, BOTH);
    assert.deepEqual(requests, []);
    assert.equal(got.noCamera, true);
    assert.deepEqual(got.messages, [
      'The camera and microphone was not found. Please turn on and enable both the camera and microphone, then try again.',
    ]);
  });

  it('a camera in use: tries each alone, keeps the microphone and names the camera', async () => {
    const { env, requests } = browser(ALL, (c) => (c.video ? 'NotReadableError' : null));
    const got = await acquireMedia(env, BOTH);
    assert.deepEqual(requests, [
      { video: true, audio: true },
      { video: true, audio: false },
      { video: false, audio: true },
    ]);
    assert.equal(got.camera, null);
    assert.ok(got.microphone);
    assert.equal(got.noCamera, false);
    assert.deepEqual(got.messages, [
      'The camera is already in use. Please close any other applications that may be using the camera and try again.',
    ]);
  });

  it('refused: no second prompt unless the browser says only one device was refused', async () => {
    const refused = browser(ALL, () => 'NotAllowedError');
    const got = await acquireMedia(refused.env, BOTH);
    assert.equal(refused.requests.length, 1);
    assert.deepEqual(got.messages, [
      'Access to the camera and microphone was not allowed. Please allow Tertulia access to both the camera and microphone.',
    ]);

    const micRefused = browser(ALL, (c) => (c.audio ? 'NotAllowedError' : null), { camera: 'granted', microphone: 'denied' });
    const partly = await acquireMedia(micRefused.env, BOTH);
    assert.deepEqual(micRefused.requests, [
      { video: true, audio: true },
      { video: true, audio: false },
    ]);
    assert.ok(partly.camera);
    assert.equal(partly.microphone, null);
    assert.deepEqual(partly.messages, ['Access to the microphone was not allowed. Please allow Tertulia access to the microphone.']);
  });

  it('different failures each get their own message', async () => {
    const { env } = browser(ALL, (c) => (c.video ? 'NotReadableError' : 'NotAllowedError'));
    const got = await acquireMedia(env, BOTH);
    assert.equal(got.messages.length, 2);
    assert.match(got.messages[0], /^The camera is already in use/);
    assert.match(got.messages[1], /^Access to the microphone was not allowed/);
  });

  it('the camera alone', async () => {
    const { env, requests } = browser(ALL, () => null);
    const got = await acquireMedia(env, { camera: true, microphone: false });
    assert.deepEqual(requests, [{ video: true, audio: false }]);
    assert.ok(got.camera);
    assert.equal(got.microphone, null);
  });

  it('no getUserMedia at all', async () => {
    const got = await acquireMedia({}, BOTH);
    assert.deepEqual(got.messages, [NO_MEDIA_DEVICES_MESSAGE]);
  });

  it('stopMedia stops every track once', async () => {
    const { env } = browser(ALL, () => null);
    const got = await acquireMedia(env, BOTH);
    stopMedia(got.camera, got.microphone, null);
    assert.ok((got.camera as unknown as { tracks: { stopped: boolean }[] }).tracks.every((t) => t.stopped));
  });
});

describe('missingWebRtc', () => {
  it('names what is missing', () => {
    assert.deepEqual(missingWebRtc({ RTCPeerConnection: class {}, navigator: { mediaDevices: { getUserMedia: () => null } } }), []);
    assert.deepEqual(missingWebRtc({}), ['RTCPeerConnection (video calls)', 'getUserMedia (camera and microphone access)']);
    assert.deepEqual(missingWebRtc({ RTCPeerConnection: class {}, navigator: {} }), ['getUserMedia (camera and microphone access)']);
  });
});

describe('levelOfRms', () => {
  it('maps -60 dB to -10 dB onto 0 to 100', () => {
    assert.equal(levelOfRms(0), 0);
    assert.equal(levelOfRms(0.001), 0);
    assert.equal(levelOfRms(10 ** (-35 / 20)), 50);
    assert.equal(levelOfRms(0.5), 100);
    assert.equal(levelOfRms(Number.NaN), 0);
  });
});
