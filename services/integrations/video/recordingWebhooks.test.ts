import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, it } from 'vitest';
import twilio from 'twilio';
import { twilioSignature, verifyTwilioSignature, verifyZoomSignature, zoomUrlValidation } from './recordingWebhooks';

describe('recording webhook signatures', () => {
  it('Zoom: v0 HMAC-SHA256 of the timestamp and the raw body; tampering, another secret, an old timestamp refused', () => {
    const secret = 'zoom-secret-token';
    const body = JSON.stringify({
      event: 'session.recording_completed',
      event_ts: 1764064800000,
      payload: { object: { session_name: 'tertulia-abc' } },
    });
    const now = new Date('2026-11-25T10:00:00Z');
    const timestamp = String(Math.floor(now.getTime() / 1000));
    // Computed here independently, as Zoom's documentation describes it.
    const signature = `v0=${crypto.createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
    assert.equal(verifyZoomSignature(secret, { signature, timestamp }, body, now), true);
    assert.equal(verifyZoomSignature(secret, { signature, timestamp }, body.replace('abc', 'abd'), now), false);
    assert.equal(verifyZoomSignature('another-secret', { signature, timestamp }, body, now), false);
    assert.equal(verifyZoomSignature(secret, { signature, timestamp: String(Number(timestamp) + 1) }, body, now), false);
    assert.equal(verifyZoomSignature(secret, { signature, timestamp }, body, new Date(now.getTime() + 10 * 60_000)), false);
    assert.equal(verifyZoomSignature(secret, { signature: undefined, timestamp }, body, now), false);
    assert.equal(verifyZoomSignature(secret, { signature: signature.slice(0, -1), timestamp }, body, now), false);
  });

  it('Zoom: the endpoint validation answer is the hex HMAC-SHA256 of the plain token', () => {
    const answer = zoomUrlValidation('zoom-secret-token', 'qgg8vlvZRS6UYooatFL8Aw');
    assert.equal(answer.plainToken, 'qgg8vlvZRS6UYooatFL8Aw');
    assert.equal(answer.encryptedToken, crypto.createHmac('sha256', 'zoom-secret-token').update('qgg8vlvZRS6UYooatFL8Aw').digest('hex'));
  });

  it("Twilio: HMAC-SHA1 of the URL and the sorted parameters, as Twilio's own library computes it", () => {
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    const params = { CallSid: 'CA1234567890ABCDE', Caller: '+12349013030', Digits: '1234', From: '+12349013030', To: '+18005551212' };
    // The example in Twilio's security documentation.
    assert.equal(twilioSignature('12345', url, params), '0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
    const callback = 'https://tertulia.example/api/webhooks/twilio/recordings?conversationId=c1';
    const composition = {
      AccountSid: 'AC1',
      CompositionSid: 'CJ1',
      RoomSid: 'RM1',
      StatusCallbackEvent: 'composition-available',
      MediaUri: '/v1/Compositions/CJ1/Media',
      Duration: '12',
    };
    const signed = twilioSignature('auth-token', callback, composition);
    assert.equal(signed, twilio.getExpectedTwilioSignature('auth-token', callback, composition));
    assert.equal(verifyTwilioSignature('auth-token', signed, callback, composition), true);
    assert.equal(twilio.validateRequest('auth-token', signed, callback, composition), true);
    assert.equal(verifyTwilioSignature('auth-token', signed, callback, { ...composition, Duration: '13' }), false);
    assert.equal(verifyTwilioSignature('auth-token', signed, callback.replace('c1', 'c2'), composition), false);
    assert.equal(verifyTwilioSignature('other-token', signed, callback, composition), false);
    assert.equal(verifyTwilioSignature('auth-token', undefined, callback, composition), false);
  });
});
