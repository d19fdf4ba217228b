/**
 * Erasure (issue 34, docs/decisions/erasure.md) on every role's settings, and on a person's page in
 * the back-office (`personId`): what holds it back, asking for it (after a confirmation), the date it
 * will happen and cancelling it until then, and that it happened.
 */
import { useMutation, useQuery } from '@apollo/client';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { FormAlert } from '../components/FormAlert';
import type { DocumentType } from '../gql';
import { useT } from '../i18n/useT';
import { errorMessage } from '../lib/errors';
import { formatDate, formatDateTime, formatMonth } from '../lib/time';
import { CANCEL_ERASURE, ERASURE, REQUEST_ERASURE } from './erasureOperations';

type Obligation = DocumentType<typeof ERASURE>['erasure']['obligations'][number];

export function ErasureCard({ personId }: { personId?: string }) {
  const t = useT();
  const variables = { personId: personId ?? null };
  const { data } = useQuery(ERASURE, { variables, fetchPolicy: 'cache-and-network' });
  const refetch = { refetchQueries: [{ query: ERASURE, variables }], awaitRefetchQueries: true, context: { quiet: true } };
  const [request, requesting] = useMutation(REQUEST_ERASURE, refetch);
  const [cancel, cancelling] = useMutation(CANCEL_ERASURE, refetch);
  const [confirming, setConfirming] = useState(false);
  const forPerson = personId !== undefined;
  const erasure = data?.erasure;
  const zone = data?.me?.tzIdentifier;
  const error = requesting.error ?? cancelling.error;
  const describe = (o: Obligation) =>
    o.kind === 'PAYROLL'
      ? t('erasure.obligation.payroll', { month: formatMonth(o.month ?? '') })
      : t('erasure.obligation.enrollment', { course: o.courseName ?? '', date: formatDate(o.endDate) });

  const ask = async () => {
    await request({ variables: { input: variables } }).catch(() => null);
    setConfirming(false);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="erasure-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="erasure-title" variant="h6" component="h2" gutterBottom>
        {t(forPerson ? 'erasure.titleForPerson' : 'erasure.title')}
      </Typography>
      {erasure && (
        <Stack spacing={2}>
          <FormAlert message={error ? errorMessage(error) : null} />
          {erasure.status === 'NONE' && (
            <>
              <Typography color="text.secondary">
                {t(forPerson ? 'erasure.helpForPerson' : 'erasure.help', { days: erasure.graceDays })}
              </Typography>
              {erasure.obligations.length > 0 && (
                <div role="status" data-testid="erasure-obligations">
                  <Typography>{t(forPerson ? 'erasure.blockedForPerson' : 'erasure.blocked')}</Typography>
                  <ul>
                    {erasure.obligations.map((o) => (
                      <li key={`${o.kind}-${o.month ?? o.courseName}`}>{describe(o)}</li>
                    ))}
                  </ul>
                </div>
              )}
              <div>
                <Button
                  variant="outlined"
                  color="error"
                  disabled={erasure.obligations.length > 0 || requesting.loading}
                  onClick={() => setConfirming(true)}
                >
                  {t(forPerson ? 'erasure.requestForPerson' : 'erasure.request')}
                </Button>
              </div>
            </>
          )}
          {erasure.status === 'PENDING' && (
            <>
              <Typography role="status" data-testid="erasure-status">
                {t(forPerson ? 'erasure.pendingForPerson' : 'erasure.pending', { date: formatDateTime(erasure.eraseAfter, zone) })}
              </Typography>
              <div>
                <Button
                  variant="contained"
                  disabled={cancelling.loading}
                  onClick={() => void cancel({ variables: { input: variables } }).catch(() => null)}
                >
                  {t('erasure.cancel')}
                </Button>
              </div>
            </>
          )}
          {erasure.status === 'ERASED' && (
            <Typography role="status" data-testid="erasure-status">
              {t('erasure.erased', { date: formatDateTime(erasure.erasedAt, zone) })}
            </Typography>
          )}
          <ConfirmDialog
            open={confirming}
            title={t(forPerson ? 'erasure.confirmTitleForPerson' : 'erasure.confirmTitle')}
            text={t(forPerson ? 'erasure.confirmTextForPerson' : 'erasure.confirmText', { days: erasure.graceDays })}
            confirmLabel={t('erasure.confirm')}
            destructive
            busy={requesting.loading}
            onClose={() => setConfirming(false)}
            onConfirm={() => void ask()}
          />
        </Stack>
      )}
    </Paper>
  );
}
