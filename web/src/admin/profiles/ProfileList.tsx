/**
 * /admin/profiles (spec 3's profiles table): every person of every role with what their profile says
 * (display and real names, location, school, time zone), paged, sorted and filtered on the server.
 * A row opens the person's page under their main role.
 */
import Typography from '@mui/material/Typography';
import { type Translate, useT } from '../../i18n/useT';
import { useRecordContext } from 'react-admin';
import { EmptyState } from '../../components/EmptyState';
import { Page } from '../../components/Page';
import { defaultTableState } from '../dataProvider/tableState';
import { CursorListView, type Column } from '../list/CursorListView';
import type { FilterField } from '../list/FilterBar';
import { RolesField, TextValue } from '../list/fields';
import { useCursorList } from '../list/useCursorList';

const DEFAULTS = defaultTableState({ sort: [{ field: 'createdAt', sort: 'desc' }] });

const filters = (t: Translate): FilterField[] => [
  { source: 'emailAddress', label: t('admin.profiles.email'), kind: 'text' },
  { source: 'displayName', label: t('admin.profiles.displayName'), kind: 'text' },
  { source: 'surname', label: t('admin.profiles.surname'), kind: 'text' },
  { source: 'currentCity', label: t('admin.profiles.city'), kind: 'text' },
  { source: 'currentCountry', label: t('admin.profiles.country'), kind: 'text' },
  { source: 'school', label: t('admin.profiles.school'), kind: 'text' },
  { source: 'tzIdentifier', label: t('admin.profiles.timeZone'), kind: 'text' },
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
  const t = useT();
  const person = useRecordContext<ProfileRecord>();
  if (!person) return null;
  const name = [person.givenName, person.surname].filter(Boolean).join(' ');
  return (
    <Typography variant="body2" color={name ? 'text.primary' : 'text.secondary'}>
      {name || t('admin.common.notSetYet')}
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
  const t = useT();
  const list = useCursorList({ resource: 'profiles', defaults: DEFAULTS });
  const columns: Column[] = [
    { source: 'emailAddress', label: t('admin.profiles.email'), field: <TextValue source="emailAddress" /> },
    {
      source: 'displayName',
      label: t('admin.profiles.displayName'),
      field: <TextValue source="displayName" empty={t('admin.common.notSetYet')} />,
    },
    { source: 'surname', label: t('admin.profiles.realName'), field: <RealName /> },
    { source: 'currentCity', label: t('admin.profiles.location'), field: <Location /> },
    { source: 'school', label: t('admin.profiles.school'), field: <TextValue source="school" /> },
    { source: 'tzIdentifier', label: t('admin.profiles.timeZone'), field: <TextValue source="tzIdentifier" />, defaultVisible: false },
    { source: 'account.roles', label: t('admin.profiles.roles'), field: <RolesField source="account.roles" />, sortable: false },
  ];
  return (
    <Page title={t('admin.profiles.title')}>
      <CursorListView
        list={list}
        columns={columns}
        filters={filters(t)}
        rowClick={(id, _resource, record) => personPath(String(id), record.account?.roles)}
        empty={<EmptyState compact title={t('admin.profiles.empty')} description={t('admin.list.changeFilters')} />}
      />
    </Page>
  );
}
