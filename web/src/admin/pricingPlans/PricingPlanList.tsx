/**
 * /admin/pricing_plans (spec 3, the admin's pricing plans table): every plan with its kind, duration,
 * prices, how many courses were made with it and which is the system default, paged, sorted and
 * filtered on the server; a row opens the plan's page, where it is edited.
 */
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { type Translate, useT } from '../../i18n/useT';
import { Page } from '../../components/Page';
import { defaultTableState } from '../dataProvider/tableState';
import { CursorListView, type Column } from '../list/CursorListView';
import type { FilterField } from '../list/FilterBar';
import { TextValue } from '../list/fields';
import { useCursorList } from '../list/useCursorList';
import { kindChoices, kindName } from './kinds';
import { pricesText, type PriceEntry } from './prices';

const DEFAULTS = defaultTableState({
  sort: [
    { field: 'systemDefault', sort: 'desc' },
    { field: 'name', sort: 'asc' },
  ],
});

const filters = (t: Translate): FilterField[] => [
  { source: 'name', label: t('admin.pricing.name'), kind: 'text' },
  { source: 'kind', label: t('admin.pricing.kind'), kind: 'choice', choices: kindChoices(t) },
  {
    source: 'conversationDuration',
    label: t('admin.pricing.duration'),
    kind: 'choice',
    choices: [
      { id: '15', name: t('admin.pricing.minutesChoice', { minutes: 15 }) },
      { id: '30', name: t('admin.pricing.minutesChoice', { minutes: 30 }) },
    ],
  },
  {
    source: 'systemDefault',
    label: t('admin.pricing.systemDefault'),
    kind: 'choice',
    choices: [
      { id: 'true', name: t('admin.common.yes') },
      { id: 'false', name: t('admin.common.no') },
    ],
  },
  { source: 'coursesCount', label: t('admin.pricing.courses'), kind: 'number' },
];

type Cell = { source?: string; label?: string; sortable?: boolean };

function Kind(_: Cell) {
  const t = useT();
  const plan = useRecordContext<{ kind: string }>();
  return plan ? <Typography variant="body2">{kindName(plan.kind, t)}</Typography> : null;
}

function Prices({ list }: Cell & { list: 'priceList' | 'promotionalPriceList' }) {
  const plan = useRecordContext<Record<string, PriceEntry[] | null>>();
  return plan ? <Typography variant="body2">{pricesText(plan[list])}</Typography> : null;
}

function Default(_: Cell) {
  const t = useT();
  const plan = useRecordContext<{ systemDefault: boolean }>();
  return plan?.systemDefault ? <Chip size="small" color="primary" label={t('admin.pricing.systemDefault')} /> : null;
}

export function PricingPlanList() {
  const t = useT();
  const list = useCursorList({ resource: 'pricing_plans', defaults: DEFAULTS });
  const columns: Column[] = [
    { source: 'name', label: t('admin.pricing.name'), field: <TextValue source="name" /> },
    { source: 'kind', label: t('admin.pricing.kind'), field: <Kind /> },
    { source: 'conversationDuration', label: t('admin.pricing.durationMin'), field: <TextValue source="conversationDuration" /> },
    { source: 'priceList', label: t('admin.pricing.prices'), field: <Prices list="priceList" />, sortable: false },
    {
      source: 'promotionalPriceList',
      label: t('admin.pricing.promotionalPrices'),
      field: <Prices list="promotionalPriceList" />,
      sortable: false,
    },
    { source: 'coursesCount', label: t('admin.pricing.courses'), field: <TextValue source="coursesCount" /> },
    { source: 'systemDefault', label: t('admin.pricing.default'), field: <Default /> },
  ];
  return (
    <Page title={t('admin.pricing.title')}>
      <CursorListView
        list={list}
        columns={columns}
        filters={filters(t)}
        toolbar={
          <Button component={RouterLink} to="/admin/pricing_plans/create" variant="contained" startIcon={<AddIcon />}>
            {t('admin.pricing.new')}
          </Button>
        }
        rowClick={(id) => `/admin/pricing_plans/${encodeURIComponent(String(id))}`}
        empty={<EmptyState compact title={t('admin.pricing.empty')} description={t('admin.pricing.emptyHelp')} />}
      />
    </Page>
  );
}
