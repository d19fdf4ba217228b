/**
 * /speaker/payroll (spec 3; issue 12): the month picker, the month's summary, a chart of the last
 * months, the itemized lines and both CSV downloads. Calls are uncached (network only).
 */
import { useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { errorMessage } from '../../lib/errors';
import { currentPayMonth, monthRange, payMonthChoices } from '../../payroll/months';
import { ITEMIZED_PAYROLL, SPEAKER_PAYROLL } from '../../payroll/operations';
import { CsvDownloads, ItemizedLines, MonthPicker, PayChart, PayrollSummary } from '../../payroll/PayrollParts';
import { useT } from '../../i18n/useT';

const CHART_MONTHS = 6;

export default function PayrollPage() {
  const t = useT();
  const [month, setMonth] = useState(currentPayMonth());
  const range = monthRange(month);
  const chartMonths = payMonthChoices()
    .filter((m) => m <= month)
    .slice(0, CHART_MONTHS)
    .reverse();
  const { data, error, loading, refetch } = useQuery(SPEAKER_PAYROLL, {
    variables: { ...range, historyStart: monthRange(month, chartMonths.length).startTime },
    fetchPolicy: 'network-only',
    context: { quiet: true },
  });
  const me = data?.me;
  const lines = useQuery(ITEMIZED_PAYROLL, {
    variables: { speakerId: me?.id ?? '', ...range },
    skip: !me,
    fetchPolicy: 'network-only',
    context: { quiet: true },
  });
  const failure = error ?? lines.error;
  return (
    <Page title={t('speaker.nav.payroll')}>
      <Stack spacing={3}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <MonthPicker value={month} onChange={setMonth} />
          <CsvDownloads month={month} />
        </Stack>
        {failure ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void Promise.all([refetch(), lines.refetch()])}>
                {t('speaker.payroll.retry')}
              </Button>
            }
          >
            {errorMessage(failure)}
          </Alert>
        ) : loading && !data ? (
          <Loading label={t('speaker.payroll.loading')} />
        ) : (
          <>
            <PayrollSummary row={data?.month[0] ?? null} month={month} />
            <Paper variant="outlined" sx={{ p: 2 }}>
              <PayChart rows={data?.history ?? []} months={chartMonths} />
            </Paper>
            <section aria-labelledby="payroll-lines-title">
              <Typography id="payroll-lines-title" variant="h6" component="h2" gutterBottom>
                {t('speaker.payroll.itemized')}
              </Typography>
              {lines.loading && !lines.data ? (
                <Loading label={t('speaker.payroll.itemizedLoading')} />
              ) : (
                <ItemizedLines lines={lines.data?.itemizedPayroll ?? []} zone={me?.tzIdentifier ?? null} />
              )}
            </section>
          </>
        )}
      </Stack>
    </Page>
  );
}
