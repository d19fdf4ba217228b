/**
 * Conversation mail: the student and the speaker hear of a reservation, a cancellation and a
 * transfer, each mail with a calendar file (REQUEST or CANCEL, one UID per conversation, SEQUENCE =
 * the conversation stream's version when the change was decided), and are reminded before the start.
 *
 * The scheduling handlers call `reserved`, `canceled` and `transferred` inside their command
 * transaction, after deciding: the mails are queued as notifications in the same append (mail as
 * events).
 *
 * Reminders: 24 hours and 1 hour before the start (REMINDER_OFFSETS_MINUTES), only those still in the
 * future when reserved, as durable pg-boss jobs with the reminder time as `startAfter` (rows in
 * PostgreSQL: they survive a restart), inserted by the job dispatcher from the reservation's event
 * and canceled by it from the cancellation's (services/jobs/dispatch.ts). Correctness is the job's
 * read-time check: it reads the conversation stream and sends nothing when the conversation was
 * canceled, is no longer reserved or has begun, and it reminds whoever is the speaker then (after a
 * transfer, the new one). A reminder is queued at most once: the job appends
 * ConversationReminderQueued to its own stream with 'no stream' expected.
 */
import { SYSTEM_ACTOR, type DomainEvent } from '../shared/decider';
import { zoneOrDefault } from '../../../contracts/calendarDate';
import type { Locale } from '../../../contracts/i18n/locales';
import type { CommandExecutor, CommandTransaction } from '../../commands/execute';
import type { EventStore } from '../../eventstore/port';
import type { Mailer } from '../notifications/mailer';
import { evolveConversation, type ConversationState } from './conversation';
import { conversationStream, type ConversationEvent } from './events';
import { addressOf } from './ics';
import { ConversationTemplates } from './mailTemplates';

/** Minutes before the start at which both parties are reminded. */
export const REMINDER_OFFSETS_MINUTES = [24 * 60, 60] as const;

/** A reminder job's payload. */
export interface ReminderJob {
  conversationId: string;
  offsetMinutes: number;
}
/** A reminder job and when it runs. */
export interface ScheduledReminder extends ReminderJob {
  runAt: Date;
}

/** Stream of one reminder of one conversation: its event says the reminder was queued. */
export const reminderStream = (conversationId: string, offsetMinutes: number) => `reminder-conversation-${conversationId}-${offsetMinutes}`;
export type ConversationReminderQueued = DomainEvent<
  'ConversationReminderQueued',
  {
    conversationId: string;
    offsetMinutes: number;
    studentId: string;
    speakerId: string;
  }
>;

/** Who gets a mail: from the read models (directory and profiles). */
export interface MailRecipient {
  accountId: string;
  emailAddress: string;
  /** Display name, else given name and surname; null when the person has none. */
  name: string | null;
  /** IANA zone; the default zone (America/New_York) when null. */
  zone: string | null;
  /** The language of their mail: their setting (the profiles read model), English when none. */
  locale: Locale | null;
}

export interface ConversationMailDeps {
  commands: CommandExecutor;
  store: Pick<EventStore, 'readStream'>;
  mailer: Pick<Mailer, 'queue'>;
  publicUrl: string;
  /** The From of our mail ('Tertulia <no-reply@…>'): the calendar event's organizer. */
  mailFrom: string;
  /** The recipients, in the order of `accountIds` (null for an unknown account); one lookup for all. */
  people(accountIds: string[]): Promise<(MailRecipient | null)[]>;
}

/** The facts of a conversation the mails need (a ConversationState has them). */
export type MailedConversation = Pick<
  ConversationState,
  'conversationId' | 'kind' | 'reservedBy' | 'reservedWith' | 'start' | 'end' | 'learningLanguage' | 'minutes'
>;

type Role = 'student' | 'speaker';

export type ReminderOutcome = 'queued' | 'dropped' | 'duplicate';

export function createConversationMail(deps: ConversationMailDeps) {
  const organizerEmail = addressOf(deps.mailFrom);
  const linkFor = (role: Role, conversationId: string) =>
    role === 'student'
      ? `${deps.publicUrl}/student/lobby?id=${encodeURIComponent(conversationId)}`
      : `${deps.publicUrl}/speaker/conversations/${encodeURIComponent(conversationId)}`;

  /** The version of the conversation stream before this command's append: the next SEQUENCE. */
  const sequenceOf = async (conversationId: string) => (await deps.store.readStream(conversationStream(conversationId))).length;

  const people = (ids: string[]) => deps.people(ids);

  function queue(
    tx: CommandTransaction,
    templateKey: string,
    c: MailedConversation,
    role: Role,
    recipient: MailRecipient | null,
    other: MailRecipient | null,
    extra: Record<string, string>,
  ) {
    if (!recipient?.emailAddress) return;
    deps.mailer.queue(tx, {
      recipient: { accountId: recipient.accountId, emailAddress: recipient.emailAddress },
      templateKey,
      templateValue: {
        conversationId: c.conversationId,
        role,
        recipientName: recipient.name ?? '',
        recipientEmail: recipient.emailAddress,
        // No name: the template says 'a Tertulia speaker' in the recipient's language.
        otherName: other?.name ?? '',
        language: c.learningLanguage,
        start: c.start.toISOString(),
        end: c.end.toISOString(),
        zone: zoneOrDefault(recipient.zone),
        link: linkFor(role, c.conversationId),
        organizerEmail,
        changedAt: tx.now.toISOString(),
        ...extra,
      },
      locale: recipient.locale ?? undefined,
    });
  }

  return {
    /**
     * Starts looking up a reservation's student and speaker before the command needs them, so the
     * look-up runs alongside the command's reads instead of after them; give it to `reserved`.
     */
    lookUpParties(studentId: string, speakerId: string): Promise<(MailRecipient | null)[]> {
      const lookUp = people([studentId, speakerId]);
      lookUp.catch(() => {}); // awaited (and its error thrown) by `reserved`; a refused command never awaits it
      return lookUp;
    },

    /** A lesson was reserved: REQUEST to both (SEQUENCE 0). */
    async reserved(tx: CommandTransaction, c: MailedConversation, parties?: Promise<(MailRecipient | null)[]>) {
      if (c.kind !== 'lesson') return;
      const [student, speaker] = await (parties ?? people([c.reservedBy, c.reservedWith]));
      const extra = { method: 'REQUEST', sequence: '0' };
      queue(tx, ConversationTemplates.reserved, c, 'student', student, speaker, extra);
      queue(tx, ConversationTemplates.reserved, c, 'speaker', speaker, student, extra);
    },

    /** A lesson was canceled (`c` as it was before): CANCEL to both. */
    async canceled(tx: CommandTransaction, c: MailedConversation, details: { reason?: string; minutesReturned?: number } = {}) {
      if (c.kind !== 'lesson') return;
      const [[student, speaker], sequence] = await Promise.all([people([c.reservedBy, c.reservedWith]), sequenceOf(c.conversationId)]);
      const extra = {
        method: 'CANCEL',
        sequence: String(sequence),
        reason: details.reason ?? '',
        minutesReturned: String(details.minutesReturned ?? c.minutes),
      };
      queue(tx, ConversationTemplates.canceled, c, 'student', student, speaker, extra);
      queue(tx, ConversationTemplates.canceled, c, 'speaker', speaker, student, extra);
    },

    /**
     * A lesson was transferred (`c` as it is after: reservedWith is the new speaker): CANCEL to the
     * old speaker, REQUEST to the new one, an updated REQUEST to the student. Reminders stay: they
     * read the speaker when they run.
     */
    async transferred(tx: CommandTransaction, c: MailedConversation, fromSpeakerId: string) {
      if (c.kind !== 'lesson') return;
      const [[student, speaker, previous], sequence] = await Promise.all([
        people([c.reservedBy, c.reservedWith, fromSpeakerId]),
        sequenceOf(c.conversationId),
      ]);
      const seq = String(sequence);
      queue(tx, ConversationTemplates.transferred, c, 'speaker', previous, student, { method: 'CANCEL', sequence: seq, change: 'from' });
      queue(tx, ConversationTemplates.transferred, c, 'speaker', speaker, student, { method: 'REQUEST', sequence: seq, change: 'to' });
      queue(tx, ConversationTemplates.transferred, c, 'student', student, speaker, { method: 'REQUEST', sequence: seq, change: 'student' });
    },

    /**
     * The reminder job's work: reads the conversation and reminds the student and the current
     * speaker, or does nothing when it was canceled, is no longer reserved or has begun, or when this
     * reminder was queued already (a job run twice).
     */
    async remind(job: ReminderJob): Promise<ReminderOutcome> {
      const { result } = await deps.commands.execute({ actor: SYSTEM_ACTOR }, async (tx): Promise<ReminderOutcome> => {
        const events = (await tx.read(conversationStream(job.conversationId))) as ConversationEvent[];
        const c = events.reduce<ConversationState | null>(evolveConversation, null);
        if (c?.kind !== 'lesson' || c.canceled || c.status !== 'reserved' || tx.now.getTime() >= c.start.getTime()) return 'dropped';
        const stream = reminderStream(job.conversationId, job.offsetMinutes);
        if ((await tx.read(stream)).length) return 'duplicate';
        const [student, speaker] = await people([c.reservedBy, c.reservedWith]);
        const queued: ConversationReminderQueued = {
          type: 'ConversationReminderQueued',
          data: { conversationId: c.conversationId, offsetMinutes: job.offsetMinutes, studentId: c.reservedBy, speakerId: c.reservedWith },
        };
        tx.append(stream, [queued]);
        const extra = { offsetMinutes: String(job.offsetMinutes) };
        queue(tx, ConversationTemplates.reminder, c, 'student', student, speaker, extra);
        queue(tx, ConversationTemplates.reminder, c, 'speaker', speaker, student, extra);
        return 'queued';
      });
      return result;
    },
  };
}

export type ConversationMail = ReturnType<typeof createConversationMail>;
