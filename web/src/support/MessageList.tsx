/** A support thread's messages, oldest first, as plain text (never HTML); scrolled to the newest. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useT } from '../i18n/useT';
import { formatDayAndTime } from '../lib/time';
import type { SupportMessageData } from './operations';

export function MessageList({
  messages,
  mine,
  author,
  zone,
  empty,
}: {
  messages: SupportMessageData[];
  mine: (m: SupportMessageData) => boolean;
  author: (m: SupportMessageData) => string;
  zone: string | null;
  empty: string;
}) {
  const t = useT();
  const end = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls to the end when a message arrives
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);
  return (
    <Box
      role="log"
      aria-live="polite"
      aria-label={t('support.messages')}
      sx={{ flex: 1, overflowY: 'auto', p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      {!messages.length && (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      )}
      {messages.map((m) => (
        <Box key={m.id} data-testid="support-message" sx={{ alignSelf: mine(m) ? 'flex-end' : 'flex-start', maxWidth: '85%' }}>
          <Box
            sx={{
              px: 1.5,
              py: 1,
              borderRadius: 2,
              bgcolor: mine(m) ? 'primary.main' : 'grey.200',
              color: mine(m) ? 'primary.contrastText' : 'text.primary',
            }}
          >
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {m.body}
            </Typography>
          </Box>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', textAlign: mine(m) ? 'right' : 'left' }}>
            {author(m)} · {formatDayAndTime(m.createdAt, zone)}
          </Typography>
        </Box>
      ))}
      <div ref={end} />
    </Box>
  );
}

/** The message field: Enter sends, Shift+Enter starts a new line. */
export function useEnterToSend(send: () => void) {
  return (e: React.KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      send();
    }
  };
}
