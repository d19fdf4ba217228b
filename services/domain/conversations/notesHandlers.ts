/**
 * The speaker's notes (issue 35): saving a conversation's notes, deciding with notes.ts on the
 * conversation's facts and appending to notes-<conversationId>. The notes have a stream of their own
 * so that a speaker typing during the call never races the conversation's clock and connections for
 * its stream's version, and a read of the notes reads only notes. The first notes queue the
 * student's mail in the same append.
 */
import type { CommandExecutor, CommandMeta } from '../../commands/execute';
import { mailLocale } from '../people/mailLocale';
import type { Mailer } from '../notifications/mailer';
import { fold } from '../shared/decider';
import { newId } from '../shared/ids';
import type { ConversationState } from './conversation';
import { readConversation } from './liveHandlers';
import { bringsFirstNotes, decideSaveNotes, evolveNotes, initialNotes, type NoteInput, type NotesEvent, notesStream } from './notes';
import { type NotesMailRecipient, queueNotesArrived } from './notesMail';

export const notesSubjectOf = (c: ConversationState) => ({ ...c, isCanceled: !!c.canceled });

export function notesHandlers(deps: {
  commands: CommandExecutor;
  mailer: Pick<Mailer, 'queue'>;
  publicUrl: string;
  /** Mail recipients from the read models, in the order of the ids (null for an unknown account). */
  people(accountIds: string[]): Promise<(NotesMailRecipient | null)[]>;
}) {
  return {
    async save(meta: CommandMeta, input: { conversationId: string; writerId: string; notes: NoteInput[] }) {
      return deps.commands.execute(meta, async (tx) => {
        const c = await readConversation(tx, input.conversationId);
        const stream = notesStream(c.conversationId);
        const before = fold(evolveNotes, initialNotes(), (await tx.read(stream)) as NotesEvent[]);
        const newIds = input.notes.filter((n) => n.id === null).map(() => newId());
        const events = decideSaveNotes(before, notesSubjectOf(c), { writerId: input.writerId, notes: input.notes, newIds }, tx.now);
        if (!events.length) return { changed: false };
        tx.append(stream, events);
        if (bringsFirstNotes(before, events)) {
          const [[student, speaker], locale] = await Promise.all([
            deps.people([c.reservedBy, c.reservedWith]),
            mailLocale(tx, c.reservedBy, undefined),
          ]);
          queueNotesArrived(deps.mailer, tx, {
            student,
            speakerName: speaker?.name ?? '',
            conversation: { conversationId: c.conversationId, learningLanguage: c.learningLanguage, start: c.start },
            publicUrl: deps.publicUrl,
            locale,
          });
        }
        return { changed: true };
      });
    },
  };
}

export type NotesHandlers = ReturnType<typeof notesHandlers>;
