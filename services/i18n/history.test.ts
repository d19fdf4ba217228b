/** A person's history and minute reasons in the reader's language (issue 32): the English word for word as before, and Spanish. */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { MinuteReasons } from '../../contracts/afterConversation';
import { describe as describeEvent } from '../../projections/history';
import { describeIn } from './history';
import { KNOWN_MINUTE_REASONS, localizeMinuteReason, minuteActionIn } from './minuteReasons';
import { translate } from './translate';

const said = (type: string, data: Record<string, unknown>, context: { subject?: string } = {}) => describeEvent({ type, data }, context);

describe('history entries', () => {
  it('keep their English sentences', () => {
    const en = (type: string, data: Record<string, unknown>, context: { subject?: string } = {}) =>
      describeIn('en', said(type, data, context));
    assert.equal(en('AccountRegistered', { via: 'self_signup', roles: ['ONBOARDING_STUDENT'] }), 'Signed up as student (onboarding).');
    assert.equal(
      en('AccountRegistered', { via: 'single_sign_on', roles: ['STUDENT'] }),
      "Signed up through their school's sign-in as student.",
    );
    assert.equal(en('SignedIn', { ip: '10.0.0.1' }), 'Signed in from 10.0.0.1.');
    assert.equal(
      en('RolesChanged', { added: ['SPEAKER'], removed: ['STUDENT', 'ONBOARDING_INSTRUCTOR'], roles: ['SPEAKER'] }),
      'Roles changed: added speaker; removed student, instructor (onboarding). Roles now: speaker.',
    );
    assert.equal(en('RolesChanged', { added: [], removed: [], roles: [] }), 'Roles changed: no change. Roles now: none.');
    assert.equal(en('ActiveRoleSwitched', { role: 'INSTRUCTOR' }), 'Switched to the instructor role.');
    assert.equal(
      en('MinutesChanged', { minuteQuantity: 30, action: 'admin_adjustment', actionReason: 'Welcome gift', balanceAfter: 30 }),
      'Added 30 minutes (admin adjustment). Reason: Welcome gift. Balance: 30 minutes.',
    );
    assert.equal(
      en('MinutesChanged', { minuteQuantity: -1, action: 'code_redemption', actionReason: null, balanceAfter: 1 }),
      'Removed 1 minute (code redemption). Balance: 1 minute.',
    );
    assert.equal(
      en('NotificationSent', { transportType: 'local_outbox' }, { subject: 'Hi' }),
      'The message "Hi" was sent (kept on this server without SMTP).',
    );
    assert.equal(
      en('NotificationFailed', { attempt: 2, error: 'timeout' }, { subject: 'Hi' }),
      'Sending the message "Hi" failed (attempt 2): timeout',
    );
  });

  it('speak Spanish to a Spanish reader, roles, actions and known reasons included', () => {
    const es = (type: string, data: Record<string, unknown>) => describeIn('es', said(type, data));
    assert.equal(es('AccountRegistered', { via: 'invitation', roles: ['SPEAKER'] }), 'Se registró con una invitación como hablante.');
    assert.equal(
      es('MinutesChanged', { minuteQuantity: -30, action: 'conversation', actionReason: MinuteReasons.reserved(30), balanceAfter: 60 }),
      'Se quitaron 30 minutos (conversación). Motivo: Reservaste una conversación de 30 minutos. Saldo: 60 minutos.',
    );
    assert.equal(es('SignedOut', {}), 'Cerró sesión.');
  });
});

describe('minute reasons and actions', () => {
  it('recognise every known reason, each message’s English the text it replaces', () => {
    const english = [
      MinuteReasons.techRefund,
      MinuteReasons.speakerRefund,
      MinuteReasons.speakerBonus,
      MinuteReasons.makeUp,
      MinuteReasons.canceled,
      MinuteReasons.speakerLate,
      MinuteReasons.movedCourse,
      MinuteReasons.withdrawn,
    ];
    assert.deepEqual(
      KNOWN_MINUTE_REASONS.slice(0, english.length).map((id) => translate('en', id)),
      english,
    );
    assert.equal(translate('en', 'minutes.reason.fairTime', { minutes: 1 }), MinuteReasons.fairTime(1));
    assert.equal(translate('en', 'minutes.reason.fairTime', { minutes: 4 }), MinuteReasons.fairTime(4));
    assert.equal(translate('en', 'minutes.reason.reserved', { minutes: 15 }), MinuteReasons.reserved(15));
    for (const text of [...english, MinuteReasons.fairTime(1), MinuteReasons.fairTime(4), MinuteReasons.reserved(15)]) {
      assert.notEqual(localizeMinuteReason('fr', text), text, `'${text}' is recognised`);
    }
    assert.equal(localizeMinuteReason('es', MinuteReasons.fairTime(1)), 'Tiempo justo: la conexión del hablante se cortó durante 1 minuto');
    assert.equal(localizeMinuteReason('pt-BR', MinuteReasons.speakerLate), 'O falante se atrasou: conversa cancelada');
    assert.equal(localizeMinuteReason('es', 'Spanish B1'), 'Spanish B1', 'a course’s name stays as written');
    assert.equal(localizeMinuteReason('en', MinuteReasons.makeUp), MinuteReasons.makeUp);
  });

  it('word an action in the reader’s language, an unknown one as its code in words', () => {
    assert.equal(minuteActionIn('en', 'make_up'), 'make up');
    assert.equal(minuteActionIn('fr', 'admin_adjustment'), 'ajustement administratif');
    assert.equal(minuteActionIn('es', 'code_redemption'), 'code redemption');
  });
});
