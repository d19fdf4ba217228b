/**
 * Mail templates of conversations (registered in ../notifications/templates.ts): reserved,
 * canceled, transferred and the reminder, in the recipient's language (issue 32). Everything is
 * rendered from the stored template values (strings): the sending job makes the calendar attachment
 * from them, so no file is kept in an event.
 *
 * Values of every conversation mail (`ConversationMailValues`): conversationId, role (student |
 * speaker: who receives it), recipientName, recipientEmail, otherName (the other party; empty when
 * they have no name), language (code), start and end (ISO instants), zone (the recipient's IANA
 * zone), link, and for the mails with a calendar file method (REQUEST | CANCEL), sequence,
 * organizerEmail and changedAt (DTSTAMP). Canceled adds reason and minutesReturned; transferred
 * adds change (from | to | student); the reminder adds offsetMinutes.
 */
import { zoneOrDefault } from '../../../contracts/calendarDate';
import { DEFAULT_LOCALE, type Locale } from '../../../contracts/i18n/locales';
import { OPENABLE_MINUTES_BEFORE } from '../../../contracts/scheduling';
import { languageNameIn } from '../../i18n/languageName';
import { type ServerMessageId, translate } from '../../i18n/translate';
import { escapeHtml, type RenderedMail } from '../notifications/renderedMail';
import { conversationIcsAttachment, type CalendarMethod } from './ics';

export const ConversationTemplates = {
  reserved: 'conversation_reserved',
  canceled: 'conversation_canceled',
  transferred: 'conversation_transferred',
  reminder: 'conversation_reminder',
} as const;

/**
 * 'Tuesday, March 10, 2026 at 3:00PM–3:30PM (America/New_York)' in the recipient's zone: the spec's
 * h:mma in English, each language's own date and 24-hour clock in the others ('martes, 10 de marzo
 * de 2026, de 15:00 a 15:30 (America/New_York)').
 */
export function formatWhen(startIso: string, endIso: string, zone: string | null | undefined, locale: Locale = DEFAULT_LOCALE): string {
  const z = zoneOrDefault(zone);
  const start = partsIn(locale, z, startIso);
  return translate(locale, 'mail.conversation.when', {
    date: start.date,
    start: start.time,
    end: partsIn(locale, z, endIso).time,
    zone: z,
  });
}

/**
 * One date and one time formatter per language and zone, kept: building one cost most of a mail's
 * rendering, and every reservation renders two mails twice (the subject when queued, the mail when
 * sent). Zones in use are few; the cache is bounded all the same.
 */
const formatters = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();
function formattersFor(locale: Locale, zone: string) {
  const key = `${locale} ${zone}`;
  let found = formatters.get(key);
  if (!found) {
    if (formatters.size >= 500) formatters.clear();
    const tag = locale === DEFAULT_LOCALE ? 'en-US' : locale;
    found = {
      date: new Intl.DateTimeFormat(tag, { timeZone: zone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }),
      time: new Intl.DateTimeFormat(tag, {
        timeZone: zone,
        hour: 'numeric',
        minute: '2-digit',
        ...(locale === DEFAULT_LOCALE ? { hourCycle: 'h12' as const } : {}),
      }),
    };
    formatters.set(key, found);
  }
  return found;
}

/** An instant's date and time in `zone`; in English the time as the spec's h:mma ('3:00PM'). */
function partsIn(locale: Locale, zone: string, iso: string) {
  const { date, time } = formattersFor(locale, zone);
  const instant = new Date(iso);
  if (locale !== DEFAULT_LOCALE) return { date: date.format(instant), time: time.format(instant) };
  const part: Record<string, string> = {};
  for (const p of time.formatToParts(instant)) part[p.type] = p.value;
  return { date: date.format(instant), time: `${part.hour}:${part.minute}${part.dayPeriod.toUpperCase()}` };
}

const minutesBetween = (v: Record<string, string>) => Math.round((Date.parse(v.end) - Date.parse(v.start)) / 60_000);

/** The words of one mail in its recipient's language, with the conversation's own values in place. */
function wordsFor(v: Record<string, string>, locale: Locale) {
  const otherName = v.otherName || translate(locale, 'mail.conversation.someone', { role: v.role === 'student' ? 'speaker' : 'student' });
  const base = { language: languageNameIn(locale, v.language), otherName, minutes: minutesBetween(v) };
  const summary = translate(locale, 'mail.conversation.summary', base);
  const t = (id: ServerMessageId, values: Record<string, string | number> = {}) => translate(locale, id, { ...base, summary, ...values });
  return {
    t,
    summary,
    when: () => formatWhen(v.start, v.end, v.zone, locale),
    open: t(v.role === 'student' ? 'mail.conversation.openLobby' : 'mail.conversation.openConversation'),
    hello: v.recipientName ? translate(locale, 'mail.helloName', { name: v.recipientName }) : translate(locale, 'mail.hello'),
    /** The calendar event's DESCRIPTION of an invitation: the summary, its minutes and the link. */
    invitation: () => t('mail.conversation.calendarDescription', { link: v.link }),
  };
}

type Words = ReturnType<typeof wordsFor>;

function invite(v: Record<string, string>, words: Words, method: CalendarMethod, description: string) {
  return conversationIcsAttachment({
    conversationId: v.conversationId,
    method,
    sequence: Number(v.sequence ?? 0),
    start: new Date(v.start),
    end: new Date(v.end),
    summary: words.summary,
    description,
    url: v.link,
    organizer: { name: 'Tertulia', email: v.organizerEmail },
    attendee: { name: v.recipientName || null, email: v.recipientEmail },
    stamp: v.changedAt ? new Date(v.changedAt) : undefined,
  });
}

/**
 * A mail of paragraphs; `linkLabel` makes the link a button in HTML, a line in text. Only the
 * subject is made at once: queueing a mail (inside the reservation's command) renders it for its
 * subject alone, so the body (its dates formatted in the recipient's zone) is made when someone
 * reads `text` or `html`, and the calendar file, most of the cost, when someone reads
 * `attachments` (the sending job).
 */
function mail(
  subject: string,
  v: Record<string, string>,
  words: Words,
  paragraphs: () => string[],
  linkLabel: string | null,
  attachment?: () => ReturnType<typeof invite>,
): RenderedMail {
  let body: { text: string; html: string } | null = null;
  const made = () => {
    if (body) return body;
    const lines = paragraphs();
    body = {
      text: [words.hello, '', ...lines.flatMap((p) => [p, '']), ...(linkLabel ? [`${linkLabel}: ${v.link}`, ''] : []), 'Tertulia'].join(
        '\n',
      ),
      html: [
        `<p>${escapeHtml(words.hello)}</p>`,
        ...lines.map((p) => `<p>${escapeHtml(p)}</p>`),
        ...(linkLabel ? [`<p><a href="${escapeHtml(v.link)}">${escapeHtml(linkLabel)}</a></p>`] : []),
        '<p>Tertulia</p>',
      ].join('\n'),
    };
    return body;
  };
  const rendered = { subject } as RenderedMail;
  Object.defineProperty(rendered, 'text', { enumerable: true, get: () => made().text });
  Object.defineProperty(rendered, 'html', { enumerable: true, get: () => made().html });
  if (attachment) Object.defineProperty(rendered, 'attachments', { enumerable: true, get: () => [attachment()] });
  return rendered;
}

type Template = (values: Record<string, string>, secrets: Record<string, string>, locale: Locale) => RenderedMail;

export const conversationTemplates: Record<string, Template> = {
  [ConversationTemplates.reserved]: (v, _secrets, locale) => {
    const words = wordsFor(v, locale);
    const { t } = words;
    const body = () =>
      v.role === 'student'
        ? [
            t('mail.conversation.reserved.student', { when: words.when() }),
            `${t('mail.conversation.calendarAdds')} ${t('mail.conversation.lobbyOpens', { minutes: OPENABLE_MINUTES_BEFORE })}`,
          ]
        : [t('mail.conversation.reserved.speaker', { when: words.when() }), t('mail.conversation.calendarAdds')];
    const subject = t(v.role === 'student' ? 'mail.conversation.reserved.subject' : 'mail.conversation.newSubject');
    return mail(subject, v, words, body, words.open, () => invite(v, words, 'REQUEST', words.invitation()));
  },

  [ConversationTemplates.canceled]: (v, _secrets, locale) => {
    const words = wordsFor(v, locale);
    const { t } = words;
    const minutes = Number(v.minutesReturned ?? 0);
    const subject = t('mail.conversation.canceled.subject');
    const body = () => [
      t('mail.conversation.canceled.body', { when: words.when(), reason: v.reason || 'none' }),
      ...(v.role === 'student' && minutes > 0 ? [t('mail.conversation.canceled.returned', { minutes })] : []),
      t('mail.conversation.calendarRemoves'),
    ];
    return mail(subject, v, words, body, null, () => invite(v, words, 'CANCEL', `${subject}.`));
  },

  [ConversationTemplates.transferred]: (v, _secrets, locale) => {
    const words = wordsFor(v, locale);
    const { t } = words;
    if (v.change === 'from') {
      return mail(
        t('mail.conversation.transferred.subject'),
        v,
        words,
        () => [t('mail.conversation.transferred.away', { when: words.when() }), t('mail.conversation.calendarRemoves')],
        null,
        () => invite(v, words, 'CANCEL', t('mail.conversation.transferred.calendarAway')),
      );
    }
    if (v.change === 'to') {
      return mail(
        t('mail.conversation.newSubject'),
        v,
        words,
        () => [t('mail.conversation.transferred.toYou', { when: words.when() }), t('mail.conversation.calendarAdds')],
        words.open,
        () => invite(v, words, 'REQUEST', words.invitation()),
      );
    }
    return mail(
      t('mail.conversation.transferred.studentSubject'),
      v,
      words,
      () => [t('mail.conversation.transferred.student', { when: words.when() }), t('mail.conversation.calendarUpdates')],
      words.open,
      () => invite(v, words, 'REQUEST', words.invitation()),
    );
  },

  [ConversationTemplates.reminder]: (v, _secrets, locale) => {
    const words = wordsFor(v, locale);
    const { t } = words;
    const offset = Number(v.offsetMinutes);
    const inHours = offset >= 60 && offset % 60 === 0;
    const lead = t('mail.conversation.reminder.in', { unit: inHours ? 'hours' : 'minutes', count: inHours ? offset / 60 : offset });
    const body = () => [
      t('mail.conversation.reminder.body', { lead, when: words.when() }),
      ...(v.role === 'student' ? [t('mail.conversation.lobbyOpensCheck', { minutes: OPENABLE_MINUTES_BEFORE })] : []),
    ];
    return mail(t('mail.conversation.reminder.subject', { lead }), v, words, body, words.open);
  },
};
