/**
 * Tells a signed-in person, on whichever page of their area they are, that staff started a test
 * call with them (issue 28), with 'Join test call' opening the room in its window. Live: it asks
 * again when a test call of theirs begins or ends (`testCallChanged`) and when the shown one
 * changes (it stops on its own after 10 minutes).
 */
import { useQuery, useSubscription } from '@apollo/client';
import VideocamIcon from '@mui/icons-material/Videocam';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useT } from '../../i18n/useT';
import { CONVERSATION_CHANGED } from '../operations';
import { openConversationWindow } from '../windows';
import { MY_TEST_CALL, TEST_CALL_CHANGED } from './operations';
import { FOLLOWS_NOTICES } from '../../lib/apollo';

const QUIET = { quiet: true };

export function TestCallNotice() {
  const { data, refetch } = useQuery(MY_TEST_CALL, { fetchPolicy: 'cache-and-network', context: { ...QUIET, ...FOLLOWS_NOTICES } });
  const t = useT();
  const again = () => void refetch().catch(() => undefined);
  useSubscription(TEST_CALL_CHANGED, { context: QUIET, onData: again });
  const call = data?.me?.testCall ?? null;
  useSubscription(CONVERSATION_CHANGED, { variables: { conversationId: call?.id ?? '' }, skip: !call, context: QUIET, onData: again });
  if (!call) return null;
  const caller = call.reservedBy?.displayName?.trim();
  return (
    <Alert
      severity="info"
      icon={<VideocamIcon />}
      role="region"
      aria-label={t('testCall.notice.label')}
      sx={{ borderRadius: 0, '& .MuiAlert-message': { flex: 1 } }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} justifyContent="space-between">
        <span>{caller ? t('testCall.notice.text', { caller }) : t('testCall.notice.textFromStaff')}</span>
        <Button size="small" variant="contained" sx={{ flexShrink: 0 }} onClick={() => openConversationWindow(call.id)}>
          {t('testCall.join')}
        </Button>
      </Stack>
    </Alert>
  );
}
