/**
 * The room's dashboard (spec 2, Live conversation): the progress bar (the server's clock, ticking
 * locally: clock.ts), who the conversation is with, and its course and topic.
 */
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '../i18n/useT';
import { formatTicks, progressPercent, type ClockState } from './clock';

/** `heading`: who the conversation is with ('Conversation with Ada S.', 'Interview with the candidate'). */
export function Dashboard({ clock, heading, topic }: { clock: ClockState; heading: string; topic: string }) {
  const t = useT();
  const started = clock.status === 'started' || clock.status === 'stopped';
  const percent = progressPercent(clock);
  const left = formatTicks(clock.remaining);
  const total = formatTicks(clock.totalTicks);
  return (
    <Box
      component="section"
      aria-label={t('conversation.dashboard')}
      sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Stack direction="row" spacing={2} alignItems="baseline" justifyContent="space-between" sx={{ mb: 0.5 }}>
        <Typography variant="subtitle1" component="h1" noWrap title={heading}>
          {heading}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap sx={{ minWidth: 0 }} title={topic}>
          {topic}
        </Typography>
        <Typography variant="subtitle2" component="p" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} aria-hidden>
          {clock.totalTicks === 0 ? '' : started ? t('conversation.dashboard.left', { left }) : t('conversation.dashboard.notStartedYet')}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={t('conversation.dashboard.progress')}
        aria-valuetext={clock.totalTicks ? t('conversation.dashboard.leftOf', { left, total }) : t('conversation.dashboard.notStarted')}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}
