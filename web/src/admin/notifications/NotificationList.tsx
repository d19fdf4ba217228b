/** /admin/notifications: every mail the product queued, newest first, paged on the server. */
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { type Translate, useT } from '../../i18n/useT';
import { useRecordContext } from 'react-admin';
import { Page } from '../../components/Page';
import type { TableFilterItem } from '../dataProvider/mapping';
import { defaultTableState } from '../dataProvider/tableState';
import { CursorListView, type Column } from '../list/CursorListView';
import type { FilterField } from '../list/FilterBar';
import { TextValue, TimeField } from '../list/fields';
import { useCursorList } from '../list/useCursorList';

const DEFAULTS = defaultTableState({ sort: [{ field: 'createdAt', sort: 'desc' }] });

const EVENTS = ['NotificationQueued', 'NotificationSent', 'NotificationFailed', 'NotificationDelivered', 'NotificationOpened'] as const;
const isEvent = (type: string): type is (typeof EVENTS)[number] => (EVENTS as readonly string[]).includes(type);

export function EventChip({ type }: { type: string }) {
  const t = useT();
  const color = type === 'NotificationFailed' ? 'error' : type === 'NotificationQueued' ? 'default' : 'success';
  return <Chip size="small" color={color} label={isEvent(type) ? t(`admin.notifications.event.${type}`) : type} />;
}

/** How a mail travels, in words, as a label. */
export const transportLabel = (transport: string, t: Translate) => t('admin.notifications.transport', { transport });

function Transport(_: { source?: string; label?: string; sortable?: boolean }) {
  const t = useT();
  const record = useRecordContext<{ transportType: string }>();
  return record ? (
    <Typography variant="body2" component="span">
      {transportLabel(record.transportType, t)}
    </Typography>
  ) : null;
}

function LatestEvent(_: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<{ latestEventType: string }>();
  return record ? <EventChip type={record.latestEventType} /> : null;
}

const filters = (t: Translate): FilterField[] => [
  { source: 'recipient.emailAddress', label: t('admin.notifications.recipient'), kind: 'text' },
  { source: 'subject', label: t('admin.notifications.subject'), kind: 'text' },
  { source: 'templateKey', label: t('admin.notifications.template'), kind: 'text' },
  {
    source: 'latestEventType',
    label: t('admin.notifications.latestEvent'),
    kind: 'choice',
    choices: EVENTS.map((id) => ({ id, name: t(`admin.notifications.event.${id}`) })),
  },
  { source: 'createdAt', label: t('admin.notifications.created'), kind: 'date' },
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
  const t = useT();
  const list = useCursorList({ resource: 'notifications', defaults: DEFAULTS, urlKey, fixedFilter, refetchInterval: 15_000 });
  const columns: Column[] = [
    { source: 'createdAt', label: t('admin.notifications.created'), field: <TimeField source="createdAt" /> },
    ...(hideRecipient
      ? []
      : [
          {
            source: 'recipient.emailAddress',
            label: t('admin.notifications.recipient'),
            field: <TextValue source="recipient.emailAddress" />,
          },
        ]),
    { source: 'subject', label: t('admin.notifications.subject'), field: <TextValue source="subject" /> },
    { source: 'templateKey', label: t('admin.notifications.template'), field: <TextValue source="templateKey" /> },
    { source: 'transportType', label: t('admin.notifications.transportColumn'), field: <Transport /> },
    { source: 'latestEventType', label: t('admin.notifications.latestEvent'), field: <LatestEvent /> },
    { source: 'fromAddress', label: t('admin.notifications.from'), field: <TextValue source="fromAddress" />, defaultVisible: false },
  ];
  return (
    <CursorListView
      list={list}
      columns={columns}
      filters={hideRecipient ? filters(t).filter((f) => f.source !== 'recipient.emailAddress') : filters(t)}
      rowClick={(id) => `/admin/notifications/${encodeURIComponent(String(id))}`}
      empty={<Typography color="text.secondary">{t('admin.notifications.empty')}</Typography>}
    />
  );
}

export function NotificationList() {
  const t = useT();
  return (
    <Page title={t('admin.notifications.title')}>
      <NotificationTable />
    </Page>
  );
}
