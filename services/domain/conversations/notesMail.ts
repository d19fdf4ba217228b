/**
 * The mail that tells a student their speaker's notes arrived (issue 35): once per conversation,
 * queued in the append of its first notes (an edit or a later note sends nothing). It names no note:
 * its link opens the conversation's notes as they are when read, so edits never leave it stale.
 * Values: studentName, speakerName, language (code), start (ISO instant), zone (IANA), link.
 */
import { zoneOrDefault } from '../../../contracts/calendarDate';
import type { Locale } from '../../../contracts/i18n/locales';
import type { CommandTransaction } from '../../commands/execute';
import type { Mailer } from '../notifications/mailer';
import { NOTES_TEMPLATE } from './notesMailTemplates';

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
