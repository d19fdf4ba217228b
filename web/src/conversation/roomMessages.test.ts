import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { LiveText, connectionErrorMessage, noAccessMessage, peerMutedText, placeOf } from './roomMessages';

describe('live room messages', () => {
  it('words connection errors as the spec does', () => {
    assert.equal(connectionErrorMessage({ message: 'Access Token expired', code: 20104 }), LiveText.accessExpired);
    assert.equal(
      connectionErrorMessage(Object.assign(new Error('Signaling connection error'), { code: 53000 })),
      'Unable to connect to the conversation. Please close the tab or window and rejoin the conversation. Provider returned the error: Signaling connection error (code: 53000)',
    );
    assert.match(connectionErrorMessage(new Error('boom')), /Provider returned the error: boom \(code: none\)$/);
    assert.equal(noAccessMessage('c-1'), 'Unable to access this conversation. (Conversation ID: c-1)');
  });
  it('says what the peer turned off, and where they are', () => {
    assert.equal(peerMutedText('Ana', { audio: false, video: false }), null);
    assert.equal(peerMutedText('Ana', { audio: true, video: false }), 'Ana muted their microphone');
    assert.equal(peerMutedText('Ana', { audio: false, video: true }), 'Ana turned off their camera');
    assert.equal(placeOf({ currentCity: 'Lima', currentState: null, currentCountry: 'Peru' }), 'Lima, Peru');
    assert.equal(placeOf({ currentCity: ' ', currentState: null, currentCountry: null }), null);
  });
});
