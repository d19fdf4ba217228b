/** The support thread, given/when/then (issue 9). */
import { describe, it } from 'vitest';
import { LiveMessages } from '../../../contracts/live';
import { deciderSpec } from '../shared/spec';
import { SupportMessages, decidePostSupport, evolveSupportThread, initialSupportThread, type SupportEvent } from './support';

const spec = deciderSpec(evolveSupportThread, initialSupportThread);
const NOW = new Date('2026-11-25T12:00:00Z');
const asked: SupportEvent = {
  type: 'SupportMessagePosted',
  data: { visitorId: 'v', messageId: 'm0', index: 0, authorId: 'v', fromStaff: false, body: 'My camera is black', at: NOW.toISOString() },
};

describe('support thread', () => {
  it("opens with the visitor's first message, trimmed, and numbers the answers after it", () => {
    spec
      .given([])
      .when((s) =>
        decidePostSupport(s, { visitorId: 'v', authorId: 'v', fromStaff: false, body: '  My camera is black ', messageId: 'm0' }, NOW),
      )
      .then([asked]);
    spec
      .given([asked])
      .when((s) =>
        decidePostSupport(s, { visitorId: 'v', authorId: 'admin', fromStaff: true, body: 'Try the equipment check', messageId: 'm1' }, NOW),
      )
      .then([
        {
          type: 'SupportMessagePosted',
          data: {
            visitorId: 'v',
            messageId: 'm1',
            index: 1,
            authorId: 'admin',
            fromStaff: true,
            body: 'Try the equipment check',
            at: NOW.toISOString(),
          },
        },
      ]);
  });
  it('refuses an empty or overlong message, and an answer to nobody', () => {
    spec
      .given([])
      .when((s) => decidePostSupport(s, { visitorId: 'v', authorId: 'v', fromStaff: false, body: '   ', messageId: 'm' }, NOW))
      .thenThrows('BAD_USER_INPUT', LiveMessages.emptyMessage);
    spec
      .given([])
      .when((s) => decidePostSupport(s, { visitorId: 'v', authorId: 'v', fromStaff: false, body: 'x'.repeat(1001), messageId: 'm' }, NOW))
      .thenThrows('BAD_USER_INPUT', /at most 1000/);
    spec
      .given([])
      .when((s) => decidePostSupport(s, { visitorId: 'v', authorId: 'admin', fromStaff: true, body: 'Hello', messageId: 'm' }, NOW))
      .thenThrows('BAD_USER_INPUT', SupportMessages.noThread);
  });
});
