/**
 * A history entry's words in the reader's language (issue 32): the read model keeps a message and
 * its values (projections/history); codes among the values (roles, a transport, a minute action)
 * and the known minute reasons are worded here too.
 */
import type { Locale } from '../../contracts/i18n/locales';
import type { HistoryMessage } from '../../projections/history';
import { minuteActionIn, localizeMinuteReason } from './minuteReasons';
import { type ServerMessageId, translate } from './translate';

const rolesIn = (locale: Locale, roles: unknown) =>
  (Array.isArray(roles) ? roles : []).map((role) => translate(locale, 'history.role', { role: String(role) })).join(', ');

export function describeIn(locale: Locale, said: HistoryMessage): string {
  const v = said.values;
  const t = (id: ServerMessageId, values: Record<string, string | number> = {}) => translate(locale, id, values);
  switch (said.id) {
    case 'signedUp':
    case 'signedUpInvited':
    case 'signedUpLti':
    case 'signedUpSchool':
    case 'created':
      return t(`history.${said.id}`, { roles: rolesIn(locale, v.roles) });
    case 'signedInFrom':
      return t('history.signedInFrom', { ip: String(v.ip) });
    case 'signedIn':
    case 'signedOut':
    case 'schoolSignIn':
    case 'schoolLinked':
    case 'resetRequested':
    case 'passwordChanged':
      return t(`history.${said.id}`);
    case 'rolesChanged': {
      const parts = [
        ...(Array.isArray(v.added) && v.added.length ? [t('history.rolesAdded', { roles: rolesIn(locale, v.added) })] : []),
        ...(Array.isArray(v.removed) && v.removed.length ? [t('history.rolesRemoved', { roles: rolesIn(locale, v.removed) })] : []),
      ];
      return t('history.rolesChanged', {
        change: parts.join('; ') || t('history.rolesNoChange'),
        roles: rolesIn(locale, v.roles) || t('history.rolesNone'),
      });
    }
    case 'roleSwitched':
      return t('history.roleSwitched', { role: rolesIn(locale, [v.role]) });
    case 'emailChanged':
      return t('history.emailChanged', { from: String(v.from), to: String(v.to) });
    case 'minutes': {
      const quantity = Number(v.quantity);
      const reason = String(v.reason ?? '');
      return t('history.minutes', {
        direction: quantity >= 0 ? 'added' : 'removed',
        minutes: Math.abs(quantity),
        action: minuteActionIn(locale, String(v.action)),
        reason: reason ? t('history.minutesReason', { reason: localizeMinuteReason(locale, reason) }) : '',
        balance: Number(v.balance),
      });
    }
    case 'queued':
      return t('history.queued', { subject: String(v.subject), emailAddress: String(v.emailAddress) });
    case 'sent':
      return t('history.sent', { subject: String(v.subject), transport: String(v.transport) });
    case 'failed':
      return t('history.failed', { subject: String(v.subject), attempt: Number(v.attempt), error: String(v.error) });
    default:
      return String(v.type ?? said.id).replace(/_/g, ' ');
  }
}
