/**
 * The speaker's notes on a conversation (issue 35): corrections, new words and things to work on.
 * Limits and messages in one place for the decider, the API's schema and the web's editor;
 * docs/decisions/learning-notes.md says why each number is what it is.
 */

export const LEARNING_NOTE_KINDS = ['correction', 'word', 'focus'] as const;
export type LearningNoteKind = (typeof LEARNING_NOTE_KINDS)[number];

/** Notes of one conversation, every kind together. */
export const MAX_NOTES_PER_CONVERSATION = 40;
/** 'One or two things to work on.' */
export const MAX_FOCUS_NOTES = 2;
/** What was said, the word or phrase, the thing to work on. */
export const NOTE_TEXT_MAX = 200;
/** The better way, the translation or example, and the short why. */
export const NOTE_DETAIL_MAX = 300;
/** The speaker may write from the start until this long after the conversation ended. */
export const NOTES_EDITABLE_HOURS = 48;

export const NotesMessages = {
  notWriter: 'Only the speaker of this conversation can write its notes.',
  notStarted: 'Notes can be written once the conversation has begun.',
  closed: 'The notes of this conversation can no longer be changed: they could be edited for 48 hours after it ended.',
  tooMany: 'A conversation holds at most 40 notes.',
  tooManyFocus: 'Choose at most two things to work on.',
  textRequired: 'Each note needs its text.',
  detailRequired: 'A correction needs the better way, and a new word its translation or an example.',
  unknownNote: 'A note to change was not found: reload the page to see the latest notes.',
} as const;
