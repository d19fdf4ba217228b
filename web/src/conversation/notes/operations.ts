import { type DocumentType, graphql } from '../../gql';

graphql(`
  fragment LearningNoteFields on LearningNote {
    id
    kind
    text
    detail
    why
  }
`);

/** A conversation's notes and whether the viewer (its speaker) may write them now. */
export const CONVERSATION_NOTES = graphql(`
  query ConversationNotes($conversationId: ID!) {
    conversation(conversationId: $conversationId) {
      id
      notesPolicy {
        isWritable
        writableUntil
      }
      learningNotes {
        ...LearningNoteFields
      }
    }
  }
`);

export const SAVE_LEARNING_NOTES = graphql(`
  mutation SaveLearningNotes($input: SaveLearningNotesInput!) {
    saveLearningNotes(input: $input) {
      conversation {
        id
        notesPolicy {
          isWritable
          writableUntil
        }
        learningNotes {
          ...LearningNoteFields
        }
      }
    }
  }
`);

export type LearningNoteItem = NonNullable<NonNullable<DocumentType<typeof CONVERSATION_NOTES>['conversation']>['learningNotes']>[number];
