/** Pieces both payroll screens show (issue 12): the month picker, the summary, the lines, the chart, the CSVs. */
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { payrollCsvName } from '../../../contracts/payroll';
import type { MessageId } from '../i18n/catalog';
import { translate } from '../i18n/translate';
import { useT } from '../i18n/useT';
import { formatDayAndTime } from '../lib/time';
import { downloadCsv } from './downloadCsv';
import { barDollars, dollars, monthLabel, payMonthChoices, payrollCsvUrl, shortMonthLabel } from './months';
import type { PayrollLineData, PayrollRowData } from './operations';

export function MonthPicker({ value, onChange }: { value: string; onChange(month: string): void }) {
  const t = useT();
  return (
    <TextField
      select
      label={t('payroll.month')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      size="small"
      sx={{ minWidth: 200, maxWidth: { sm: 260 } }}
    >
      {payMonthChoices().map((m) => (
        <MenuItem key={m} value={m}>
          {monthLabel(m)}
        </MenuItem>
      ))}
    </TextField>
  );
}

function Figure({ name, value, strong = false }: { name: MessageId; value: string; strong?: boolean }) {
  const t = useT();
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {t(name)}
      </Typography>
      <Typography component="dd" variant={strong ? 'h5' : 'body1'} sx={{ m: 0, fontWeight: strong ? 600 : 400 }}>
        {value}
      </Typography>
    </Box>
  );
}

const perHour = (cents: number) => translate('payroll.perHour', { amount: dollars(cents) });

/** The month's summary (spec 3: conversation and idle minutes and rates, total), or zeros when nothing was paid. */
export function PayrollSummary({ row, month }: { row: PayrollRowData | null; month: string }) {
  const t = useT();
  const r = row ?? {
    conversationPayMinutes: 0,
    conversationPayRate: 0,
    conversationPayAmount: 0,
    idlePayMinutes: 0,
    idlePayRate: 0,
    idlePayAmount: 0,
    adjustmentAmount: 0,
    totalPay: 0,
    closed: false,
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-labelledby="payroll-summary-title">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography id="payroll-summary-title" variant="h6" component="h2">
          {monthLabel(month)}
        </Typography>
        {r.closed && <Chip size="small" label={t('payroll.closed')} color="success" />}
      </Stack>
      <Box
        component="dl"
        data-testid="payroll-summary"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 2, m: 0 }}
      >
        <Figure name="payroll.conversationMinutes" value={String(r.conversationPayMinutes)} />
        <Figure name="payroll.conversationRate" value={perHour(r.conversationPayRate)} />
        <Figure name="payroll.conversationPay" value={dollars(r.conversationPayAmount)} />
        <Figure name="payroll.idleMinutes" value={String(r.idlePayMinutes)} />
        <Figure name="payroll.idleRate" value={perHour(r.idlePayRate)} />
        <Figure name="payroll.idlePay" value={dollars(r.idlePayAmount)} />
        {r.adjustmentAmount !== 0 && <Figure name="payroll.adjustments" value={dollars(r.adjustmentAmount)} />}
        <Figure name="payroll.totalPay" value={dollars(r.totalPay)} strong />
      </Box>
    </Paper>
  );
}

/** On a phone the lines keep time, kind, minutes and amount; the rate is in the summary above. */
const HIDE_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } } as const;

const isAdjustment = (line: PayrollLineData) => line.kind === 'adjustment';
const kindLabel = (kind: string): MessageId => (kind === 'idle' ? 'payroll.kind.idle' : 'payroll.kind.conversation');

/** The itemized lines, times in the viewer's zone; an adjustment names the month it corrects. */
export function ItemizedLines({ lines, zone }: { lines: PayrollLineData[]; zone: string | null }) {
  const t = useT();
  if (!lines.length)
    return (
      <Typography color="text.secondary" data-testid="payroll-lines-empty">
        {t('payroll.noPay')}
      </Typography>
    );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('payroll.itemized')} sx={{ '& th, & td': { px: { xs: 1, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('payroll.time')}</TableCell>
            <TableCell>{t('payroll.kind')}</TableCell>
            <TableCell align="right">{t('payroll.minutes')}</TableCell>
            <TableCell align="right" sx={HIDE_ON_PHONE}>
              {t('payroll.rate')}
            </TableCell>
            <TableCell align="right">{t('payroll.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((l) => (
            <TableRow key={`${l.kind}-${l.attachmentId ?? l.adjustsMonth}-${l.time}`}>
              <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }}>{isAdjustment(l) ? '—' : formatDayAndTime(l.time, zone)}</TableCell>
              <TableCell>
                {isAdjustment(l) ? t('payroll.adjustmentTo', { month: monthLabel(l.adjustsMonth!) }) : t(kindLabel(l.kind))}
              </TableCell>
              <TableCell align="right">{isAdjustment(l) ? '' : l.minutes}</TableCell>
              <TableCell align="right" sx={HIDE_ON_PHONE}>
                {isAdjustment(l) ? '' : perHour(l.rate)}
              </TableCell>
              <TableCell align="right">{dollars(l.amount)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** A small bar chart of the last months' totals; every bar carries its figures as text. */
export function PayChart({ rows, months }: { rows: PayrollRowData[]; months: string[] }) {
  const totals = months.map((m) => ({ month: m, total: rows.find((r) => r.month === m)?.totalPay ?? 0 }));
  const max = Math.max(1, ...totals.map((total) => total.total));
  const t = useT();
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" variant="subtitle2" gutterBottom>
        {t('payroll.chart', { months: months.length })}
      </Typography>
      <Box component="ol" sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, height: 140, listStyle: 'none', p: 0, m: 0 }}>
        {totals.map((bar) => (
          <Box
            component="li"
            key={bar.month}
            sx={{
              flex: 1,
              minWidth: 0,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              height: '100%',
              justifyContent: 'flex-end',
            }}
            aria-label={t('payroll.bar', { month: monthLabel(bar.month), amount: dollars(bar.total) })}
          >
            <Typography variant="caption" aria-hidden sx={{ fontSize: 10 }}>
              {bar.total ? barDollars(bar.total) : ''}
            </Typography>
            <Box
              aria-hidden
              sx={{
                width: '100%',
                maxWidth: 36,
                height: `${Math.max(bar.total > 0 ? 4 : 1, (bar.total / max) * 100)}px`,
                bgcolor: bar.total > 0 ? 'primary.main' : 'divider',
                borderRadius: 0.5,
              }}
            />
            <Typography variant="caption" aria-hidden>
              {shortMonthLabel(bar.month)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** File names read as file names: as written, on one line. */
const CSV_BUTTON = { textTransform: 'none', whiteSpace: 'nowrap' } as const;

/** One CSV as a link (its address works on its own too); a click downloads it with the token. */
function CsvLink({ month, itemized, all }: { month: string; itemized: boolean; all: boolean }) {
  const name = payrollCsvName(month, itemized);
  const url = payrollCsvUrl(month, itemized ? 'itemized' : 'summary', all);
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      href={url}
      download={name}
      sx={CSV_BUTTON}
      onClick={(e) => {
        e.preventDefault();
        void downloadCsv(url, name);
      }}
    >
      {name}
    </Button>
  );
}

/** payroll-YYYYMM.csv and payroll-YYYYMM-itemized.csv (every speaker's with `all`). */
export function CsvDownloads({ month, all = false }: { month: string; all?: boolean }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
      <CsvLink month={month} itemized={false} all={all} />
      <CsvLink month={month} itemized all={all} />
    </Stack>
  );
}
