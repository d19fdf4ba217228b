/**
 * Whether this window records the conversation, and its recording (issue 10): only when the
 * conversation has archiveOnStart, the room is the local provider's and this window is the host's
 * (the speaker's), from the moment the conversation is running. Unmounting the room (the
 * conversation ended, Leave) finishes the recording in the background; the window closing or
 * reloading abandons it (what reached the server is reported finished).
 */
import { useQuery } from '@apollo/client';
import { graphql } from '../../gql';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { VideoRoom } from '../useVideoRoom';
import { preloadWhenPageLoaded } from '../../lib/whenPageLoaded';
import type { Recording } from './recorder';

// The recorder (the mixer, the upload queue) records only in the host's window: no other room loads it, and the host's
// asks for it once the page has loaded, so it is in when the conversation starts (issue 31).
const loadRecorder = () => import('./recorder');

export const ARCHIVE_ON_START = graphql(`
  query ArchiveOnStart($conversationId: ID!) {
    conversation(conversationId: $conversationId) {
      id
      archiveOnStart
    }
  }
`);

export interface RecordingView {
  recording: boolean;
  /** Stops and sends the rest; resolves when done (for Leave, before the window closes). */
  finish: () => Promise<void>;
  /** The window is going away. */
  abandon: () => void;
}

const remoteStreamOf = (room: VideoRoom) => (room.remote && 'stream' in room.remote ? room.remote.stream : null);

export function useRecording(
  conversationId: string,
  running: boolean,
  room: VideoRoom,
  labels: { local: string; remote: string },
): RecordingView {
  const mayRecord = room.provider === 'local' && room.role === 'host';
  const wanted = running && room.phase === 'joined' && mayRecord && !!room.localStream;
  useEffect(() => {
    if (mayRecord) preloadWhenPageLoaded(loadRecorder);
  }, [mayRecord]);
  const { data } = useQuery(ARCHIVE_ON_START, {
    variables: { conversationId },
    skip: !wanted,
    fetchPolicy: 'cache-first',
    context: { quiet: true },
  });
  const archiveOnStart = data?.conversation?.id === conversationId && data.conversation.archiveOnStart;
  const [recording, setRecording] = useState<Recording | null>(null);
  const remote = remoteStreamOf(room);
  const remoteRef = useRef(remote);
  remoteRef.current = remote;
  const labelsRef = useRef(labels);
  labelsRef.current = labels;

  useEffect(() => {
    if (!wanted || !archiveOnStart || !room.localStream) return;
    let cancelled = false;
    let started: Recording | null = null;
    const local = room.localStream;
    void loadRecorder()
      .then(({ startRecording }) => startRecording({ conversationId, local, remote: remoteRef.current, labels: labelsRef.current }))
      .then((r) => {
        started = r;
        if (cancelled) void r?.finish();
        else setRecording(r);
      });
    return () => {
      cancelled = true;
      // The room is gone (ended, left): the rest goes up in the background.
      void started?.finish();
      setRecording(null);
    };
  }, [wanted, archiveOnStart, conversationId, room.localStream]);

  useEffect(() => {
    recording?.setRemote(remote);
  }, [recording, remote]);

  const finish = useCallback(async () => {
    await recording?.finish();
  }, [recording]);
  const abandon = useCallback(() => recording?.abandon(), [recording]);
  return { recording: !!recording, finish, abandon };
}
