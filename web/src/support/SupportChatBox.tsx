/** The support chat's box itself (SupportChat.tsx): loaded when a signed-in visitor opens it. */
import { useMutation, useQuery, useSubscription } from '@apollo/client';
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../contracts/live';
import { Loading } from '../components/Loading';
import { errorMessage } from '../lib/errors';
import { useT } from '../i18n/useT';
import { MessageList, useEnterToSend } from './MessageList';
import { POST_SUPPORT_MESSAGE, SUPPORT_MESSAGES, SUPPORT_VISIT } from './operations';
import { FOLLOWS_NOTICES } from '../lib/apollo';

const PRESENCE_POLL_MS = 15_000;

export default function SupportChatBox({ onShrink }: { onShrink(): void }) {
  const t = useT();
  const { data, error, loading, refetch } = useQuery(SUPPORT_VISIT, {
    fetchPolicy: 'network-only',
    pollInterval: PRESENCE_POLL_MS,
    context: { quiet: true, ...FOLLOWS_NOTICES },
  });
  // Answers arrive through the subscription: when it cannot connect (after the socket's retries),
  // the chat cannot work and says so like a failed load.
  const live = useSubscription(SUPPORT_MESSAGES, { context: { quiet: true }, onData: () => void refetch().catch(() => undefined) });
  const [post, posting] = useMutation(POST_SUPPORT_MESSAGE, { context: { quiet: true } });
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = async () => {
    const body = draft.trim();
    if (!body || posting.loading) return;
    setProblem(null);
    try {
      await post({ variables: { body } });
      setDraft('');
      await refetch();
    } catch (e) {
      setProblem(errorMessage(e));
    }
  };
  const onKeyDown = useEnterToSend(() => void send());

  if ((error && !data) || live.error) {
    return (
      <Dialog open onClose={onShrink} aria-labelledby="help-blocked-title">
        <DialogTitle id="help-blocked-title">{t('support.blocked')}</DialogTitle>
        <DialogContent>
          <Typography>{t('support.couldNotLoad')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={onShrink}>{t('support.close')}</Button>
          <Button variant="contained" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
  const visitor = data?.visitor;
  const name = visitor?.givenName ?? visitor?.displayName ?? null;
  return (
    <Paper
      elevation={8}
      role="dialog"
      aria-label={t('support.chat')}
      sx={{
        position: 'fixed',
        right: { xs: 8, sm: 24 },
        bottom: { xs: 8, sm: 24 },
        width: { xs: 'calc(100vw - 16px)', sm: 360 },
        height: { xs: '70vh', sm: 480 },
        zIndex: 1300,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', px: 2, py: 1, bgcolor: 'primary.main', color: 'primary.contrastText', borderRadius: '4px 4px 0 0' }}
      >
        <Box sx={{ flex: 1 }}>
          <Typography variant="subtitle1" component="h2">
            {t('support.title')}
          </Typography>
          <Typography variant="caption">{name ? t('support.greetingNamed', { name }) : t('support.greeting')}</Typography>
        </Box>
        <IconButton color="inherit" aria-label={t('support.shrink')} onClick={onShrink}>
          <CloseFullscreenIcon />
        </IconButton>
      </Stack>
      {loading && !data ? (
        <Loading label={t('support.loading')} />
      ) : (
        <MessageList
          messages={data?.supportThread.messages ?? []}
          mine={(m) => !m.fromStaff}
          author={(m) => (m.fromStaff ? t('support.title') : t('support.you'))}
          zone={data?.zone?.tzIdentifier ?? null}
          empty={t('support.empty')}
        />
      )}
      {problem && (
        <Alert severity="error" sx={{ mx: 1 }}>
          {problem}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ p: 1, alignItems: 'flex-end' }}>
        <TextField
          label={t('support.message')}
          value={draft}
          onChange={(e) => setDraft(e.target.value.slice(0, CHAT_MESSAGE_MAX_LENGTH))}
          onKeyDown={onKeyDown}
          multiline
          maxRows={4}
          size="small"
          fullWidth
          autoFocus
        />
        <IconButton color="primary" aria-label={t('support.send')} onClick={() => void send()} disabled={!draft.trim() || posting.loading}>
          <SendIcon />
        </IconButton>
      </Stack>
    </Paper>
  );
}
