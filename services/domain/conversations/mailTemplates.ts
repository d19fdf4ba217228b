/**
 * Mail templates of conversations (registered in ../notifications/templates.ts): reserved,
 * canceled, transferred and the reminder. Everything is rendered from the stored template values
 * (strings): the sending job makes the calendar attachment from them, so no file is kept in an event.
 *
 * Values of every conversation mail (`ConversationMailValues`): conversationId, role (student |
 * speaker: who receives it), recipientName, recipientEmail, otherName (the other party), language
 * (code), start and end (ISO instants), zone (the recipient's IANA zone), link, and for the mails
 * with a calendar file method (REQUEST | CANCEL), sequence, organizerEmail and changedAt (DTSTAMP).
 * Canceled adds reason and minutesReturned; transferred adds change (from | to | student);
 * the reminder adds offsetMinutes.
 */
import { zoneOrDefault } from '../../../contracts/calendarDate';
import { OPENABLE_MINUTES_BEFORE } from '../../../contracts/scheduling';
import { languageName } from '../../../contracts/enrollment';
import { escapeHtml, type RenderedMail } from '../notifications/renderedMail';
import { conversationIcsAttachment, type CalendarMethod } from './ics';

export const ConversationTemplates = {
  reserved: 'conversation_reserved',
  canceled: 'conversation_canceled',
  transferred: 'conversation_transferred',
  reminder: 'conversation_reminder',
} as const;

/** 'Tuesday, March 10, 2026 at 3:00PM–3:30PM (America/New_York)': the spec's h:mma, in the recipient's zone. */
export function formatWhen(startIso: string, endIso: string, zone: string | null | undefined): string {
  const z = zoneOrDefault(zone);
  const start = partsIn(z, startIso);
  const end = partsIn(z, endIso);
  return `${start.weekday}, ${start.month} ${start.day}, ${start.year} at ${start.time}–${end.time} (${z})`;
}

/**
 * One formatter per zone, kept: building one (luxon builds several a call) cost most of a mail's
 * rendering, and every reservation renders two mails twice (the subject when queued, the mail
 * when sent). Zones in use are few; the cache is bounded all the same.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    if (formatters.size >= 500) formatters.clear();
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h12',
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** An instant's wall-clock parts in `zone`, the time as the spec's h:mma ('3:00PM'). */
function partsIn(zone: string, iso: string) {
  const part: Record<string, string> = {};
  for (const p of formatterFor(zone).formatToParts(new Date(iso))) part[p.type] = p.value;
  return {
    weekday: part.weekday,
    month: part.month,
    day: part.day,
    year: part.year,
    time: `${part.hour}:${part.minute}${part.dayPeriod.toUpperCase()}`,
  };
}

/** 'Spanish conversation with Ana': the calendar event's SUMMARY and the subjects' core. */
export const conversationSummary = (language: string, otherName: string) => `${languageName(language)} conversation with ${otherName}`;

const minutesBetween = (v: Record<string, string>) => Math.round((Date.parse(v.end) - Date.parse(v.start)) / 60_000);

function invite(v: Record<string, string>, method: CalendarMethod, description: string) {
  return conversationIcsAttachment({
    conversationId: v.conversationId,
    method,
    sequence: Number(v.sequence ?? 0),
    start: new Date(v.start),
    end: new Date(v.end),
    summary: conversationSummary(v.language, v.otherName),
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
  paragraphs: () => string[],
  linkLabel: string | null,
  attachment?: () => ReturnType<typeof invite>,
): RenderedMail {
  let body: { text: string; html: string } | null = null;
  const made = () => {
    if (body) return body;
    const hello = v.recipientName ? `Hello ${v.recipientName},` : 'Hello,';
    const lines = paragraphs();
    body = {
      text: [hello, '', ...lines.flatMap((p) => [p, '']), ...(linkLabel ? [`${linkLabel}: ${v.link}`, ''] : []), 'Tertulia'].join('\n'),
      html: [
        `<p>${escapeHtml(hello)}</p>`,
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

const openLabel = (v: Record<string, string>) => (v.role === 'student' ? 'Open the lobby' : 'Open the conversation');

export const conversationTemplates: Record<string, (values: Record<string, string>) => RenderedMail> = {
  [ConversationTemplates.reserved]: (v) => {
    const what = conversationSummary(v.language, v.otherName);
    const body = () => {
      const when = formatWhen(v.start, v.end, v.zone);
      return v.role === 'student'
        ? [
            `Your ${minutesBetween(v)}-minute ${what} is reserved for ${when}.`,
            `The attached invitation adds it to your calendar. The lobby opens ${OPENABLE_MINUTES_BEFORE} minutes before the start.`,
          ]
        : [
            `${v.otherName} reserved a ${minutesBetween(v)}-minute ${languageName(v.language)} conversation with you for ${when}.`,
            'The attached invitation adds it to your calendar.',
          ];
    };
    const subject = v.role === 'student' ? `Reserved: ${what}` : `New conversation: ${what}`;
    return mail(subject, v, body, openLabel(v), () => invite(v, 'REQUEST', `${what}, ${minutesBetween(v)} minutes. ${v.link}`));
  },

  [ConversationTemplates.canceled]: (v) => {
    const what = conversationSummary(v.language, v.otherName);
    const by =
      v.reason === 'student'
        ? ' by the student'
        : v.reason === 'speaker'
          ? ' by the speaker'
          : v.reason === 'admin'
            ? ' by Tertulia'
            : v.reason === 'tardy'
              ? ' because the speaker was late'
              : v.reason === 'withdrawn'
                ? ' because the student left the course'
                : '';
    const minutes = Number(v.minutesReturned ?? 0);
    const body = () => [
      `The ${what} on ${formatWhen(v.start, v.end, v.zone)} was canceled${by}.`,
      ...(v.role === 'student' && minutes > 0 ? [`Your ${minutes} minutes were returned to your account.`] : []),
      'The attached cancellation removes it from your calendar.',
    ];
    return mail(`Canceled: ${what}`, v, body, null, () => invite(v, 'CANCEL', `Canceled: ${what}.`));
  },

  [ConversationTemplates.transferred]: (v) => {
    const what = conversationSummary(v.language, v.otherName);
    const when = () => formatWhen(v.start, v.end, v.zone);
    if (v.change === 'from') {
      return mail(
        `Transferred: ${what}`,
        v,
        () => [
          `The ${what} on ${when()} was transferred to another speaker; it is no longer on your schedule.`,
          'The attached cancellation removes it from your calendar.',
        ],
        null,
        () => invite(v, 'CANCEL', `Transferred to another speaker: ${what}.`),
      );
    }
    if (v.change === 'to') {
      return mail(
        `New conversation: ${what}`,
        v,
        () => [
          `A ${minutesBetween(v)}-minute ${languageName(v.language)} conversation with ${v.otherName} was transferred to you, for ${when()}.`,
          'The attached invitation adds it to your calendar.',
        ],
        openLabel(v),
        () => invite(v, 'REQUEST', `${what}, ${minutesBetween(v)} minutes. ${v.link}`),
      );
    }
    return mail(
      `Your conversation is now with ${v.otherName}`,
      v,
      () => [
        `Your ${languageName(v.language)} conversation on ${when()} is now with ${v.otherName}, at the same time.`,
        'The attached invitation updates it in your calendar.',
      ],
      openLabel(v),
      () => invite(v, 'REQUEST', `${what}, ${minutesBetween(v)} minutes. ${v.link}`),
    );
  },

  [ConversationTemplates.reminder]: (v) => {
    const what = conversationSummary(v.language, v.otherName);
    const offset = Number(v.offsetMinutes);
    const lead = offset >= 120 && offset % 60 === 0 ? `in ${offset / 60} hours` : offset === 60 ? 'in 1 hour' : `in ${offset} minutes`;
    const body = () => [
      `Your ${what} starts ${lead}: ${formatWhen(v.start, v.end, v.zone)}.`,
      ...(v.role === 'student'
        ? [`The lobby opens ${OPENABLE_MINUTES_BEFORE} minutes before the start; check your camera and microphone there.`]
        : []),
    ];
    return mail(`Reminder: ${what} ${lead}`, v, body, openLabel(v));
  },
};
