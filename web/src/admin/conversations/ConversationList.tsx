/**
 * /admin/conversations (spec 2): every conversation with the student's (reservedBy) and the
 * speaker's (reservedWith) display names, canceled rows shaded, a row opens its details. Paged,
 * sorted and filtered on the server; the table's state is in the URL.
 */
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import { Page } from '../../components/Page';
import type { TableFilterItem } from '../dataProvider/mapping';
import { defaultTableState } from '../dataProvider/tableState';
import { CursorListView, type Column } from '../list/CursorListView';
import type { FilterField } from '../list/FilterBar';
import { TextValue, TimeField } from '../list/fields';
import { useCursorList } from '../list/useCursorList';
import { ConversationStatus, MARKING_LABELS, STATUS_FILTER_CHOICES } from './status';

const DEFAULTS = defaultTableState({ sort: [{ field: 'reservedStart', sort: 'desc' }] });

interface Row {
  id: string;
  status: string;
  isCanceled: boolean;
  markedAs: string | null;
  reservedBy: { id: string; displayName: string | null; emailAddress: string } | null;
  reservedWith: { id: string; displayName: string | null; emailAddress: string } | null;
}

function Status(_: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<Row>();
  return record ? <ConversationStatus status={record.status} isCanceled={record.isCanceled} markedAs={record.markedAs} /> : null;
}

/** A person's display name, or their address while they have none. */
function Person({ source }: { source: string; label?: string; sortable?: boolean; sortBy?: string }) {
  const record = useRecordContext<Row>();
  // The table passes the column's sort path (reservedBy.displayName): the person is its first part.
  const person = record?.[source.split('.')[0] as 'reservedBy' | 'reservedWith'];
  return (
    <Typography component="span" variant="body2">
      {person?.displayName ?? person?.emailAddress ?? '—'}
    </Typography>
  );
}

const FILTERS: FilterField[] = [
  { source: 'status', label: 'Status', kind: 'choice', choices: STATUS_FILTER_CHOICES },
  { source: 'reservedBy.displayName', label: 'Student', kind: 'text' },
  { source: 'reservedWith.displayName', label: 'Speaker', kind: 'text' },
  { source: 'reservedBy.emailAddress', label: 'Student email', kind: 'text' },
  { source: 'reservedWith.emailAddress', label: 'Speaker email', kind: 'text' },
  { source: 'reservedStart', label: 'Starts', kind: 'date' },
  {
    source: 'isCanceled',
    label: 'Canceled',
    kind: 'choice',
    choices: [
      { id: 'true', name: 'Yes' },
      { id: 'false', name: 'No' },
    ],
  },
  { source: 'markedAs', label: 'Marked as', kind: 'choice', choices: Object.entries(MARKING_LABELS).map(([id, name]) => ({ id, name })) },
  { source: 'learningLanguage', label: 'Language', kind: 'text' },
];

export function ConversationTable({ urlKey = 'table', fixedFilter }: { urlKey?: string; fixedFilter?: TableFilterItem[] }) {
  const list = useCursorList({ resource: 'conversations', defaults: DEFAULTS, urlKey, fixedFilter, refetchInterval: 30_000 });
  const columns: Column[] = [
    { source: 'reservedStart', label: 'Starts', field: <TimeField source="reservedStart" /> },
    { source: 'reservedBy.displayName', label: 'Student', field: <Person source="reservedBy" /> },
    { source: 'reservedWith.displayName', label: 'Speaker', field: <Person source="reservedWith" /> },
    { source: 'status', label: 'Status', field: <Status /> },
    { source: 'duration', label: 'Minutes', field: <TextValue source="duration" /> },
    { source: 'learningLanguage', label: 'Language', field: <TextValue source="learningLanguage" />, defaultVisible: false },
    { source: 'createdAt', label: 'Reserved on', field: <TimeField source="createdAt" />, defaultVisible: false },
  ];
  return (
    <CursorListView
      list={list}
      columns={columns}
      filters={FILTERS}
      rowClick={(id) => `/admin/conversations/${encodeURIComponent(String(id))}`}
      rowSx={(record) => (record.isCanceled ? { bgcolor: 'action.hover', '& td': { color: 'text.secondary' } } : {})}
      empty={<Typography color="text.secondary">No conversations match these filters.</Typography>}
    />
  );
}

export function ConversationList() {
  return (
    <Page title="Conversations">
      <ConversationTable />
    </Page>
  );
}
