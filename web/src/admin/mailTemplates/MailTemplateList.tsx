/**
 * /admin/mail_templates (spec 3's templates/emails table): every mail the product sends, with how
 * many messages were queued, sent and failed, the latest subject and the latest event; paged,
 * sorted and filtered on the server. A row opens the notifications table filtered to that template.
 */
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import { EmptyState } from '../../components/EmptyState';
import { Page } from '../../components/Page';
import { defaultTableState } from '../dataProvider/tableState';
import { CursorListView, type Column } from '../list/CursorListView';
import type { FilterField } from '../list/FilterBar';
import { TextValue, TimeField } from '../list/fields';
import { useCursorList } from '../list/useCursorList';
import { EventChip } from '../notifications/NotificationList';

const DEFAULTS = defaultTableState({ sort: [{ field: 'templateKey', sort: 'asc' }] });

const FILTERS: FilterField[] = [
  { source: 'templateKey', label: 'Template', kind: 'text' },
  { source: 'latestSubject', label: 'Latest subject', kind: 'text' },
  { source: 'messages', label: 'Messages', kind: 'number' },
  { source: 'failedAttempts', label: 'Failed attempts', kind: 'number' },
  { source: 'lastQueuedOn', label: 'Last queued', kind: 'date' },
];

/** 'password_reset' → 'Password reset'. */
export const templateName = (key: string) => {
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

type Cell = { source?: string; label?: string; sortable?: boolean };

function Name(_: Cell) {
  const template = useRecordContext<{ templateKey: string }>();
  return template ? (
    <>
      <Typography variant="body2">{templateName(template.templateKey)}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
        {template.templateKey}
      </Typography>
    </>
  ) : null;
}

function Latest(_: Cell) {
  const template = useRecordContext<{ latestEventType: string | null }>();
  if (!template) return null;
  return template.latestEventType ? (
    <EventChip type={template.latestEventType} />
  ) : (
    <Typography variant="body2" color="text.secondary">
      Never sent
    </Typography>
  );
}

/** The notifications table, filtered to one template (its state travels in the URL). */
const notificationsOf = (templateKey: string) =>
  `/admin/notifications?table=${encodeURIComponent(
    JSON.stringify({
      filter: { items: [{ field: 'templateKey', operator: 'is', value: templateKey }] },
      pagination: { page: 0, pageSize: 25 },
      sort: [{ field: 'createdAt', sort: 'desc' }],
    }),
  )}`;

export function MailTemplateList() {
  const list = useCursorList({ resource: 'mail_templates', defaults: DEFAULTS });
  const columns: Column[] = [
    { source: 'templateKey', label: 'Template', field: <Name /> },
    { source: 'messages', label: 'Messages', field: <TextValue source="messages" /> },
    { source: 'sent', label: 'Sent', field: <TextValue source="sent" /> },
    { source: 'failedAttempts', label: 'Failed attempts', field: <TextValue source="failedAttempts" /> },
    { source: 'latestSubject', label: 'Latest subject', field: <TextValue source="latestSubject" /> },
    { source: 'latestEventType', label: 'Latest event', field: <Latest /> },
    { source: 'lastQueuedOn', label: 'Last queued', field: <TimeField source="lastQueuedOn" /> },
  ];
  return (
    <Page title="Mail templates">
      <CursorListView
        list={list}
        columns={columns}
        filters={FILTERS}
        rowClick={(id) => notificationsOf(String(id))}
        empty={<EmptyState compact title="No templates match these filters." description="Change or clear the filters." />}
      />
    </Page>
  );
}
