/** The speaker's notes (issue 35): who writes, the 48-hour window, limits, edits as events; given/when/then on notes events. */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { NotesMessages } from '../../../contracts/learningNotes';
import { deciderSpec } from '../shared/spec';
import {
  bringsFirstNotes,
  decideSaveNotes,
  evolveNotes,
  initialNotes,
  type NoteInput,
  type NotesEvent,
  type NotesState,
  type NotesSubject,
  notesPolicy,
} from './notes';

const T0 = new Date('2026-11-20T15:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const HOURS = 60;
/** Held from T0, stopped 15 minutes later. */
const held: NotesSubject = {
  conversationId: 'c1',
  kind: 'lesson',
  isCanceled: false,
  reservedBy: 'student',
  reservedWith: 'speaker',
  startedAt: at(0),
  stopsAt: at(15),
  stoppedAt: at(15),
};
const running: NotesSubject = { ...held, stoppedAt: null };

const spec = deciderSpec(evolveNotes, initialNotes);
const base = (minutes: number) => ({ conversationId: 'c1', writtenBy: 'speaker', at: at(minutes).toISOString() });
const added = (
  noteId: string,
  kind: NoteInput['kind'],
  text: string,
  detail: string | null,
  why: string | null,
  minutes = 20,
): NotesEvent => ({
  type: 'LearningNoteAdded',
  data: { ...base(minutes), noteId, studentId: 'student', kind, text, detail, why },
});
const correction = added('n1', 'correction', 'Yo soy aburrido', 'Estoy aburrido', 'estar for a passing state');
const word = added('n2', 'word', 'la sobremesa', 'time spent talking at the table after a meal', null);

const note = (over: Partial<NoteInput> & Pick<NoteInput, 'kind' | 'text'>): NoteInput => ({ id: null, detail: null, why: null, ...over });
const save =
  (notes: NoteInput[], options: { writerId?: string; minutes?: number; subject?: NotesSubject; newIds?: string[] } = {}) =>
  (state: NotesState) =>
    decideSaveNotes(
      state,
      options.subject ?? held,
      { writerId: options.writerId ?? 'speaker', notes, newIds: options.newIds ?? ['n1', 'n2', 'n3', 'n4'] },
      at(options.minutes ?? 20),
    );

describe('the speaker’s notes', () => {
  it('adds each new note with its own id, trimmed, and keeps only the fields of its kind', () => {
    spec
      .given([])
      .when(
        save([
          note({ kind: 'correction', text: ' Yo soy aburrido ', detail: 'Estoy aburrido', why: 'estar for a passing state' }),
          note({ kind: 'focus', text: 'ser and estar', detail: 'dropped', why: 'dropped' }),
        ]),
      )
      .then([correction, added('n2', 'focus', 'ser and estar', null, null)]);
  });

  it('appends an edit as a revision, a missing note as a removal, and nothing for a save that changes nothing', () => {
    const kept = note({
      id: 'n1',
      kind: 'correction',
      text: 'Yo soy aburrido',
      detail: 'Estoy aburrido',
      why: 'estar for a passing state',
    });
    spec
      .given([correction, word])
      .when(save([{ ...kept, why: 'a state, not who you are' }]))
      .then([
        { type: 'LearningNoteRemoved', data: { ...base(20), noteId: 'n2' } },
        {
          type: 'LearningNoteRevised',
          data: { ...base(20), noteId: 'n1', text: 'Yo soy aburrido', detail: 'Estoy aburrido', why: 'a state, not who you are' },
        },
      ]);
    spec
      .given([correction])
      .when(save([kept]))
      .then([]);
  });

  it('folds revisions and removals into the notes the student reads', () => {
    const revised: NotesEvent = {
      type: 'LearningNoteRevised',
      data: { ...base(30), noteId: 'n2', text: 'la sobremesa', detail: 'after-dinner talk', why: null },
    };
    const removed: NotesEvent = { type: 'LearningNoteRemoved', data: { ...base(31), noteId: 'n1' } };
    const state = [correction, word, revised, removed].reduce(evolveNotes, initialNotes());
    assert.deepEqual(state, {
      notes: [{ id: 'n2', kind: 'word', text: 'la sobremesa', detail: 'after-dinner talk', why: null }],
      everWritten: true,
    });
  });

  it('lets only the conversation’s speaker write: not its student, not an admin', () => {
    for (const writerId of ['student', 'admin'])
      spec
        .given([])
        .when(save([note({ kind: 'focus', text: 'listening' })], { writerId }))
        .thenThrows('UNAUTHORIZED', NotesMessages.notWriter);
  });

  it('opens when the conversation begins (during it too) and closes 48 hours after it ended', () => {
    const one = [note({ kind: 'focus', text: 'listening' })];
    const focus = (minutes: number) => [added('n1', 'focus', 'listening', null, null, minutes)];
    spec
      .given([])
      .when(save(one, { subject: { ...held, startedAt: null, stopsAt: null, stoppedAt: null }, minutes: 5 }))
      .thenThrows('CONFLICT', NotesMessages.notStarted);
    spec
      .given([])
      .when(save(one, { subject: running, minutes: 5 }))
      .then(focus(5));
    spec
      .given([])
      .when(save(one, { minutes: 15 + 48 * HOURS - 1 }))
      .then(focus(15 + 48 * HOURS - 1));
    spec
      .given([])
      .when(save(one, { minutes: 15 + 48 * HOURS }))
      .thenThrows('CONFLICT', NotesMessages.closed);
    spec
      .given([])
      .when(save(one, { subject: { ...held, kind: 'test_call' } }))
      .thenThrows('CONFLICT', NotesMessages.notStarted);
  });

  it('refuses too many notes, a third thing to work on, empty or overlong text, NUL, and a missing better way', () => {
    const many = Array.from({ length: 41 }, (_, i) => note({ kind: 'word', text: `w${i}`, detail: 'd' }));
    spec.given([]).when(save(many)).thenThrows('BAD_USER_INPUT', NotesMessages.tooMany);
    const focus = [1, 2, 3].map((i) => note({ kind: 'focus', text: `f${i}` }));
    spec.given([]).when(save(focus)).thenThrows('BAD_USER_INPUT', NotesMessages.tooManyFocus);
    spec
      .given([])
      .when(save([note({ kind: 'focus', text: '   ' })]))
      .thenThrows('BAD_USER_INPUT', NotesMessages.textRequired);
    spec
      .given([])
      .when(save([note({ kind: 'focus', text: 'x'.repeat(201) })]))
      .thenThrows('BAD_USER_INPUT', 'The text can have at most 200 characters.');
    spec
      .given([])
      .when(save([note({ kind: 'word', text: 'hola', detail: 'hello\u0000' })]))
      .thenThrows('BAD_USER_INPUT', 'The detail cannot contain the NUL character.');
    spec
      .given([])
      .when(save([note({ kind: 'correction', text: 'Yo soy aburrido', detail: ' ' })]))
      .thenThrows('BAD_USER_INPUT', NotesMessages.detailRequired);
  });

  it('refuses a note id it does not hold, twice the same, or a note changing its kind', () => {
    spec
      .given([correction])
      .when(save([note({ id: 'other', kind: 'focus', text: 'x' })]))
      .thenThrows('CONFLICT', NotesMessages.unknownNote);
    const kept = note({ id: 'n1', kind: 'correction', text: 'a', detail: 'b' });
    spec
      .given([correction])
      .when(save([kept, kept]))
      .thenThrows('CONFLICT', NotesMessages.unknownNote);
    spec
      .given([correction])
      .when(save([{ ...kept, kind: 'word' }]))
      .thenThrows('CONFLICT', NotesMessages.unknownNote);
  });

  it('tells the student once: with the first notes, not with an edit, nor after every note was removed', () => {
    const first = [correction];
    assert.equal(bringsFirstNotes(initialNotes(), first), true);
    const written = first.reduce(evolveNotes, initialNotes());
    assert.equal(bringsFirstNotes(written, [word]), false);
    const emptied = evolveNotes(written, { type: 'LearningNoteRemoved', data: { ...base(21), noteId: 'n1' } });
    assert.equal(bringsFirstNotes(emptied, [word]), false);
    assert.equal(bringsFirstNotes(initialNotes(), []), false);
  });

  it('tells the viewer until when they may write', () => {
    assert.deepEqual(notesPolicy(held, 'speaker', at(20)), {
      isWriter: true,
      begun: true,
      writableUntil: at(15 + 48 * HOURS),
      isWritable: true,
    });
    assert.equal(notesPolicy(held, 'student', at(20)).isWritable, false);
    assert.equal(notesPolicy(running, 'speaker', at(5)).writableUntil?.toISOString(), at(15 + 48 * HOURS).toISOString());
  });
});
