import { graphql } from '../../gql';

/** How long each participant of a conversation spoke, and how long it ran (issue 35). */
export const CONVERSATION_SPEAKING_TIME = graphql(`
  query ConversationSpeakingTime($conversationId: ID!) {
    conversation(conversationId: $conversationId) {
      id
      speakingTime {
        heldSeconds
        studentSeconds
        speakerSeconds
      }
    }
  }
`);
