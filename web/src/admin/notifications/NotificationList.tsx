/** /admin/notifications: every mail the product queued, newest first, paged on the server. */
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import { Page } from '../../components/Page';
import type { TableFilterItem } from '../dataProvider/mapping';
import { defaultTableState } from '../dataProvider/tableState';
import { CursorListView, type Column } from '../list/CursorListView';
import type { FilterField } from '../list/FilterBar';
import { TextValue, TimeField } from '../list/fields';
import { useCursorList } from '../list/useCursorList';
import { transportInWords } from '../../../../contracts/notifications';

const DEFAULTS = defaultTableState({ sort: [{ field: 'createdAt', sort: 'desc' }] });

export const EVENT_LABELS: Record<string, string> = {
  NotificationQueued: 'Queued',
  NotificationSent: 'Sent',
  NotificationFailed: 'Failed',
  NotificationDelivered: 'Delivered',
  NotificationOpened: 'Opened',
};

export function EventChip({ type }: { type: string }) {
  const color = type === 'NotificationFailed' ? 'error' : type === 'NotificationQueued' ? 'default' : 'success';
  return <Chip size="small" color={color} label={EVENT_LABELS[type] ?? type} />;
}

/** How a mail travels, in words, as a label (capitalised). */
export const transportLabel = (transport: string) => {
  const words = transportInWords(transport);
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function Transport(_: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<{ transportType: string }>();
  return record ? (
    <Typography variant="body2" component="span">
      {transportLabel(record.transportType)}
    </Typography>
  ) : null;
}

function LatestEvent(_: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<{ latestEventType: string }>();
  return record ? <EventChip type={record.latestEventType} /> : null;
}

const FILTERS: FilterField[] = [
  { source: 'recipient.emailAddress', label: 'Recipient', kind: 'text' },
  { source: 'subject', label: 'Subject', kind: 'text' },
  { source: 'templateKey', label: 'Template', kind: 'text' },
  {
    source: 'latestEventType',
    label: 'Latest event',
    kind: 'choice',
    choices: Object.entries(EVENT_LABELS).map(([id, name]) => ({ id, name })),
  },
  { source: 'createdAt', label: 'Created', kind: 'date' },
];

export function NotificationTable({
  urlKey = 'table',
  fixedFilter,
  hideRecipient,
}: {
  urlKey?: string;
  fixedFilter?: TableFilterItem[];
  hideRecipient?: boolean;
}) {
  const list = useCursorList({ resource: 'notifications', defaults: DEFAULTS, urlKey, fixedFilter, refetchInterval: 15_000 });
  const columns: Column[] = [
    { source: 'createdAt', label: 'Created', field: <TimeField source="createdAt" /> },
    ...(hideRecipient
      ? []
      : [{ source: 'recipient.emailAddress', label: 'Recipient', field: <TextValue source="recipient.emailAddress" /> }]),
    { source: 'subject', label: 'Subject', field: <TextValue source="subject" /> },
    { source: 'templateKey', label: 'Template', field: <TextValue source="templateKey" /> },
    { source: 'transportType', label: 'Transport', field: <Transport /> },
    { source: 'latestEventType', label: 'Latest event', field: <LatestEvent /> },
    { source: 'fromAddress', label: 'From', field: <TextValue source="fromAddress" />, defaultVisible: false },
  ];
  return (
    <CursorListView
      list={list}
      columns={columns}
      filters={hideRecipient ? FILTERS.filter((f) => f.source !== 'recipient.emailAddress') : FILTERS}
      rowClick={(id) => `/admin/notifications/${encodeURIComponent(String(id))}`}
      empty={<Typography color="text.secondary">No notifications match these filters.</Typography>}
    />
  );
}

export function NotificationList() {
  return (
    <Page title="Notifications">
      <NotificationTable />
    </Page>
  );
}
