/**
 * The room's dashboard (spec 2, Live conversation): the progress bar (the server's clock, ticking
 * locally: clock.ts), who the conversation is with, and its course and topic.
 */
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatTicks, progressPercent, type ClockState } from './clock';

/** `heading`: who the conversation is with ('Conversation with Ada S.', 'Interview with the candidate'). */
export function Dashboard({ clock, heading, topic }: { clock: ClockState; heading: string; topic: string }) {
  const started = clock.status === 'started' || clock.status === 'stopped';
  const percent = progressPercent(clock);
  const left = formatTicks(clock.remaining);
  const total = formatTicks(clock.totalTicks);
  return (
    <Box
      component="section"
      aria-label="Dashboard"
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
          {clock.totalTicks === 0 ? '' : started ? `${left} left` : 'Starts when both of you have joined'}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label="Conversation progress"
        aria-valuetext={clock.totalTicks ? `${left} left of ${total}` : 'Not started'}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}
