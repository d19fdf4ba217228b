import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { centsToDollars, dollarsToCents } from '../../../contracts/money';
import { payRateError } from '../../../contracts/speaking';
import { deciderSpec } from '../shared/spec';
import type { SpeakingEvent } from './events';
import { decideChangeSettings, decideEvaluate, decideInterview, decideOpen, evolveSpeaking, initialSpeaking } from './speaking';

const spec = deciderSpec(evolveSpeaking, initialSpeaking);
const ctx = { now: new Date('2026-11-21T12:00:00Z'), actor: { accountId: 'admin', roles: ['ADMIN'] } };
const opened: SpeakingEvent = { type: 'SpeakingRecordOpened', data: { speakerId: 's', invitationId: 'i', emailAddress: 's@example.com' } };
const interviewed: SpeakingEvent = {
  type: 'InterviewScheduled',
  data: { speakerId: 's', conversationId: 'c1', reservedStart: '2026-11-21T12:00:00.000Z' },
};
const evaluated = (evaluation: 'promote' | 'decline'): SpeakingEvent => ({
  type: 'SpeakerEvaluated',
  data: { speakerId: 's', evaluation },
});

describe('speaking record decider', () => {
  it('opens a record once', () => {
    spec
      .given([])
      .when((s) => decideOpen(s, { speakerId: 's', invitationId: 'i', emailAddress: 's@example.com' }))
      .then([opened]);
    spec
      .given([opened])
      .when((s) => decideOpen(s, { speakerId: 's', invitationId: 'i', emailAddress: 's@example.com' }))
      .then([]);
  });

  it('schedules one interview at a time, a new one once it is over, never for an evaluated speaker', () => {
    const interview =
      (conversationId: string, previousIsOver = false) =>
      (s: ReturnType<typeof initialSpeaking>) =>
        decideInterview(s, { conversationId, previousIsOver }, ctx);
    spec.given([opened]).when(interview('c1')).then([interviewed]);
    spec.given([opened, interviewed]).when(interview('c2')).then([]);
    spec
      .given([opened, interviewed])
      .when(interview('c2', true))
      .then([{ ...interviewed, data: { ...interviewed.data, conversationId: 'c2' } } as SpeakingEvent]);
    spec
      .given([opened, evaluated('promote')])
      .when(interview('c1'))
      .thenThrows('CONFLICT', 'This speaker was already promoted.');
    spec
      .given([opened, interviewed, evaluated('promote')])
      .when(interview('c2', true))
      .thenThrows('CONFLICT', 'This speaker was already promoted.');
    spec
      .given([opened, evaluated('decline')])
      .when(interview('c1'))
      .thenThrows('CONFLICT', 'This speaker was declined.');
    spec.given([]).when(interview('c1')).thenThrows('NOT_FOUND');
  });

  it('evaluates in either order with the interview; an evaluation is final', () => {
    spec
      .given([opened])
      .when((s) => decideEvaluate(s, { evaluation: 'promote' }))
      .then([evaluated('promote')]);
    spec
      .given([opened, interviewed])
      .when((s) => decideEvaluate(s, { evaluation: 'decline' }))
      .then([evaluated('decline')]);
    spec
      .given([opened, evaluated('promote')])
      .when((s) => decideEvaluate(s, { evaluation: 'promote' }))
      .then([]);
    spec
      .given([opened, evaluated('promote')])
      .when((s) => decideEvaluate(s, { evaluation: 'decline' }))
      .thenThrows('CONFLICT', 'This speaker was already promoted.');
    spec
      .given([opened, evaluated('decline')])
      .when((s) => decideEvaluate(s, { evaluation: 'promote' }))
      .thenThrows('CONFLICT', 'This speaker was already declined.');
    spec
      .given([])
      .when((s) => decideEvaluate(s, { evaluation: 'promote' }))
      .thenThrows('NOT_FOUND');
  });

  it("changes languages and pay rate with the spec's pay rate message", () => {
    spec
      .given([opened])
      .when((s) => decideChangeSettings(s, { languages: ['es', 'fr', 'es'], payRate: 1250 }))
      .then([{ type: 'SpeakingSettingsChanged', data: { speakerId: 's', languages: ['es', 'fr'], payRate: 1250 } }]);
    spec
      .given([opened])
      .when((s) => decideChangeSettings(s, { languages: ['es'], payRate: -1 }))
      .thenThrows('BAD_USER_INPUT', 'A positive value must be provided.');
    spec
      .given([opened])
      .when((s) => decideChangeSettings(s, { languages: ['xx'], payRate: 0 }))
      .thenThrows('BAD_USER_INPUT', 'Choose languages from the list.');
    spec
      .given([opened])
      .when((s) => decideChangeSettings(s, { languages: [], payRate: 1.5 }))
      .thenThrows('BAD_USER_INPUT');
    spec
      .given([opened, { type: 'SpeakingSettingsChanged', data: { speakerId: 's', languages: ['es'], payRate: 0 } }])
      .when((s) => decideChangeSettings(s, { languages: ['es'], payRate: 0 }))
      .then([]);
  });

  it('converts dollars and cents for the form', () => {
    assert.equal(dollarsToCents('12.5'), 1250);
    assert.equal(dollarsToCents('0'), 0);
    assert.equal(dollarsToCents('-1'), null);
    assert.equal(dollarsToCents('1.234'), null);
    assert.equal(centsToDollars(1250), '12.50');
    assert.equal(centsToDollars(7), '0.07');
    assert.equal(payRateError(0), null);
    assert.equal(payRateError(-5), 'A positive value must be provided.');
  });
});
