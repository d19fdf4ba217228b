/**
 * A minute transaction's action and reason in the reader's language (issue 32). The ledger's events
 * keep the reason as the English text it was written in (contracts' `MinuteReasons`); a known one is
 * read back as its message (`minutes.reason.*`), anything else (a course's name, an admin's own
 * words) stays as written.
 */
import { MinuteReasons } from '../../contracts/afterConversation';
import { DEFAULT_LOCALE, type Locale } from '../../contracts/i18n/locales';
import { type ServerMessageId, translate } from './translate';

type ReasonId = Extract<ServerMessageId, `minutes.reason.${string}`>;

const FIXED: [string, ReasonId][] = [
  [MinuteReasons.techRefund, 'minutes.reason.techRefund'],
  [MinuteReasons.speakerRefund, 'minutes.reason.speakerRefund'],
  [MinuteReasons.speakerBonus, 'minutes.reason.speakerBonus'],
  [MinuteReasons.makeUp, 'minutes.reason.makeUp'],
  [MinuteReasons.canceled, 'minutes.reason.canceled'],
  [MinuteReasons.speakerLate, 'minutes.reason.speakerLate'],
  [MinuteReasons.movedCourse, 'minutes.reason.movedCourse'],
  [MinuteReasons.withdrawn, 'minutes.reason.withdrawn'],
];
const BY_TEXT = new Map(FIXED);

const SAMPLE = 999_001;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A reason with a number, recognised by its English written with a sample number ('1 minute' or '5 minutes'). */
const patternOf = (write: (minutes: number) => string) =>
  new RegExp(
    `^${escaped(write(SAMPLE))
      .replace(String(SAMPLE), '(\\d+)')
      .replace(/minutes$/, 'minutes?')}$`,
  );
const COUNTED: [RegExp, ReasonId][] = [
  [patternOf(MinuteReasons.fairTime), 'minutes.reason.fairTime'],
  [patternOf(MinuteReasons.reserved), 'minutes.reason.reserved'],
];

/** The known reasons' ids, for the check that each message's English is the text it replaces. */
export const KNOWN_MINUTE_REASONS: readonly ReasonId[] = [...FIXED.map(([, id]) => id), ...COUNTED.map(([, id]) => id)];

export function localizeMinuteReason(locale: Locale, reason: string): string {
  if (locale === DEFAULT_LOCALE) return reason;
  const fixed = BY_TEXT.get(reason);
  if (fixed) return translate(locale, fixed);
  for (const [pattern, id] of COUNTED) {
    const found = pattern.exec(reason);
    if (found) return translate(locale, id, { minutes: Number(found[1]) });
  }
  return reason;
}

/** A minute transaction's action ('admin_adjustment') in words ('admin adjustment', 'ajuste administrativo'). */
export const minuteActionIn = (locale: Locale, action: string): string =>
  translate(locale, 'minutes.action', { code: action, words: action.replace(/_/g, ' ') });
