/**
 * /admin/profiles (spec 3's profiles table): every person of every role with what their profile says
 * (display and real names, location, school, time zone), paged, sorted and filtered on the server.
 * A row opens the person's page under their main role.
 */
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import { EmptyState } from '../../components/EmptyState';
import { Page } from '../../components/Page';
import { defaultTableState } from '../dataProvider/tableState';
import { CursorListView, type Column } from '../list/CursorListView';
import type { FilterField } from '../list/FilterBar';
import { RolesField, TextValue } from '../list/fields';
import { useCursorList } from '../list/useCursorList';

const DEFAULTS = defaultTableState({ sort: [{ field: 'createdAt', sort: 'desc' }] });

const FILTERS: FilterField[] = [
  { source: 'emailAddress', label: 'Email', kind: 'text' },
  { source: 'displayName', label: 'Display name', kind: 'text' },
  { source: 'surname', label: 'Surname', kind: 'text' },
  { source: 'currentCity', label: 'City', kind: 'text' },
  { source: 'currentCountry', label: 'Country', kind: 'text' },
  { source: 'school', label: 'School', kind: 'text' },
  { source: 'tzIdentifier', label: 'Time zone', kind: 'text' },
];

type Cell = { source?: string; label?: string; sortable?: boolean };
type ProfileRecord = {
  givenName: string | null;
  surname: string | null;
  currentCity: string | null;
  currentState: string | null;
  currentCountry: string | null;
};

function RealName(_: Cell) {
  const person = useRecordContext<ProfileRecord>();
  if (!person) return null;
  const name = [person.givenName, person.surname].filter(Boolean).join(' ');
  return (
    <Typography variant="body2" color={name ? 'text.primary' : 'text.secondary'}>
      {name || 'Not set yet'}
    </Typography>
  );
}

function Location(_: Cell) {
  const person = useRecordContext<ProfileRecord>();
  if (!person) return null;
  const place = [person.currentCity, person.currentState, person.currentCountry].filter(Boolean).join(', ');
  return (
    <Typography variant="body2" color={place ? 'text.primary' : 'text.secondary'}>
      {place || '—'}
    </Typography>
  );
}

/** The person's page under their main role (students first; an admin-only account opens as a student page does). */
const personPath = (id: string, roles: string[] = []) => {
  const base = roles.map((r) => r.replace(/^ONBOARDING_/, ''));
  const resource = base.includes('STUDENT')
    ? 'students'
    : base.includes('INSTRUCTOR')
      ? 'instructors'
      : base.includes('SPEAKER')
        ? 'speakers'
        : 'students';
  return `/admin/${resource}/${encodeURIComponent(id)}`;
};

export function ProfileList() {
  const list = useCursorList({ resource: 'profiles', defaults: DEFAULTS });
  const columns: Column[] = [
    { source: 'emailAddress', label: 'Email', field: <TextValue source="emailAddress" /> },
    { source: 'displayName', label: 'Display name', field: <TextValue source="displayName" empty="Not set yet" /> },
    { source: 'surname', label: 'Real name', field: <RealName /> },
    { source: 'currentCity', label: 'Location', field: <Location /> },
    { source: 'school', label: 'School', field: <TextValue source="school" /> },
    { source: 'tzIdentifier', label: 'Time zone', field: <TextValue source="tzIdentifier" />, defaultVisible: false },
    { source: 'account.roles', label: 'Roles', field: <RolesField source="account.roles" />, sortable: false },
  ];
  return (
    <Page title="Profiles">
      <CursorListView
        list={list}
        columns={columns}
        filters={FILTERS}
        rowClick={(id, _resource, record) => personPath(String(id), record.account?.roles)}
        empty={<EmptyState compact title="No profiles match these filters." description="Change or clear the filters." />}
      />
    </Page>
  );
}
