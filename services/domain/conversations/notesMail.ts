/**
 * The mail that tells a student their speaker's notes arrived (issue 35): once per conversation,
 * queued in the append of its first notes (an edit or a later note sends nothing). It names no note:
 * its link opens the conversation's notes as they are when read, so edits never leave it stale.
 * Values: studentName, speakerName, language (code), start (ISO instant), zone (IANA), link.
 */
import { zoneOrDefault } from '../../../contracts/calendarDate';
import type { Locale } from '../../../contracts/i18n/locales';
import { languageNameIn } from '../../i18n/languageName';
import { translate } from '../../i18n/translate';
import type { CommandTransaction } from '../../commands/execute';
import type { Mailer } from '../notifications/mailer';
import { escapeHtml, type RenderedMail } from '../notifications/renderedMail';

export const NOTES_TEMPLATE = 'learning_notes_arrived';

const whenIn = (locale: Locale, iso: string, zone: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone: zoneOrDefault(zone) }).format(new Date(iso));

export const notesTemplates: Record<
  string,
  (values: Record<string, string>, secrets: Record<string, string>, locale: Locale) => RenderedMail
> = {
  [NOTES_TEMPLATE]: (v, _secrets, locale) => {
    const values = {
      speakerName: v.speakerName || translate(locale, 'mail.notes.yourSpeaker'),
      language: languageNameIn(locale, v.language),
      when: whenIn(locale, v.start, v.zone),
    };
    const lines = [
      v.studentName ? translate(locale, 'mail.helloName', { name: v.studentName }) : translate(locale, 'mail.hello'),
      translate(locale, 'mail.notes.arrived', values),
      translate(locale, 'mail.notes.allWords'),
    ];
    const action = translate(locale, 'mail.notes.action');
    return {
      subject: translate(locale, 'mail.notes.subject', values),
      text: [lines[0], '', lines[1], '', `${action}: ${v.link}`, '', lines[2]].join('\n'),
      html: `<p>${escapeHtml(lines[0])}</p>\n<p>${escapeHtml(lines[1])}</p>\n<p><a href="${escapeHtml(v.link)}">${escapeHtml(action)}</a></p>\n<p>${escapeHtml(lines[2])}</p>`,
    };
  },
};

export interface NotesMailRecipient {
  accountId: string;
  emailAddress: string;
  name: string | null;
  zone: string | null;
}

/** Queues the mail in the command's append; nothing for a student without an address. */
export function queueNotesArrived(
  mailer: Pick<Mailer, 'queue'>,
  tx: CommandTransaction,
  input: {
    student: NotesMailRecipient | null;
    speakerName: string;
    conversation: { conversationId: string; learningLanguage: string; start: Date };
    publicUrl: string;
    locale: Locale;
  },
) {
  const { student, conversation: c } = input;
  if (!student?.emailAddress) return;
  mailer.queue(tx, {
    recipient: { accountId: student.accountId, emailAddress: student.emailAddress },
    templateKey: NOTES_TEMPLATE,
    templateValue: {
      conversationId: c.conversationId,
      studentName: student.name ?? '',
      speakerName: input.speakerName,
      language: c.learningLanguage,
      start: c.start.toISOString(),
      zone: zoneOrDefault(student.zone),
      link: `${input.publicUrl.replace(/\/$/, '')}/student/conversations?id=${encodeURIComponent(c.conversationId)}`,
    },
    locale: input.locale,
  });
}
