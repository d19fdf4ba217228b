/** /admin/students, /admin/instructors, /admin/speakers: people holding the role, paged on the server. */
import Typography from '@mui/material/Typography';
import { Page } from '../../components/Page';
import { defaultTableState } from '../dataProvider/tableState';
import { CursorListView, type Column } from '../list/CursorListView';
import type { FilterField } from '../list/FilterBar';
import { RolesField, TextValue, TimeField } from '../list/fields';
import { useCursorList } from '../list/useCursorList';
import type { PeopleKind } from './kinds';

const DEFAULTS = defaultTableState({ sort: [{ field: 'createdAt', sort: 'desc' }] });

function columnsFor(kind: PeopleKind): Column[] {
  return [
    { source: 'emailAddress', label: 'Email', field: <TextValue source="emailAddress" /> },
    { source: 'displayName', label: 'Name', field: <TextValue source="displayName" empty="Not set yet" /> },
    { source: 'account.roles', label: 'Roles', field: <RolesField source="account.roles" />, sortable: false },
    {
      source: 'account.remainingMinutes',
      label: 'Minutes',
      field: <TextValue source="account.remainingMinutes" />,
      defaultVisible: kind.role === 'STUDENT',
    },
    { source: 'createdAt', label: 'Created', field: <TimeField source="createdAt" /> },
    { source: 'account.currentSignInAt', label: 'Signed in', field: <TimeField source="account.currentSignInAt" /> },
    {
      source: 'account.currentSignInIp',
      label: 'Sign-in IP',
      field: <TextValue source="account.currentSignInIp" />,
      sortable: false,
      defaultVisible: false,
    },
  ];
}

function filtersFor(kind: PeopleKind): FilterField[] {
  return [
    { source: 'emailAddress', label: 'Email', kind: 'text' },
    { source: 'displayName', label: 'Name', kind: 'text' },
    { source: 'account.remainingMinutes', label: 'Minutes', kind: 'number' },
    { source: 'createdAt', label: 'Created', kind: 'date' },
    { source: 'account.currentSignInAt', label: 'Signed in', kind: 'date' },
    {
      source: 'account.roles',
      label: 'Role',
      kind: 'choice',
      choices: ['STUDENT', 'INSTRUCTOR', 'SPEAKER', 'ADMIN', `ONBOARDING_${kind.role}`].map((r) => ({
        id: r,
        name: r.startsWith('ONBOARDING_') ? `${r.slice('ONBOARDING_'.length)} (onboarding)` : r,
      })),
    },
  ];
}

export function PersonList({ kind }: { kind: PeopleKind }) {
  const list = useCursorList({ resource: kind.resource, defaults: DEFAULTS });
  return (
    <Page title={kind.title}>
      <CursorListView
        list={list}
        columns={columnsFor(kind)}
        filters={filtersFor(kind)}
        rowClick="edit"
        empty={<Typography color="text.secondary">No {kind.title.toLowerCase()} match these filters.</Typography>}
      />
    </Page>
  );
}
