/** The History tab: the person's audit trail (who did what, when), newest first, paged on the server. */
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { type Translate, useT } from '../../i18n/useT';
import { useRecordContext } from 'react-admin';
import { defaultTableState } from '../dataProvider/tableState';
import { CursorListView, type Column } from '../list/CursorListView';
import type { FilterField } from '../list/FilterBar';
import { TextValue, TimeField } from '../list/fields';
import { useCursorList } from '../list/useCursorList';
import type { Person } from './person';

const DEFAULTS = defaultTableState({ sort: [{ field: 'occurredAt', sort: 'desc' }] });

function Who({ self }: { self: Person; source?: string; label?: string; sortable?: boolean }) {
  const t = useT();
  const entry = useRecordContext<{ actor: { id: string; emailAddress: string | null; displayName: string | null } | null }>();
  if (!entry) return null;
  if (!entry.actor)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('admin.history.system')}
      </Typography>
    );
  const name = entry.actor.displayName ?? entry.actor.emailAddress ?? entry.actor.id;
  return <Typography variant="body2">{entry.actor.id === self.id ? t('admin.history.themselves', { name }) : name}</Typography>;
}

const EVENT_TYPES = [
  'AccountRegistered',
  'SignedIn',
  'SignedOut',
  'PasswordResetRequested',
  'PasswordChanged',
  'RolesChanged',
  'ActiveRoleSwitched',
  'EmailAddressChanged',
  'MinutesChanged',
  'NotificationQueued',
  'NotificationSent',
  'NotificationFailed',
] as const;

const filters = (t: Translate): FilterField[] => [
  {
    source: 'eventType',
    label: t('admin.history.event'),
    kind: 'choice',
    choices: EVENT_TYPES.map((type) => ({ id: type, name: t(`admin.history.type.${type}`) })),
  },
  { source: 'occurredAt', label: t('admin.history.when'), kind: 'date' },
];

export function HistoryTab({ person }: { person: Person }) {
  const t = useT();
  const meta = useMemo(() => ({ userId: person.id }), [person.id]);
  const list = useCursorList({ resource: 'history', defaults: DEFAULTS, urlKey: 'history', meta });
  const columns: Column[] = [
    { source: 'occurredAt', label: t('admin.history.when'), field: <TimeField source="occurredAt" /> },
    { source: 'actor', label: t('admin.history.who'), field: <Who self={person} />, sortable: false },
    { source: 'description', label: t('admin.history.what'), field: <TextValue source="description" />, sortable: false },
    { source: 'eventType', label: t('admin.history.event'), field: <TextValue source="eventType" />, defaultVisible: false },
  ];
  return (
    <section aria-labelledby="history-title">
      <Typography id="history-title" variant="h6" component="h2" gutterBottom>
        {t('admin.history.title')}
      </Typography>
      <CursorListView
        list={list}
        columns={columns}
        filters={filters(t)}
        empty={<Typography color="text.secondary">{t('admin.history.empty')}</Typography>}
      />
    </section>
  );
}
