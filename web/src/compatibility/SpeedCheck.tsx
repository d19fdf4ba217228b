/**
 * The connection-speed check (spec 2, section 9: 'at least 1 Mbps down and 1 Mbps up'): a button,
 * the progress while it runs, then the speeds each way and whether they meet the requirement.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { REQUIRED_MBPS } from '../../../contracts/throughput';
import { Message } from '../i18n/Message';
import { useT } from '../i18n/useT';
import { formatMbps, runSpeedCheck, speedVerdict, type SpeedPhase, type SpeedResult } from './speed';

type State =
  | { kind: 'idle' }
  | { kind: 'running'; phase: SpeedPhase; percent: number }
  | { kind: 'done'; result: SpeedResult }
  | { kind: 'failed'; message: string };

export function SpeedCheck() {
  const t = useT();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ kind: 'running', phase: 'download', percent: 0 });
    try {
      const result = await runSpeedCheck(
        (phase, percent) => !controller.signal.aborted && setState({ kind: 'running', phase, percent }),
        controller.signal,
      );
      if (!controller.signal.aborted) setState({ kind: 'done', result });
    } catch (error) {
      if (!controller.signal.aborted) setState({ kind: 'failed', message: (error as Error).message });
    }
  };

  const verdict = state.kind === 'done' ? speedVerdict(state.result) : null;
  return (
    <Stack spacing={1.5} alignItems="stretch">
      <Typography variant="body2" color="text.secondary">
        {t('compatibility.speed.need', { required: REQUIRED_MBPS })}
      </Typography>
      <Box>
        <Button variant="contained" onClick={() => void start()} disabled={state.kind === 'running'}>
          {t('compatibility.speed.check')}
        </Button>
      </Box>
      {state.kind === 'running' && (
        <LinearProgress
          variant="determinate"
          value={state.percent}
          aria-label={t('compatibility.speed.progress')}
          sx={{ height: 8, borderRadius: 1 }}
        />
      )}
      <Box aria-live="polite">
        {state.kind === 'running' && (
          <Typography variant="body2">
            {t(state.phase === 'upload' ? 'compatibility.speed.checkingUpload' : 'compatibility.speed.checkingDownload')}
          </Typography>
        )}
        {state.kind === 'done' && verdict && (
          <Stack spacing={1}>
            <Typography>
              <Message
                id="compatibility.speed.result"
                values={{ down: formatMbps(state.result.downMbps), up: formatMbps(state.result.upMbps) }}
                tags={{ strong: (words) => <strong>{words}</strong> }}
              />
            </Typography>
            <Alert severity={verdict.ok ? 'success' : 'warning'}>{verdict.text}</Alert>
          </Stack>
        )}
        {state.kind === 'failed' && <Alert severity="error">{state.message}</Alert>}
      </Box>
    </Stack>
  );
}
