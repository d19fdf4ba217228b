/**
 * "Download my data" (issue 34) on every role's settings, and on a person's page in the back-office
 * (`personId`): asks for an export, shows the job's progress (polled every second while it runs),
 * then that the link went by mail, valid once until it expires. An admin may say why (the person sees
 * it in who looked at their data).
 */
import { useMutation, useQuery } from '@apollo/client';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { FormAlert } from '../components/FormAlert';
import { useT } from '../i18n/useT';
import { errorMessage } from '../lib/errors';
import { formatDateTime } from '../lib/time';
import { DATA_EXPORT, REQUEST_DATA_EXPORT } from './dataExportOperations';

const POLL_MS = 1000;
/** The server's limit on an admin's reason (services/domain/dataAccess). */
const REASON_MAX_LENGTH = 500;

export function DataExportCard({ personId }: { personId?: string }) {
  const t = useT();
  const variables = { personId: personId ?? null };
  const { data, startPolling, stopPolling } = useQuery(DATA_EXPORT, { variables, fetchPolicy: 'cache-and-network' });
  const [request, { loading, error }] = useMutation(REQUEST_DATA_EXPORT, {
    context: { quiet: true },
    refetchQueries: [{ query: DATA_EXPORT, variables }],
    awaitRefetchQueries: true,
  });
  const [reason, setReason] = useState('');
  const current = data?.dataExport ?? null;
  const zone = data?.me?.tzIdentifier;
  const running = current?.status === 'RUNNING';
  useEffect(() => {
    if (!running) return;
    startPolling(POLL_MS);
    return stopPolling;
  }, [running, startPolling, stopPolling]);

  const forPerson = personId !== undefined;
  const percent = current && current.partsTotal > 0 ? Math.round((100 * current.partsDone) / current.partsTotal) : 0;
  const status = !current
    ? null
    : current.status === 'RUNNING'
      ? t('dataExport.running', { percent })
      : current.status === 'READY'
        ? t(forPerson ? 'dataExport.readyForPerson' : 'dataExport.ready', { expiresAt: formatDateTime(current.expiresAt, zone) })
        : current.status === 'DOWNLOADED'
          ? t('dataExport.downloaded', { at: formatDateTime(current.downloadedAt, zone) })
          : t('dataExport.failed');

  return (
    <Paper variant="outlined" component="section" aria-labelledby="data-export-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="data-export-title" variant="h6" component="h2" gutterBottom>
        {t(forPerson ? 'dataExport.titleForPerson' : 'dataExport.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(forPerson ? 'dataExport.helpForPerson' : 'dataExport.help')}
      </Typography>
      <Stack spacing={2}>
        <FormAlert message={error ? errorMessage(error) : null} />
        {running && <LinearProgress variant="determinate" value={percent} aria-label={t('dataExport.progress')} />}
        {status && (
          <Typography role="status" data-testid="data-export-status">
            {status}
          </Typography>
        )}
        {forPerson && (
          <TextField
            label={t('dataExport.reason')}
            helperText={t('dataExport.reasonHelp')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            slotProps={{ htmlInput: { maxLength: REASON_MAX_LENGTH } }}
            multiline
            minRows={2}
            disabled={running}
          />
        )}
        <div>
          <Button
            variant="contained"
            onClick={() =>
              void request({ variables: { input: forPerson ? { ...variables, reason: reason.trim() || null } : variables } })
                .then(() => setReason(''))
                .catch(() => null)
            }
            disabled={loading || running}
          >
            {t(forPerson ? 'dataExport.requestForPerson' : 'dataExport.request')}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
