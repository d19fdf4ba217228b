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
import { Page } from '../../components/Page';
import { defaultTableState } from '../dataProvider/tableState';
import { CursorListView, type Column } from '../list/CursorListView';
import type { FilterField } from '../list/FilterBar';
import { TextValue } from '../list/fields';
import { useCursorList } from '../list/useCursorList';
import { KIND_CHOICES, kindName } from './kinds';
import { pricesText, type PriceEntry } from './prices';

const DEFAULTS = defaultTableState({
  sort: [
    { field: 'systemDefault', sort: 'desc' },
    { field: 'name', sort: 'asc' },
  ],
});

const FILTERS: FilterField[] = [
  { source: 'name', label: 'Name', kind: 'text' },
  { source: 'kind', label: 'Kind', kind: 'choice', choices: KIND_CHOICES },
  {
    source: 'conversationDuration',
    label: 'Duration',
    kind: 'choice',
    choices: [
      { id: '15', name: '15 minutes' },
      { id: '30', name: '30 minutes' },
    ],
  },
  {
    source: 'systemDefault',
    label: 'System default',
    kind: 'choice',
    choices: [
      { id: 'true', name: 'Yes' },
      { id: 'false', name: 'No' },
    ],
  },
  { source: 'coursesCount', label: 'Courses', kind: 'number' },
];

type Cell = { source?: string; label?: string; sortable?: boolean };

function Kind(_: Cell) {
  const plan = useRecordContext<{ kind: string }>();
  return plan ? <Typography variant="body2">{kindName(plan.kind)}</Typography> : null;
}

function Prices({ list }: Cell & { list: 'priceList' | 'promotionalPriceList' }) {
  const plan = useRecordContext<Record<string, PriceEntry[] | null>>();
  return plan ? <Typography variant="body2">{pricesText(plan[list])}</Typography> : null;
}

function Default(_: Cell) {
  const plan = useRecordContext<{ systemDefault: boolean }>();
  return plan?.systemDefault ? <Chip size="small" color="primary" label="System default" /> : null;
}

export function PricingPlanList() {
  const list = useCursorList({ resource: 'pricing_plans', defaults: DEFAULTS });
  const columns: Column[] = [
    { source: 'name', label: 'Name', field: <TextValue source="name" /> },
    { source: 'kind', label: 'Kind', field: <Kind /> },
    { source: 'conversationDuration', label: 'Duration (min)', field: <TextValue source="conversationDuration" /> },
    { source: 'priceList', label: 'Prices', field: <Prices list="priceList" />, sortable: false },
    { source: 'promotionalPriceList', label: 'Promotional prices', field: <Prices list="promotionalPriceList" />, sortable: false },
    { source: 'coursesCount', label: 'Courses', field: <TextValue source="coursesCount" /> },
    { source: 'systemDefault', label: 'Default', field: <Default /> },
  ];
  return (
    <Page title="Pricing plans">
      <CursorListView
        list={list}
        columns={columns}
        filters={FILTERS}
        toolbar={
          <Button component={RouterLink} to="/admin/pricing_plans/create" variant="contained" startIcon={<AddIcon />}>
            New pricing plan
          </Button>
        }
        rowClick={(id) => `/admin/pricing_plans/${encodeURIComponent(String(id))}`}
        empty={
          <EmptyState
            compact
            title="No pricing plans match these filters."
            description="Change or clear the filters, or make a new plan."
          />
        }
      />
    </Page>
  );
}
