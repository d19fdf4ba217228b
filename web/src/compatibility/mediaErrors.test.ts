import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { mediaErrorKind, mediaErrorMessage } from './mediaErrors';

const BOTH = { camera: true, microphone: true };
const CAMERA = { camera: true, microphone: false };
const MICROPHONE = { camera: false, microphone: true };
const named = (name: string, message = 'browser words') => new DOMException(message, name);

describe('mediaErrorMessage', () => {
  it('permission denied: both, camera only, microphone only (NotAllowedError, SecurityError)', () => {
    for (const name of ['NotAllowedError', 'SecurityError', 'PermissionDeniedError']) {
      assert.equal(
        mediaErrorMessage(named(name), BOTH),
        'Access to the camera and microphone was not allowed. Please allow Tertulia access to both the camera and microphone.',
      );
      assert.equal(
        mediaErrorMessage(named(name), CAMERA),
        'Access to the camera was not allowed. Please allow Tertulia access to the camera.',
      );
      assert.equal(
        mediaErrorMessage(named(name), MICROPHONE),
        'Access to the microphone was not allowed. Please allow Tertulia access to the microphone.',
      );
    }
  });

  it('not found: both, and the camera-only variant (NotFoundError, OverconstrainedError)', () => {
    for (const name of ['NotFoundError', 'OverconstrainedError', 'DevicesNotFoundError']) {
      assert.equal(
        mediaErrorMessage(named(name), BOTH),
        'The camera and microphone was not found. Please turn on and enable both the camera and microphone, then try again.',
      );
      assert.equal(
        mediaErrorMessage(named(name), CAMERA),
        'No camera was detected. Please ensure that your camera is connected and try again.',
      );
      assert.equal(
        mediaErrorMessage(named(name), MICROPHONE),
        'No microphone was detected. Please ensure that your microphone is connected and try again.',
      );
    }
  });

  it('in use (NotReadableError, TrackStartError)', () => {
    const inUse = 'The camera is already in use. Please close any other applications that may be using the camera and try again.';
    for (const name of ['NotReadableError', 'TrackStartError']) {
      assert.equal(mediaErrorMessage(named(name), BOTH), inUse);
      assert.equal(mediaErrorMessage(named(name), CAMERA), inUse);
      assert.match(mediaErrorMessage(named(name), MICROPHONE), /^The microphone is already in use\./);
    }
  });

  it('neither device named reads as both', () => {
    assert.match(
      mediaErrorMessage(named('NotFoundError'), { camera: false, microphone: false }),
      /^The camera and microphone was not found\./,
    );
  });

  it("any other error: the connection message with the provider's message and code", () => {
    const prefix =
      'Unable to connect to the conversation. Please close the tab or window and rejoin the conversation. Provider returned the error: ';
    assert.equal(
      mediaErrorMessage(named('AbortError', 'Could not start video source'), BOTH),
      `${prefix}Could not start video source (code: AbortError)`,
    );
    assert.equal(
      mediaErrorMessage(Object.assign(new Error('Room not found'), { code: 53106 }), BOTH),
      `${prefix}Room not found (code: 53106)`,
    );
    assert.equal(mediaErrorMessage({ message: 'Join failed', code: 'JOIN_FAILED' }, CAMERA), `${prefix}Join failed (code: JOIN_FAILED)`);
    assert.equal(mediaErrorMessage(new TypeError('oops'), BOTH), `${prefix}oops (code: TypeError)`);
    assert.equal(mediaErrorMessage('plain words', BOTH), `${prefix}plain words (code: unknown)`);
    assert.equal(mediaErrorMessage(null, BOTH), `${prefix}unknown error (code: unknown)`);
  });

  it('groups the names into kinds', () => {
    assert.equal(mediaErrorKind(named('NotAllowedError')), 'denied');
    assert.equal(mediaErrorKind({ name: 'OverconstrainedError' }), 'notFound');
    assert.equal(mediaErrorKind({ name: 'TrackStartError' }), 'inUse');
    assert.equal(mediaErrorKind(undefined), 'other');
  });
});
