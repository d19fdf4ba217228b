/**
 * The speaker's notes on a conversation (issue 35), stream notes-<conversationId>: corrections (what
 * was said → a better way, with a short why), new words (with a translation or an example) and one
 * or two things to work on. The speaker saves the whole list; the decider appends what changed, a
 * note at a time (added, revised, removed), so every edit is an event and a save that changes
 * nothing appends nothing. Written from the start of the conversation until 48 hours after it ended.
 */
import {
  type LearningNoteKind,
  MAX_FOCUS_NOTES,
  MAX_NOTES_PER_CONVERSATION,
  NOTE_DETAIL_MAX,
  NOTE_TEXT_MAX,
  NOTES_EDITABLE_HOURS,
  NotesMessages,
} from '../../../contracts/learningNotes';
import { textLimit } from '../../../contracts/validation/limits';
import type { DomainEvent } from '../shared/decider';
import { badInput, conflict, unauthorized } from '../shared/errors';
import { limitRefusal } from '../shared/limits';

export const notesStream = (conversationId: string) => `notes-${conversationId}`;

interface NoteContent {
  kind: LearningNoteKind;
  /** What was said; the word or phrase; the thing to work on. */
  text: string;
  /** The better way; the translation or example; null for a thing to work on. */
  detail: string | null;
  /** A correction's short why, else null. */
  why: string | null;
}

export type LearningNoteAdded = DomainEvent<
  'LearningNoteAdded',
  NoteContent & { conversationId: string; noteId: string; studentId: string; writtenBy: string; at: string }
>;
export type LearningNoteRevised = DomainEvent<
  'LearningNoteRevised',
  Omit<NoteContent, 'kind'> & { conversationId: string; noteId: string; writtenBy: string; at: string }
>;
export type LearningNoteRemoved = DomainEvent<
  'LearningNoteRemoved',
  { conversationId: string; noteId: string; writtenBy: string; at: string }
>;
export type NotesEvent = LearningNoteAdded | LearningNoteRevised | LearningNoteRemoved;

export interface LearningNote extends NoteContent {
  id: string;
}
export interface NotesState {
  notes: LearningNote[];
  /** Some note was ever added: the student has been told (one mail per conversation, never per edit). */
  everWritten: boolean;
}

export const initialNotes = (): NotesState => ({ notes: [], everWritten: false });

export function evolveNotes(state: NotesState, event: NotesEvent): NotesState {
  switch (event.type) {
    case 'LearningNoteAdded': {
      const { noteId, kind, text, detail, why } = event.data;
      return { notes: [...state.notes, { id: noteId, kind, text, detail, why }], everWritten: true };
    }
    case 'LearningNoteRevised': {
      const { noteId, text, detail, why } = event.data;
      return { ...state, notes: state.notes.map((n) => (n.id === noteId ? { ...n, text, detail, why } : n)) };
    }
    case 'LearningNoteRemoved':
      return { ...state, notes: state.notes.filter((n) => n.id !== event.data.noteId) };
    default:
      return state;
  }
}

/** The facts of the conversation the rules need, from its stream or its read-model row. */
export interface NotesSubject {
  conversationId: string;
  kind: string;
  isCanceled: boolean;
  reservedBy: string;
  reservedWith: string;
  startedAt: Date | null;
  stopsAt: Date | null;
  stoppedAt: Date | null;
}

const HOUR = 3_600_000;

/**
 * Writable by its speaker from when the conversation began (during the call too) until 48 hours
 * after it ended: when it stopped, or while it runs, when its clock runs out.
 */
export function notesPolicy(c: NotesSubject, viewerId: string | null, now: Date) {
  const begun = c.kind === 'lesson' && !c.isCanceled && c.startedAt !== null;
  const endedAt = c.stoppedAt ?? c.stopsAt;
  const writableUntil = begun && endedAt ? new Date(endedAt.getTime() + NOTES_EDITABLE_HOURS * HOUR) : null;
  const isWriter = viewerId !== null && viewerId === c.reservedWith;
  return {
    isWriter,
    begun,
    writableUntil,
    isWritable: isWriter && begun && !!writableUntil && now.getTime() < writableUntil.getTime(),
  };
}

/** A note as the speaker saves it: `id` names a note kept (and maybe revised), none a new one. */
export interface NoteInput {
  id: string | null;
  kind: LearningNoteKind;
  text: string;
  detail: string | null;
  why: string | null;
}

function cleanNote(input: NoteInput): NoteInput {
  const text = input.text.trim();
  const detail = input.kind === 'focus' ? null : input.detail?.trim() || null;
  const why = input.kind === 'correction' ? input.why?.trim() || null : null;
  for (const [field, value, max] of [
    ['text', text, NOTE_TEXT_MAX],
    ['detail', detail, NOTE_DETAIL_MAX],
    ['why', why, NOTE_DETAIL_MAX],
  ] as const) {
    const problem = value === null ? null : textLimit(value, max);
    if (problem) throw badInput(limitRefusal(field, problem), { [field]: limitRefusal(field, problem) });
  }
  if (!text) throw badInput(NotesMessages.textRequired, { text: NotesMessages.textRequired });
  if (input.kind !== 'focus' && !detail) throw badInput(NotesMessages.detailRequired, { detail: NotesMessages.detailRequired });
  return { ...input, text, detail, why };
}

/**
 * The speaker saves the conversation's notes as a whole list: notes named by id are kept (revised
 * when their words changed), notes not named are removed, notes without an id are added with the
 * ids given in `newIds` (one per new note, in order). A note keeps its kind.
 */
export function decideSaveNotes(
  state: NotesState,
  c: NotesSubject,
  cmd: { writerId: string; notes: NoteInput[]; newIds: string[] },
  now: Date,
): NotesEvent[] {
  const policy = notesPolicy(c, cmd.writerId, now);
  if (!policy.isWriter) throw unauthorized(NotesMessages.notWriter);
  if (!policy.begun) throw conflict(NotesMessages.notStarted);
  if (!policy.isWritable) throw conflict(NotesMessages.closed);
  if (cmd.notes.length > MAX_NOTES_PER_CONVERSATION) throw badInput(NotesMessages.tooMany);
  const notes = cmd.notes.map(cleanNote);
  if (notes.filter((n) => n.kind === 'focus').length > MAX_FOCUS_NOTES) throw badInput(NotesMessages.tooManyFocus);

  const current = new Map(state.notes.map((n) => [n.id, n]));
  const kept = new Set<string>();
  for (const n of notes) {
    if (n.id === null) continue;
    const before = current.get(n.id);
    if (!before || before.kind !== n.kind || kept.has(n.id)) throw conflict(NotesMessages.unknownNote);
    kept.add(n.id);
  }

  const base = { conversationId: c.conversationId, writtenBy: cmd.writerId, at: now.toISOString() };
  const events: NotesEvent[] = state.notes
    .filter((n) => !kept.has(n.id))
    .map((n) => ({ type: 'LearningNoteRemoved', data: { ...base, noteId: n.id } }));
  let added = 0;
  for (const n of notes) {
    const content = { text: n.text, detail: n.detail, why: n.why };
    if (n.id === null) {
      const noteId = cmd.newIds[added++];
      if (!noteId) throw new Error('decideSaveNotes: an id for every new note');
      events.push({ type: 'LearningNoteAdded', data: { ...base, noteId, studentId: c.reservedBy, kind: n.kind, ...content } });
    } else {
      const before = current.get(n.id)!;
      if (before.text !== n.text || before.detail !== n.detail || before.why !== n.why)
        events.push({ type: 'LearningNoteRevised', data: { ...base, noteId: n.id, ...content } });
    }
  }
  return events;
}

/** These events bring the conversation's first notes: the student is told once, by mail. */
export const bringsFirstNotes = (before: NotesState, events: readonly NotesEvent[]) =>
  !before.everWritten && events.some((e) => e.type === 'LearningNoteAdded');
