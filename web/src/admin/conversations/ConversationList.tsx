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
import { ConversationStatus, markingChoices, statusFilterChoices } from './status';
import { type Translate, useT } from '../../i18n/useT';

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

const filters = (t: Translate): FilterField[] => [
  { source: 'status', label: t('admin.conversations.status'), kind: 'choice', choices: statusFilterChoices(t) },
  { source: 'reservedBy.displayName', label: t('admin.conversations.student'), kind: 'text' },
  { source: 'reservedWith.displayName', label: t('admin.conversations.speaker'), kind: 'text' },
  { source: 'reservedBy.emailAddress', label: t('admin.conversations.studentEmail'), kind: 'text' },
  { source: 'reservedWith.emailAddress', label: t('admin.conversations.speakerEmail'), kind: 'text' },
  { source: 'reservedStart', label: t('admin.conversations.starts'), kind: 'date' },
  {
    source: 'isCanceled',
    label: t('admin.conversations.canceled'),
    kind: 'choice',
    choices: [
      { id: 'true', name: t('admin.common.yes') },
      { id: 'false', name: t('admin.common.no') },
    ],
  },
  { source: 'markedAs', label: t('admin.conversations.markedAs'), kind: 'choice', choices: markingChoices(t) },
  { source: 'learningLanguage', label: t('admin.conversations.language'), kind: 'text' },
];

export function ConversationTable({ urlKey = 'table', fixedFilter }: { urlKey?: string; fixedFilter?: TableFilterItem[] }) {
  const t = useT();
  const list = useCursorList({ resource: 'conversations', defaults: DEFAULTS, urlKey, fixedFilter, refetchInterval: 30_000 });
  const columns: Column[] = [
    { source: 'reservedStart', label: t('admin.conversations.starts'), field: <TimeField source="reservedStart" /> },
    { source: 'reservedBy.displayName', label: t('admin.conversations.student'), field: <Person source="reservedBy" /> },
    { source: 'reservedWith.displayName', label: t('admin.conversations.speaker'), field: <Person source="reservedWith" /> },
    { source: 'status', label: t('admin.conversations.status'), field: <Status /> },
    { source: 'duration', label: t('admin.conversations.minutes'), field: <TextValue source="duration" /> },
    {
      source: 'learningLanguage',
      label: t('admin.conversations.language'),
      field: <TextValue source="learningLanguage" />,
      defaultVisible: false,
    },
    { source: 'createdAt', label: t('admin.conversations.reservedOn'), field: <TimeField source="createdAt" />, defaultVisible: false },
  ];
  return (
    <CursorListView
      list={list}
      columns={columns}
      filters={filters(t)}
      rowClick={(id) => `/admin/conversations/${encodeURIComponent(String(id))}`}
      rowSx={(record) => (record.isCanceled ? { bgcolor: 'action.hover', '& td': { color: 'text.secondary' } } : {})}
      empty={<Typography color="text.secondary">{t('admin.conversations.empty')}</Typography>}
    />
  );
}

export function ConversationList() {
  const t = useT();
  return (
    <Page title={t('admin.conversations.title')}>
      <ConversationTable />
    </Page>
  );
}
