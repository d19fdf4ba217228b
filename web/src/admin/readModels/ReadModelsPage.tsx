/**
 * /admin/read_models (issue 26): every read model with its version, checkpoint, lag and state, and
 * Rebuild, Verify and Resume, each confirmed with a reason. A rebuild or verify runs in the
 * server's background: the page polls every second while one runs (every 5 s otherwise) and shows
 * its progress; the chosen read model's history (?model=name) lists every operation with who, when,
 * why and the result.
 */
import { useMutation, useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { notifySuccess } from '../../components/snackbars';
import { type Translate, useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';
import { formattingLocale } from '../../lib/time';
import { useAdminTime } from '../zone';
import { lagText, operatorText, progressText, resultText } from './describe';
import { OperationDialog, type Action } from './OperationDialog';
import {
  READ_MODEL_HISTORY,
  READ_MODELS,
  REBUILD_READ_MODEL,
  RESUME_READ_MODEL,
  VERIFY_READ_MODEL,
  type ReadModelData,
} from './operations';

const POLL_RUNNING_MS = 1_000;
const POLL_IDLE_MS = 5_000;

const STATE_COLOR: Record<ReadModelData['state'], 'success' | 'info' | 'error'> = {
  LIVE: 'success',
  REBUILDING: 'info',
  VERIFYING: 'info',
  STOPPED: 'error',
};

type OperationKind = 'REBUILD' | 'VERIFY' | 'RESUME';
const operationName = (kind: OperationKind, t: Translate) => t(`admin.readModels.action.${kind.toLowerCase() as Lowercase<OperationKind>}`);

function Running({ model }: { model: ReadModelData }) {
  const t = useT();
  const formatDateTime = useAdminTime();
  const op = model.running!;
  const p = op.progress;
  const share = p?.eventsTotal ? Math.min(100, (p.eventsDone / p.eventsTotal) * 100) : null;
  const started = { operation: operationName(op.kind, t), when: formatDateTime(op.startedOn), who: operatorText(op.by) };
  return (
    <Box data-testid={`progress-${model.id}`}>
      <LinearProgress
        variant={share === null ? 'indeterminate' : 'determinate'}
        value={share ?? undefined}
        aria-label={t('admin.readModels.operationOf', { operation: operationName(op.kind, t), name: model.id })}
        sx={{ mb: 0.5 }}
      />
      <Typography variant="body2">{p ? progressText(p) : t('admin.readModels.starting')}</Typography>
      <Typography variant="caption" color="text.secondary">
        {op.reason ? t('admin.readModels.startedByBecause', { ...started, reason: op.reason }) : t('admin.readModels.startedBy', started)}
      </Typography>
    </Box>
  );
}

function History({ name }: { name: string }) {
  const t = useT();
  const formatDateTime = useAdminTime();
  const { data, error, loading } = useQuery(READ_MODEL_HISTORY, {
    variables: { name },
    fetchPolicy: 'network-only',
    pollInterval: POLL_RUNNING_MS * 2,
    context: { quiet: true },
  });
  const history = data?.readModel.history ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 3 }} aria-labelledby="read-model-history-title">
      <Typography id="read-model-history-title" variant="h6" component="h2" gutterBottom>
        {t('admin.readModels.historyOf', { name })}
      </Typography>
      {loading && !data ? (
        <Loading label={t('admin.readModels.loadingHistory')} />
      ) : error && !data ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : !history.length ? (
        <EmptyState compact title={t('admin.readModels.noOperations')} description={t('admin.readModels.noOperationsHelp', { name })} />
      ) : (
        <Table size="small" aria-label={t('admin.readModels.operationsOn', { name })}>
          <TableHead>
            <TableRow>
              <TableCell>{t('admin.readModels.when')}</TableCell>
              <TableCell>{t('admin.readModels.operation')}</TableCell>
              <TableCell>{t('admin.readModels.by')}</TableCell>
              <TableCell>{t('admin.readModels.reason')}</TableCell>
              <TableCell>{t('admin.readModels.result')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {history.map((op) => (
              <TableRow key={op.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(op.startedOn)}</TableCell>
                <TableCell>{operationName(op.kind, t)}</TableCell>
                <TableCell>{operatorText(op.by)}</TableCell>
                <TableCell>
                  {op.reason ?? (
                    <Typography variant="body2" color="text.secondary" component="span">
                      {t('admin.readModels.noneGiven')}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <Typography variant="body2" color={op.outcome === 'FAILED' || op.outcome === 'INTERRUPTED' ? 'error' : undefined}>
                    {resultText(op)}
                  </Typography>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

export default function ReadModelsPage() {
  const t = useT();
  const formatDateTime = useAdminTime();
  const [params, setParams] = useSearchParams();
  const chosen = params.get('model');
  const [pollInterval, setPollInterval] = useState(POLL_IDLE_MS);
  const { data, error, loading, refetch } = useQuery(READ_MODELS, {
    fetchPolicy: 'network-only',
    pollInterval,
    context: { quiet: true },
    onCompleted: (d) => setPollInterval(d.readModels.some((m) => m.running) ? POLL_RUNNING_MS : POLL_IDLE_MS),
    notifyOnNetworkStatusChange: false,
  });
  const [dialog, setDialog] = useState<{ action: Action; model: ReadModelData } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [rebuild, rebuilding] = useMutation(REBUILD_READ_MODEL, { context: { quiet: true } });
  const [verify, verifying] = useMutation(VERIFY_READ_MODEL, { context: { quiet: true } });
  const [resume, resuming] = useMutation(RESUME_READ_MODEL, { context: { quiet: true } });
  const busy = rebuilding.loading || verifying.loading || resuming.loading;

  const open = (action: Action, model: ReadModelData) => {
    setProblem(null);
    setDialog({ action, model });
  };
  const confirm = async (reason: string) => {
    if (!dialog) return;
    const { action, model } = dialog;
    const variables = { input: { name: model.id, reason } };
    try {
      if (action === 'rebuild') await rebuild({ variables });
      else if (action === 'verify') await verify({ variables });
      else await resume({ variables });
      setDialog(null);
      notifySuccess(
        action === 'resume' ? t('admin.readModels.resumed', { name: model.id }) : t('admin.readModels.started', { action, name: model.id }),
      );
      setParams({ model: model.id }, { replace: true });
      setPollInterval(POLL_RUNNING_MS);
      await refetch();
    } catch (e) {
      setProblem(errorMessage(e));
    }
  };

  const models = data?.readModels ?? [];
  return (
    <Page title={t('admin.readModels.title')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('admin.readModels.intro')}
      </Typography>
      {loading && !data ? (
        <Loading label={t('admin.readModels.loading')} />
      ) : error && !data ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('admin.readModels.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('admin.readModels.readModel')}</TableCell>
                <TableCell align="right">{t('admin.readModels.version')}</TableCell>
                <TableCell>{t('admin.readModels.checkpoint')}</TableCell>
                <TableCell>{t('admin.readModels.lag')}</TableCell>
                <TableCell>{t('admin.readModels.stateColumn')}</TableCell>
                <TableCell align="right">{t('admin.readModels.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {models.map((m) => {
                const detail = m.running || m.failure;
                return (
                  <Fragment key={m.id}>
                    <TableRow
                      selected={chosen === m.id}
                      data-testid={`read-model-${m.id}`}
                      sx={detail ? { '& > td': { borderBottom: 0 } } : undefined}
                    >
                      <TableCell component="th" scope="row">
                        <Button
                          size="small"
                          onClick={() => setParams({ model: m.id }, { replace: true })}
                          aria-label={t('admin.readModels.historyOf', { name: m.id })}
                          sx={{ textTransform: 'none', fontWeight: 600, justifyContent: 'flex-start', minWidth: 0, px: 0.5 }}
                        >
                          {m.id}
                        </Button>
                      </TableCell>
                      <TableCell align="right">{m.version}</TableCell>
                      <TableCell>
                        <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                          {m.checkpoint ?? '—'}
                        </Typography>
                        <Typography variant="caption" color="text.secondary">
                          {t('admin.readModels.applied', { count: m.eventsApplied.toLocaleString(formattingLocale()) })}
                        </Typography>
                      </TableCell>
                      <TableCell>{lagText(m)}</TableCell>
                      <TableCell>
                        <Chip size="small" label={t(`admin.readModels.state.${m.state}`)} color={STATE_COLOR[m.state]} />
                      </TableCell>
                      <TableCell align="right">
                        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                          <Button
                            size="small"
                            variant="outlined"
                            disabled={!!m.running}
                            onClick={() => open('rebuild', m)}
                            aria-label={t('admin.readModels.actionOn', { action: 'rebuild', name: m.id })}
                          >
                            {t('admin.readModels.action.rebuild')}
                          </Button>
                          <Button
                            size="small"
                            variant="outlined"
                            disabled={!!m.running || !!m.failure}
                            onClick={() => open('verify', m)}
                            aria-label={t('admin.readModels.actionOn', { action: 'verify', name: m.id })}
                          >
                            {t('admin.readModels.action.verify')}
                          </Button>
                          <Button
                            size="small"
                            variant="outlined"
                            disabled={!m.failure}
                            onClick={() => open('resume', m)}
                            aria-label={t('admin.readModels.actionOn', { action: 'resume', name: m.id })}
                          >
                            {t('admin.readModels.action.resume')}
                          </Button>
                        </Stack>
                      </TableCell>
                    </TableRow>
                    {detail && (
                      <TableRow selected={chosen === m.id}>
                        <TableCell colSpan={6} sx={{ pt: 0 }}>
                          {m.running && <Running model={m} />}
                          {m.failure && (
                            <Alert severity="error" sx={{ mt: m.running ? 1 : 0 }}>
                              {t('admin.readModels.stoppedAt', {
                                when: formatDateTime(m.failure.failedOn),
                                type: m.failure.eventType,
                                stream: m.failure.streamId,
                                version: String(m.failure.streamVersion),
                                position: String(m.failure.position),
                                error: m.failure.error,
                              })}
                            </Alert>
                          )}
                        </TableCell>
                      </TableRow>
                    )}
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {chosen && models.some((m) => m.id === chosen) && <History name={chosen} />}
      {dialog && (
        <OperationDialog
          action={dialog.action}
          model={dialog.model}
          busy={busy}
          problem={problem}
          onClose={() => setDialog(null)}
          onConfirm={(reason) => void confirm(reason)}
        />
      )}
    </Page>
  );
}
