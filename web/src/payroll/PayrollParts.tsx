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
import { formatDayAndTime } from '../lib/time';
import { downloadCsv } from './downloadCsv';
import { barDollars, dollars, monthLabel, payMonthChoices, payrollCsvUrl, shortMonthLabel } from './months';
import type { PayrollLineData, PayrollRowData } from './operations';

export function MonthPicker({ value, onChange }: { value: string; onChange(month: string): void }) {
  return (
    <TextField
      select
      label="Month"
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

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant={strong ? 'h5' : 'body1'} sx={{ m: 0, fontWeight: strong ? 600 : 400 }}>
        {value}
      </Typography>
    </Box>
  );
}

const perHour = (cents: number) => `${dollars(cents)}/h`;

/** The month's summary (spec 3: conversation and idle minutes and rates, total), or zeros when nothing was paid. */
export function PayrollSummary({ row, month }: { row: PayrollRowData | null; month: string }) {
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
        {r.closed && <Chip size="small" label="Closed" color="success" />}
      </Stack>
      <Box
        component="dl"
        data-testid="payroll-summary"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 2, m: 0 }}
      >
        <Figure label="Conversation minutes" value={String(r.conversationPayMinutes)} />
        <Figure label="Conversation rate" value={perHour(r.conversationPayRate)} />
        <Figure label="Conversation pay" value={dollars(r.conversationPayAmount)} />
        <Figure label="Idle minutes" value={String(r.idlePayMinutes)} />
        <Figure label="Idle rate" value={perHour(r.idlePayRate)} />
        <Figure label="Idle pay" value={dollars(r.idlePayAmount)} />
        {r.adjustmentAmount !== 0 && <Figure label="Adjustments" value={dollars(r.adjustmentAmount)} />}
        <Figure label="Total pay" value={dollars(r.totalPay)} strong />
      </Box>
    </Paper>
  );
}

/** On a phone the lines keep time, kind, minutes and amount; the rate is in the summary above. */
const HIDE_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } } as const;

const KIND_LABEL: Record<string, string> = { conversation: 'Conversation', idle: 'Idle time', adjustment: 'Adjustment' };

/** The itemized lines, times in the viewer's zone; an adjustment names the month it corrects. */
export function ItemizedLines({ lines, zone }: { lines: PayrollLineData[]; zone: string | null }) {
  if (!lines.length)
    return (
      <Typography color="text.secondary" data-testid="payroll-lines-empty">
        No pay for this month yet.
      </Typography>
    );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Itemized pay" sx={{ '& th, & td': { px: { xs: 1, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell>Time</TableCell>
            <TableCell>Kind</TableCell>
            <TableCell align="right">Minutes</TableCell>
            <TableCell align="right" sx={HIDE_ON_PHONE}>
              Rate
            </TableCell>
            <TableCell align="right">Amount</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((l) => (
            <TableRow key={`${l.kind}-${l.attachmentId ?? l.adjustsMonth}-${l.time}`}>
              <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }}>{l.kind === 'adjustment' ? '—' : formatDayAndTime(l.time, zone)}</TableCell>
              <TableCell>{l.kind === 'adjustment' ? `Adjustment to ${monthLabel(l.adjustsMonth!)}` : KIND_LABEL[l.kind]}</TableCell>
              <TableCell align="right">{l.kind === 'adjustment' ? '' : l.minutes}</TableCell>
              <TableCell align="right" sx={HIDE_ON_PHONE}>
                {l.kind === 'adjustment' ? '' : perHour(l.rate)}
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
  const max = Math.max(1, ...totals.map((t) => t.total));
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" variant="subtitle2" gutterBottom>
        Total pay, last {months.length} months
      </Typography>
      <Box component="ol" sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, height: 140, listStyle: 'none', p: 0, m: 0 }}>
        {totals.map((t) => (
          <Box
            component="li"
            key={t.month}
            sx={{
              flex: 1,
              minWidth: 0,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              height: '100%',
              justifyContent: 'flex-end',
            }}
            aria-label={`${monthLabel(t.month)}: ${dollars(t.total)}`}
          >
            <Typography variant="caption" aria-hidden sx={{ fontSize: 10 }}>
              {t.total ? barDollars(t.total) : ''}
            </Typography>
            <Box
              aria-hidden
              sx={{
                width: '100%',
                maxWidth: 36,
                height: `${Math.max(t.total > 0 ? 4 : 1, (t.total / max) * 100)}px`,
                bgcolor: t.total > 0 ? 'primary.main' : 'divider',
                borderRadius: 0.5,
              }}
            />
            <Typography variant="caption" aria-hidden>
              {shortMonthLabel(t.month)}
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
