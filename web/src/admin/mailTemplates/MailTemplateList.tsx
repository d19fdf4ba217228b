/**
 * /admin/mail_templates (spec 3's templates/emails table): every mail the product sends, with how
 * many messages were queued, sent and failed, the latest subject and the latest event; paged,
 * sorted and filtered on the server. A row opens the notifications table filtered to that template.
 */
import Typography from '@mui/material/Typography';
import { type Translate, useT } from '../../i18n/useT';
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

const filters = (t: Translate): FilterField[] => [
  { source: 'templateKey', label: t('admin.mailTemplates.template'), kind: 'text' },
  { source: 'latestSubject', label: t('admin.mailTemplates.latestSubject'), kind: 'text' },
  { source: 'messages', label: t('admin.mailTemplates.messages'), kind: 'number' },
  { source: 'failedAttempts', label: t('admin.mailTemplates.failedAttempts'), kind: 'number' },
  { source: 'lastQueuedOn', label: t('admin.mailTemplates.lastQueued'), kind: 'date' },
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
  const t = useT();
  const template = useRecordContext<{ latestEventType: string | null }>();
  if (!template) return null;
  return template.latestEventType ? (
    <EventChip type={template.latestEventType} />
  ) : (
    <Typography variant="body2" color="text.secondary">
      {t('admin.mailTemplates.neverSent')}
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
  const t = useT();
  const list = useCursorList({ resource: 'mail_templates', defaults: DEFAULTS });
  const columns: Column[] = [
    { source: 'templateKey', label: t('admin.mailTemplates.template'), field: <Name /> },
    { source: 'messages', label: t('admin.mailTemplates.messages'), field: <TextValue source="messages" /> },
    { source: 'sent', label: t('admin.mailTemplates.sent'), field: <TextValue source="sent" /> },
    { source: 'failedAttempts', label: t('admin.mailTemplates.failedAttempts'), field: <TextValue source="failedAttempts" /> },
    { source: 'latestSubject', label: t('admin.mailTemplates.latestSubject'), field: <TextValue source="latestSubject" /> },
    { source: 'latestEventType', label: t('admin.mailTemplates.latestEvent'), field: <Latest /> },
    { source: 'lastQueuedOn', label: t('admin.mailTemplates.lastQueued'), field: <TimeField source="lastQueuedOn" /> },
  ];
  return (
    <Page title={t('admin.mailTemplates.title')}>
      <CursorListView
        list={list}
        columns={columns}
        filters={filters(t)}
        rowClick={(id) => notificationsOf(String(id))}
        empty={<EmptyState compact title={t('admin.mailTemplates.empty')} description={t('admin.list.changeFilters')} />}
      />
    </Page>
  );
}
