/** The History tab: the person's audit trail (who did what, when), newest first, paged on the server. */
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useRecordContext } from 'react-admin';
import { defaultTableState } from '../dataProvider/tableState';
import { CursorListView, type Column } from '../list/CursorListView';
import type { FilterField } from '../list/FilterBar';
import { TextValue, TimeField } from '../list/fields';
import { useCursorList } from '../list/useCursorList';
import type { Person } from './person';

const DEFAULTS = defaultTableState({ sort: [{ field: 'occurredAt', sort: 'desc' }] });

function Who({ self }: { self: Person; source?: string; label?: string; sortable?: boolean }) {
  const entry = useRecordContext<{ actor: { id: string; emailAddress: string | null; displayName: string | null } | null }>();
  if (!entry) return null;
  if (!entry.actor)
    return (
      <Typography variant="body2" color="text.secondary">
        Tertulia
      </Typography>
    );
  const name = entry.actor.displayName ?? entry.actor.emailAddress ?? entry.actor.id;
  return <Typography variant="body2">{entry.actor.id === self.id ? `${name} (themselves)` : name}</Typography>;
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
];

const FILTERS: FilterField[] = [
  {
    source: 'eventType',
    label: 'Event',
    kind: 'choice',
    choices: EVENT_TYPES.map((t) => ({ id: t, name: t.replace(/([a-z])([A-Z])/g, '$1 $2') })),
  },
  { source: 'occurredAt', label: 'When', kind: 'date' },
];

export function HistoryTab({ person }: { person: Person }) {
  const meta = useMemo(() => ({ userId: person.id }), [person.id]);
  const list = useCursorList({ resource: 'history', defaults: DEFAULTS, urlKey: 'history', meta });
  const columns: Column[] = [
    { source: 'occurredAt', label: 'When', field: <TimeField source="occurredAt" /> },
    { source: 'actor', label: 'Who', field: <Who self={person} />, sortable: false },
    { source: 'description', label: 'What', field: <TextValue source="description" />, sortable: false },
    { source: 'eventType', label: 'Event', field: <TextValue source="eventType" />, defaultVisible: false },
  ];
  return (
    <section aria-labelledby="history-title">
      <Typography id="history-title" variant="h6" component="h2" gutterBottom>
        History
      </Typography>
      <CursorListView
        list={list}
        columns={columns}
        filters={FILTERS}
        empty={<Typography color="text.secondary">Nothing has happened yet.</Typography>}
      />
    </section>
  );
}
