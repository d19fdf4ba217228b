/**
 * The recording's calls (issue 10; contracts/schema/65-archive.graphql): its status for the
 * button, and a short-lived signed address to play it.
 */
import { graphql } from '../../gql';
import type { ArchiveStatus } from '../../gql/graphql';

export type ArchiveStatusName = ArchiveStatus;

/**
 * Statuses that change by themselves: the button asks again every few seconds. RECORDING too: a
 * panel opened as the conversation ends sees the upload finish and the processing begin.
 */
export const ARCHIVE_IN_PROGRESS: readonly ArchiveStatusName[] = ['RECORDING', 'ENQUEUED', 'STARTED'];

export const CONVERSATION_ARCHIVE = graphql(`
  query ConversationArchive($conversationId: ID!) {
    conversationArchive(conversationId: $conversationId) {
      conversationId
      status
      percent
      durationSeconds
      expiresOn
    }
  }
`);

export const REDIRECT_ARCHIVE_MEDIA = graphql(`
  mutation RedirectArchiveMedia($input: RedirectArchiveMediaInput!) {
    redirectArchiveMedia(input: $input) {
      url
      expiresOn
    }
  }
`);

export const archivePath = (conversationId: string) => `/conversation/archive?id=${encodeURIComponent(conversationId)}`;
