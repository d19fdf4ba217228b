import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { cancelLabel, cancelText, endedKind, isJoinable, showSupportAdvice, showTardy, tabOf } from './lobbyRules';

const conv = (over: Record<string, unknown> = {}) =>
  ({
    status: 'reserved' as const,
    reservedStart: '2025-03-30T07:00:00.000Z',
    isCanceled: false,
    canceledOn: null,
    canceledBy: null,
    cancellationPolicy: { isCancelable: true, cancelableUntil: '2025-03-29T19:00:00.000Z', returnsMinutes: true },
    tardinessPolicy: { isTardy: false },
    ...over,
  }) as Parameters<typeof cancelLabel>[0];

describe('lobby rules', () => {
  it('picks the tab from the option parameter', () => {
    assert.equal(tabOf(null), 0);
    assert.equal(tabOf('2'), 2);
    assert.equal(tabOf('9'), 0);
    assert.equal(tabOf('x'), 0);
  });
  it('is ready only while opened or started', () => {
    assert.equal(isJoinable(conv()), false);
    assert.equal(isJoinable(conv({ status: 'opened' })), true);
    assert.equal(isJoinable(conv({ status: 'started' })), true);
    assert.equal(isJoinable(conv({ status: 'started', isCanceled: true })), false);
    assert.equal(endedKind(conv({ status: 'stopped' })), 'ended');
    assert.equal(endedKind(conv({ isCanceled: true })), 'canceled');
    assert.equal(endedKind(conv()), null);
  });
  it('says sorry when tardy, not opened, and the speaker is absent', () => {
    assert.equal(showTardy(conv({ tardinessPolicy: { isTardy: true } }), false), true);
    assert.equal(showTardy(conv({ tardinessPolicy: { isTardy: true } }), true), false);
    assert.equal(showTardy(conv({ tardinessPolicy: { isTardy: true }, status: 'opened' }), false), false);
    assert.equal(showTardy(conv({ tardinessPolicy: { isTardy: true }, isCanceled: true }), false), false);
  });
  it('advises support two minutes after the start while not ready', () => {
    const start = Date.parse('2025-03-30T07:00:00.000Z');
    assert.equal(showSupportAdvice(conv(), start + 119_000), false);
    assert.equal(showSupportAdvice(conv(), start + 120_000), true);
    assert.equal(showSupportAdvice(conv({ status: 'started' }), start + 120_000), false);
  });
  it('labels and explains cancelling', () => {
    assert.equal(cancelLabel(conv()), 'Cancel');
    // The card's own format (h:mma, the zone's name), not the browser's 24-hour clock.
    assert.match(
      cancelText(conv(), 'me', 'Europe/Madrid'),
      /^You can cancel this conversation until Sat, Mar 29 at 8:00PM (CET|GMT\+1) and your minutes will be returned\.$/,
    );
    const cannot = conv({ cancellationPolicy: { isCancelable: false, cancelableUntil: null, returnsMinutes: false } });
    assert.equal(cancelLabel(cannot), 'Cannot Cancel');
    assert.match(cancelText(cannot, 'me', 'UTC'), /can no longer be canceled.*12 hours/);
    const canceled = conv({ isCanceled: true, canceledOn: '2025-03-28T10:00:00.000Z', canceledBy: { id: 'me', displayName: 'Ana' } });
    assert.equal(cancelLabel(canceled), 'Canceled');
    assert.match(cancelText(canceled, 'me', 'UTC'), /^This conversation was canceled on Fri, Mar 28 at 10:00AM (UTC|GMT) by you\.$/);
    assert.match(cancelText({ ...canceled, canceledBy: { id: 's', displayName: 'Ben R.' } }, 'me', 'UTC'), /by Ben R\.$/);
  });
});
