/**
 * The conversation's chat (spec 2, section 4 "Chat state"), in the live room's side panel and the
 * lobby's Chat tab: waiting ('Sending a chat message is available 20 minutes prior…', with the
 * time it opens, and no message box until then),
 * waiting_open (the first message opens the chat: moderateConversationChat, then the message),
 * chatting, closed (the stored messages, read-only). New messages arrive by the
 * `conversationChatMessage` subscription; Enter sends (Shift+Enter for a new line). Bodies are
 * plain text: React writes them as text, never as HTML. A participant shown the other's messages
 * has read them (markChatRead through the last one shown): the speaker's planner counts the rest.
 */
import { useApolloClient, useMutation, useQuery, useSubscription } from '@apollo/client';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../contracts/live';
import { TextBox } from '../components/TextBox';
import { useT } from '../i18n/useT';
import { errorMessage } from '../lib/errors';
import { formatDayAndTime, formatTime } from '../lib/time';
import { authorOf, canSend, chatStateOf, mergeMessages, outgoing, type ChatLine } from './chatState';
import { CHAT, CHAT_MESSAGE, CONVERSATION_CHANGED, MARK_CHAT_READ, OPEN_CHAT, POST_CHAT_MESSAGE } from './operations';
import { FOLLOWS_NOTICES } from '../lib/apollo';

const QUIET = { quiet: true };

export function Chat({ conversationId, height = 600, zone }: { conversationId: string; height?: number | string; zone?: string | null }) {
  const t = useT();
  const client = useApolloClient();
  const { data, error, refetch } = useQuery(CHAT, {
    variables: { conversationId },
    fetchPolicy: 'cache-and-network',
    context: { ...QUIET, ...FOLLOWS_NOTICES },
  });
  const [arrived, setArrived] = useState<ChatLine[]>([]);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [post] = useMutation(POST_CHAT_MESSAGE, { context: QUIET });
  const log = useRef<HTMLDivElement>(null);

  useSubscription(CHAT_MESSAGE, {
    variables: { conversationId },
    context: QUIET,
    fetchPolicy: 'no-cache',
    onData: ({ data: d }) => {
      const line = d.data?.conversationChatMessage;
      if (line) setArrived((a) => [...a, line]);
    },
  });
  useSubscription(CONVERSATION_CHANGED, { variables: { conversationId }, context: QUIET, onData: () => void refetch() });

  const conversation = data?.conversation?.id === conversationId ? data.conversation : null;
  // Chatting opens 20 minutes before the start: ask again just after then.
  const chatableAfter = conversation ? Date.parse(conversation.chatablePolicy.chatableAfter) : NaN;
  const chatable = conversation?.chatablePolicy.isChatable;
  useEffect(() => {
    const wait = chatableAfter - Date.now();
    if (chatable || !(wait > 0) || wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => void refetch(), wait + 1000);
    return () => clearTimeout(timer);
  }, [chatableAfter, chatable, refetch]);

  const messages = mergeMessages(conversation?.conversationChat?.messages ?? [], arrived);
  useMarkedRead(conversation, messages, data?.me?.id);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls to the end when a message arrives
  useEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length]);

  if (!conversation) {
    return error ? (
      <Alert severity="error">{errorMessage(error)}</Alert>
    ) : (
      <Typography color="text.secondary">{t('conversation.chat.loading')}</Typography>
    );
  }
  const state = chatStateOf(conversation);
  const viewerId = data?.me?.id;
  const text = outgoing(draft, CHAT_MESSAGE_MAX_LENGTH);

  const send = async () => {
    if (!text || sending || !canSend(state)) return;
    setSending(true);
    setSendError(null);
    try {
      if (state === 'waiting_open')
        await client.mutate({ mutation: OPEN_CHAT, variables: { input: { conversationId, open: true } }, context: QUIET });
      const result = await post({ variables: { input: { conversationId, body: text } } });
      const line = result.data?.postChatMessage.message;
      if (line) setArrived((a) => [...a, line]);
      setDraft('');
      if (state === 'waiting_open') void refetch();
    } catch (cause) {
      setSendError(errorMessage(cause));
    } finally {
      setSending(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement | HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const caption =
    state === 'waiting'
      ? t('conversation.chat.waiting', { when: formatDayAndTime(conversation.chatablePolicy.chatableAfter, zone) })
      : state === 'waiting_open' && messages.length === 0
        ? t('conversation.chat.waitingOpen')
        : state === 'closed'
          ? t(messages.length ? 'conversation.chat.closed' : 'conversation.chat.closedEmpty')
          : null;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('conversation.chat.label')}
      sx={{ height, display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <Box
        ref={log}
        role="log"
        aria-label={t('conversation.chat.messages')}
        aria-live="polite"
        tabIndex={0}
        sx={{
          flex: 1,
          overflowY: 'auto',
          p: 2,
          minHeight: 0,
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {messages.map((m) => {
            const mine = !!viewerId && m.ownerId === viewerId;
            return (
              <Box component="li" key={m.id} sx={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '85%' }}>
                <Typography variant="caption" color="text.secondary" component="div" sx={{ textAlign: mine ? 'right' : 'left' }}>
                  {authorOf(m, viewerId)} · {formatTime(m.createdAt, zone)}
                </Typography>
                <Typography
                  sx={{
                    whiteSpace: 'pre-wrap',
                    overflowWrap: 'anywhere',
                    px: 1.5,
                    py: 1,
                    borderRadius: 2,
                    bgcolor: mine ? 'primary.main' : 'grey.100',
                    color: mine ? 'primary.contrastText' : 'text.primary',
                  }}
                >
                  {m.body}
                </Typography>
              </Box>
            );
          })}
        </Stack>
        {caption && (
          <Typography color="text.secondary" sx={{ mt: messages.length ? 2 : 0 }}>
            {caption}
          </Typography>
        )}
      </Box>
      {sendError && (
        <Alert severity="error" onClose={() => setSendError(null)} sx={{ mx: 1 }}>
          {sendError}
        </Alert>
      )}
      {canSend(state) && (
        <Stack direction="row" spacing={1} alignItems="flex-start" sx={{ p: 1, borderTop: 1, borderColor: 'divider' }}>
          <TextBox
            label={t('conversation.chat.message')}
            helperText={t('conversation.chat.hint')}
            multiline
            maxRows={4}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            inputProps={{ maxLength: CHAT_MESSAGE_MAX_LENGTH }}
          />
          <IconButton aria-label={t('conversation.chat.send')} color="primary" onClick={() => void send()} disabled={!text || sending}>
            <SendIcon />
          </IconButton>
        </Stack>
      )}
    </Paper>
  );
}

/**
 * Marks the chat read through the last message shown, when the viewer is a participant and a
 * message of the other one is newer than what was marked (the server ignores a marker that would
 * not move, so a second window costs nothing but the call).
 */
function useMarkedRead(
  conversation: { id: string; unreadMessagesCount: number; participants: { id: string }[] } | null,
  messages: ChatLine[],
  viewerId: string | undefined,
) {
  const [markRead] = useMutation(MARK_CHAT_READ, { context: QUIET });
  const marked = useRef(-1);
  const participant = !!viewerId && !!conversation?.participants.some((p) => p.id === viewerId);
  const lastOthers = messages.findLast((m) => m.ownerId !== viewerId)?.index ?? -1;
  const lastShown = messages.at(-1)?.index ?? -1;
  const unread = conversation?.unreadMessagesCount ?? 0;
  const conversationId = conversation?.id;
  useEffect(() => {
    if (!participant || !conversationId || lastOthers <= marked.current) return;
    // At first sight only when the server counts something unread: an old chat read already asks nothing.
    if (marked.current < 0 && unread === 0) {
      marked.current = lastOthers;
      return;
    }
    marked.current = lastShown;
    void markRead({ variables: { input: { conversationId, throughIndex: lastShown } } }).catch(() => {
      marked.current = -1;
    });
  }, [participant, conversationId, lastOthers, lastShown, unread, markRead]);
}
