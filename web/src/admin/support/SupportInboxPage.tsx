/**
 * /admin/support (issue 9): the support inbox — threads, unanswered first, refreshed every 5 s —
 * and the chosen thread, live, with the answer field (Enter sends). An answer to a visitor who is
 * not on the site is mailed to them as well; the page says so.
 */
import { useMutation, useQuery, useSubscription } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../../contracts/live';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { notifyInfo } from '../../components/snackbars';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';
import { formatDayAndTime } from '../../lib/time';
import { MessageList, useEnterToSend } from '../../support/MessageList';
import { ANSWER_SUPPORT_THREAD, SUPPORT_INBOX, SUPPORT_MESSAGES, SUPPORT_THREAD_OF, type VisitorData } from '../../support/operations';
import { useAdminSelf } from '../zone';
import { FOLLOWS_NOTICES } from '../../lib/apollo';

const INBOX_POLL_MS = 5_000;
const nameOf = (v: VisitorData | null, id: string) =>
  [v?.givenName, v?.surname].filter(Boolean).join(' ') || v?.displayName || v?.emailAddress || id;

function Thread({ visitorId, visitor }: { visitorId: string; visitor: VisitorData | null }) {
  const t = useT();
  const zone = useAdminSelf().tzIdentifier;
  const { data, error, loading, refetch } = useQuery(SUPPORT_THREAD_OF, {
    variables: { visitorId },
    fetchPolicy: 'network-only',
    context: { quiet: true, ...FOLLOWS_NOTICES },
  });
  useSubscription(SUPPORT_MESSAGES, { variables: { visitorId }, onData: () => void refetch().catch(() => undefined) });
  const [answer, answering] = useMutation(ANSWER_SUPPORT_THREAD, { context: { quiet: true }, refetchQueries: [SUPPORT_INBOX] });
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = async () => {
    const body = draft.trim();
    if (!body || answering.loading) return;
    setProblem(null);
    try {
      const res = await answer({ variables: { visitorId, body } });
      setDraft('');
      if (res.data?.answerSupportThread.mailed) notifyInfo(t('admin.support.mailed', { name: nameOf(visitor, visitorId) }));
      await refetch();
    } catch (e) {
      setProblem(errorMessage(e));
    }
  };
  const onKeyDown = useEnterToSend(() => void send());
  return (
    <Paper
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', height: 520 }}
      aria-label={t('admin.support.threadWith', { name: nameOf(visitor, visitorId) })}
    >
      <Typography variant="h6" component="h2" sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        {nameOf(visitor, visitorId)}
      </Typography>
      {loading && !data ? (
        <Loading label={t('admin.support.loadingThread')} />
      ) : error && !data ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : (
        <MessageList
          messages={data?.supportThreadOf.messages ?? []}
          mine={(m) => m.fromStaff}
          author={(m) => (m.fromStaff ? t('admin.support.staff') : nameOf(visitor, visitorId))}
          zone={zone}
          empty={t('admin.support.noMessages')}
        />
      )}
      {problem && (
        <Alert severity="error" sx={{ mx: 1 }}>
          {problem}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ p: 1, alignItems: 'flex-end' }}>
        <TextField
          label={t('admin.support.answer')}
          value={draft}
          onChange={(e) => setDraft(e.target.value.slice(0, CHAT_MESSAGE_MAX_LENGTH))}
          onKeyDown={onKeyDown}
          multiline
          maxRows={4}
          size="small"
          fullWidth
        />
        <IconButton
          color="primary"
          aria-label={t('admin.support.send')}
          onClick={() => void send()}
          disabled={!draft.trim() || answering.loading}
        >
          <SendIcon />
        </IconButton>
      </Stack>
    </Paper>
  );
}

export default function SupportInboxPage() {
  const t = useT();
  const zone = useAdminSelf().tzIdentifier;
  const [params, setParams] = useSearchParams();
  const selected = params.get('visitor');
  const { data, error, loading } = useQuery(SUPPORT_INBOX, {
    pollInterval: INBOX_POLL_MS,
    fetchPolicy: 'cache-and-network',
    context: { quiet: true },
  });
  const threads = data?.supportInbox ?? [];
  const chosen = threads.find((t) => t.id === selected) ?? null;
  return (
    <Page title={t('admin.support.title')}>
      {loading && !data ? (
        <Loading label={t('admin.support.loadingInbox')} />
      ) : error && !data ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : !threads.length ? (
        <Typography color="text.secondary">{t('admin.support.empty')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '320px 1fr' }, gap: 2 }}>
          <Paper variant="outlined">
            <List aria-label={t('admin.support.threads')} disablePadding>
              {threads.map((thread) => (
                <ListItemButton key={thread.id} selected={thread.id === selected} onClick={() => setParams({ visitor: thread.id })} divider>
                  <ListItemText
                    primary={
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <span>{nameOf(thread.visitor, thread.id)}</span>
                        {thread.unanswered && <Chip size="small" color="warning" label={t('admin.support.unanswered')} />}
                      </Stack>
                    }
                    secondary={`${formatDayAndTime(thread.lastMessageAt, zone)} — ${thread.lastBody.slice(0, 80)}`}
                  />
                </ListItemButton>
              ))}
            </List>
          </Paper>
          {chosen ? (
            <Thread key={chosen.id} visitorId={chosen.id} visitor={chosen.visitor} />
          ) : (
            <Typography color="text.secondary">{t('admin.support.choose')}</Typography>
          )}
        </Box>
      )}
    </Page>
  );
}
