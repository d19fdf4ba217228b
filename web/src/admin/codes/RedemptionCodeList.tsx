/**
 * /admin/redemption_codes: every code, newest first, paged, sorted and filtered on the server
 * through the shared connection mechanism. A code can be looked up as typed (the admin code field's
 * V1/V2 rule), and a new set made from here.
 */
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Translate, useT } from '../../i18n/useT';
import { useState } from 'react';
import { useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { adminRedemptionCodeError } from '../../../../contracts/validation/enrollment';
import { Page } from '../../components/Page';
import { firstPage } from '../dataProvider/mapping';
import { defaultTableState } from '../dataProvider/tableState';
import { CursorListView, type Column } from '../list/CursorListView';
import type { FilterField } from '../list/FilterBar';
import { TextValue, TimeField } from '../list/fields';
import { useCursorList } from '../list/useCursorList';

const DEFAULTS = defaultTableState({ sort: [{ field: 'createdAt', sort: 'desc' }] });

const filters = (t: Translate): FilterField[] => [
  { source: 'value', label: t('admin.codes.code'), kind: 'text' },
  { source: 'createdAt', label: t('admin.codes.created'), kind: 'date' },
  { source: 'redeemedOn', label: t('admin.codes.redeemedOn'), kind: 'date' },
  { source: 'minuteQuantity', label: t('admin.codes.minutes'), kind: 'number' },
];

function Redeemed(_: { source?: string; label?: string; sortable?: boolean }) {
  const t = useT();
  const record = useRecordContext<{ redeemedOn: string | null }>();
  if (!record) return null;
  return record.redeemedOn ? (
    <Chip size="small" color="default" label={t('admin.codes.redeemed')} />
  ) : (
    <Chip size="small" color="success" label={t('admin.codes.available')} />
  );
}

export function RedemptionCodeList() {
  const t = useT();
  const list = useCursorList({ resource: 'redemption_codes', defaults: DEFAULTS });
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const columns: Column[] = [
    { source: 'value', label: t('admin.codes.code'), field: <TextValue source="value" /> },
    { source: 'createdAt', label: t('admin.codes.created'), field: <TimeField source="createdAt" /> },
    { source: 'minuteQuantity', label: t('admin.codes.minutes'), field: <TextValue source="minuteQuantity" /> },
    { source: 'redemptionSet.name', label: t('admin.codes.set'), field: <TextValue source="redemptionSet.name" />, sortable: false },
    { source: 'status', label: t('admin.codes.status'), field: <Redeemed />, sortable: false },
    {
      source: 'redeemedBy.emailAddress',
      label: t('admin.codes.redeemedBy'),
      field: <TextValue source="redeemedBy.emailAddress" />,
      sortable: false,
    },
    { source: 'redeemedOn', label: t('admin.codes.redeemedOn'), field: <TimeField source="redeemedOn" /> },
  ];

  const find = (event: React.FormEvent) => {
    event.preventDefault();
    const error = adminRedemptionCodeError(code);
    setProblem(error);
    if (error || !code.trim()) return;
    list.setState({
      ...list.state,
      filter: { items: [{ field: 'value', operator: 'equals', value: code.replace(/\s+/g, '').toUpperCase() }] },
      pagination: firstPage(list.state.pagination),
    });
  };

  return (
    <Page title={t('admin.codes.title')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} alignItems={{ sm: 'flex-start' }}>
        <Stack component="form" direction="row" spacing={1} onSubmit={find} aria-label={t('admin.codes.find')} alignItems="flex-start">
          <TextField
            size="small"
            label={t('admin.codes.codeField')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={!!problem}
            helperText={problem ?? ' '}
          />
          <Button type="submit" variant="outlined">
            {t('admin.codes.findButton')}
          </Button>
        </Stack>
        <Button component={RouterLink} to="/admin/redemption_sets/new" variant="contained" startIcon={<AddIcon />}>
          {t('admin.codes.newSet')}
        </Button>
      </Stack>
      <CursorListView
        list={list}
        columns={columns}
        filters={filters(t)}
        rowClick={(id) => `/admin/redemption_codes/${encodeURIComponent(String(id))}`}
        empty={<Typography color="text.secondary">{t('admin.codes.empty')}</Typography>}
      />
    </Page>
  );
}
