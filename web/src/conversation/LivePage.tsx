/**
 * /conversation?id= (spec 2, Live conversation): a loading screen until the conversation's
 * provider is known, then the room. Refetches on `conversationChanged`; a conversation that
 * stopped, went unused or was canceled sends the window to the ended screen.
 */
import { useQuery, useSubscription } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Loading } from '../components/Loading';
import { useT } from '../i18n/useT';
import { usePageTitle } from '../shell/usePageTitle';
import { LiveRoom } from './LiveRoom';
import { CONVERSATION_CHANGED, LIVE_CONVERSATION } from './operations';
import { LiveText, noAccessMessage } from './roomMessages';
import { isProvider } from './video';
import { FOLLOWS_NOTICES } from '../lib/apollo';

export const ENDED_PATH = '/conversation/ended';
const endedPath = (id: string) => `${ENDED_PATH}?id=${encodeURIComponent(id)}`;

export const isOver = (c: { status: string; isCanceled: boolean }) => c.isCanceled || c.status === 'stopped' || c.status === 'unused';

export default function LivePage() {
  const t = useT();
  usePageTitle(t('conversation.pageTitle'));
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const { data, loading, refetch } = useQuery(LIVE_CONVERSATION, {
    variables: { conversationId: id },
    skip: !id,
    fetchPolicy: 'cache-and-network',
    context: { quiet: true, ...FOLLOWS_NOTICES },
  });
  useSubscription(CONVERSATION_CHANGED, {
    variables: { conversationId: id },
    skip: !id,
    context: { quiet: true },
    onData: () => void refetch(),
  });
  const conversation = data?.conversation?.id === id ? data.conversation : null;
  const over = !!conversation && isOver(conversation);
  useEffect(() => {
    if (over) navigate(endedPath(id), { replace: true });
  }, [over, navigate, id]);

  if (!id) return <Notice>{LiveText.noConversation}</Notice>;
  if (loading && !conversation) return <Loading label={LiveText.loading} />;
  if (!conversation || !data?.me) return <Notice>{noAccessMessage(id)}</Notice>;
  if (!isProvider(conversation.provider)) return <Notice>{t('conversation.unknownProvider', { provider: conversation.provider })}</Notice>;
  if (over) return <Loading label={LiveText.loading} />;
  return (
    <LiveRoom
      conversation={conversation}
      me={data.me}
      onEnded={() => navigate(endedPath(id), { replace: true })}
      onStale={() => void refetch()}
    />
  );
}

function Notice({ children }: { children: string }) {
  return (
    <Box sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
      <Alert severity="error" sx={{ maxWidth: 640 }}>
        {children}
      </Alert>
    </Box>
  );
}
