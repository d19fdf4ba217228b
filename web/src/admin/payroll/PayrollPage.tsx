/**
 * /admin/speakers/payroll (spec 3; issue 12): a month's state and closing, every speaker's row for
 * it (server-side paging, sort and filter, 25 a page), both CSVs for all speakers, and a speaker's
 * itemized lines on a row's click. The month is in the URL (?month=YYYY-MM).
 */
import { useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useRecordContext } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { PAYROLL_PAGE_SIZE } from '../../../../contracts/payroll';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { type Translate, useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';
import { currentPayMonth, dollars, monthLabel, monthRange, payMonthChoices } from '../../payroll/months';
import { ITEMIZED_PAYROLL, type PayrollRowData } from '../../payroll/operations';
import { CsvDownloads, ItemizedLines, MonthPicker } from '../../payroll/PayrollParts';
import { defaultTableState } from '../dataProvider/tableState';
import { CursorListView, type Column } from '../list/CursorListView';
import type { FilterField } from '../list/FilterBar';
import { TextValue } from '../list/fields';
import { useCursorList } from '../list/useCursorList';
import { useAdminSelf } from '../zone';
import { MonthPanel } from './MonthPanel';

const DEFAULTS = defaultTableState({ sort: [{ field: 'speaker.surname', sort: 'asc' }], pageSize: PAYROLL_PAGE_SIZE });

function Money({ source }: { source: keyof PayrollRowData; label?: string; sortable?: boolean }) {
  const row = useRecordContext<PayrollRowData>();
  return row ? (
    <Typography variant="body2" sx={{ textAlign: 'right' }}>
      {dollars(row[source] as number)}
    </Typography>
  ) : null;
}
function Rate({ source }: { source: keyof PayrollRowData; label?: string; sortable?: boolean }) {
  const t = useT();
  const row = useRecordContext<PayrollRowData>();
  return row ? (
    <Typography variant="body2" sx={{ textAlign: 'right' }}>
      {t('admin.payroll.perHour', { amount: dollars(row[source] as number) })}
    </Typography>
  ) : null;
}

const columns = (t: Translate): Column[] => [
  { source: 'speaker.givenName', label: t('admin.payroll.givenName'), field: <TextValue source="speaker.givenName" /> },
  { source: 'speaker.surname', label: t('admin.payroll.surname'), field: <TextValue source="speaker.surname" /> },
  { source: 'conversationPayMinutes', label: t('admin.payroll.conversationMinutes'), field: <TextValue source="conversationPayMinutes" /> },
  {
    source: 'conversationPayRate',
    label: t('admin.payroll.conversationRate'),
    field: <Rate source="conversationPayRate" />,
    sortable: false,
  },
  { source: 'conversationPayAmount', label: t('admin.payroll.conversationPay'), field: <Money source="conversationPayAmount" /> },
  { source: 'idlePayMinutes', label: t('admin.payroll.idleMinutes'), field: <TextValue source="idlePayMinutes" /> },
  { source: 'idlePayRate', label: t('admin.payroll.idleRate'), field: <Rate source="idlePayRate" />, sortable: false },
  { source: 'idlePayAmount', label: t('admin.payroll.idlePay'), field: <Money source="idlePayAmount" /> },
  { source: 'adjustmentAmount', label: t('admin.payroll.adjustments'), field: <Money source="adjustmentAmount" />, defaultVisible: false },
  { source: 'totalPay', label: t('admin.payroll.totalPay'), field: <Money source="totalPay" /> },
];

const filters = (t: Translate): FilterField[] => [
  { source: 'speaker.givenName', label: t('admin.payroll.givenName'), kind: 'text' },
  { source: 'speaker.surname', label: t('admin.payroll.surname'), kind: 'text' },
  { source: 'totalPay', label: t('admin.payroll.totalPayCents'), kind: 'number' },
];

function SpeakerLines({ row, month, onClose }: { row: PayrollRowData; month: string; onClose(): void }) {
  const t = useT();
  const zone = useAdminSelf().tzIdentifier;
  const { data, error, loading } = useQuery(ITEMIZED_PAYROLL, {
    variables: { speakerId: row.speaker!.id, ...monthRange(month) },
    fetchPolicy: 'network-only',
    context: { quiet: true },
  });
  const name = [row.speaker?.givenName, row.speaker?.surname].filter(Boolean).join(' ') || row.speaker?.id;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="speaker-lines-title">
      <DialogTitle id="speaker-lines-title">
        {t('admin.payroll.linesTitle', { name: name ?? '', month: monthLabel(month), total: dollars(row.totalPay) })}
      </DialogTitle>
      <DialogContent>
        {loading ? (
          <Loading label={t('admin.payroll.loadingLines')} />
        ) : error ? (
          <Alert severity="error">{errorMessage(error)}</Alert>
        ) : (
          <ItemizedLines lines={data?.itemizedPayroll ?? []} zone={zone} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin.payroll.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export default function PayrollPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const asked = params.get('month');
  const month = asked && payMonthChoices().includes(asked) ? asked : currentPayMonth();
  const meta = useMemo(() => ({ month }), [month]);
  const list = useCursorList({ resource: 'payroll_rows', defaults: DEFAULTS, urlKey: 'table', meta });
  const [open, setOpen] = useState<PayrollRowData | null>(null);
  const choose = (next: string) =>
    setParams((p) => {
      const out = new URLSearchParams(p);
      out.set('month', next);
      out.delete('table');
      return out;
    });
  return (
    <Page title={t('admin.payroll.title')}>
      <Stack spacing={3}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <MonthPicker value={month} onChange={choose} />
          <CsvDownloads month={month} all />
        </Stack>
        <MonthPanel month={month} onChanged={() => list.goFirst()} />
        <CursorListView
          list={list}
          columns={columns(t)}
          filters={filters(t)}
          rowClick={(_id, _resource, record) => {
            setOpen(record as unknown as PayrollRowData);
            return false;
          }}
          empty={<Typography color="text.secondary">{t('admin.payroll.empty', { month: monthLabel(month) })}</Typography>}
        />
      </Stack>
      {open && <SpeakerLines row={open} month={month} onClose={() => setOpen(null)} />}
    </Page>
  );
}
