/**
 * The person's page in the back-office: staff start a test call with them (issue 28), which opens
 * the room in its window; while it runs, 'Join test call' opens the window again and 'End test
 * call' ends it. The person is told on their pages (TestCallNotice).
 */
import { useMutation } from '@apollo/client';
import CallEndIcon from '@mui/icons-material/CallEnd';
import VideocamIcon from '@mui/icons-material/Videocam';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../components/snackbars';
import { END_TEST_CALL, START_TEST_CALL } from '../../conversation/testCall/operations';
import { openConversationWindow } from '../../conversation/windows';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';

const QUIET = { context: { quiet: true } } as const;

export function TestCallButton({ userId, name }: { userId: string; name: string }) {
  const [start, { loading: starting }] = useMutation(START_TEST_CALL, QUIET);
  const [end, { loading: ending }] = useMutation(END_TEST_CALL, QUIET);
  const [callId, setCallId] = useState<string | null>(null);
  const t = useT();

  const begin = async () => {
    try {
      const { data } = await start({ variables: { input: { userId } } });
      const call = data?.startTestCall;
      if (!call) return;
      setCallId(call.conversation.id);
      notifySuccess(t(call.started ? 'testCall.started' : 'testCall.stillOn', { name }));
      // Staff join at once, in the conversation's own window.
      openConversationWindow(call.conversation.id);
    } catch (cause) {
      notifyError(errorMessage(cause));
    }
  };
  const finish = async () => {
    if (!callId) return;
    try {
      await end({ variables: { input: { conversationId: callId } } });
      setCallId(null);
      notifySuccess(t('testCall.ended'));
    } catch (cause) {
      notifyError(errorMessage(cause));
    }
  };

  if (!callId)
    return (
      <Button size="small" variant="outlined" startIcon={<VideocamIcon />} disabled={starting} onClick={() => void begin()}>
        {t('testCall.start')}
      </Button>
    );
  return (
    <Stack direction="row" spacing={1}>
      <Button size="small" variant="outlined" startIcon={<VideocamIcon />} onClick={() => openConversationWindow(callId)}>
        {t('testCall.join')}
      </Button>
      <Button size="small" color="error" variant="outlined" startIcon={<CallEndIcon />} disabled={ending} onClick={() => void finish()}>
        {t('testCall.end')}
      </Button>
    </Stack>
  );
}
