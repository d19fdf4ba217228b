/** /admin/students, /admin/instructors, /admin/speakers: people holding the role, paged on the server. */
import Typography from '@mui/material/Typography';
import { Page } from '../../components/Page';
import { type Translate, useT } from '../../i18n/useT';
import { defaultTableState } from '../dataProvider/tableState';
import { CursorListView, type Column } from '../list/CursorListView';
import type { FilterField } from '../list/FilterBar';
import { RolesField, TextValue, TimeField } from '../list/fields';
import { useCursorList } from '../list/useCursorList';
import type { PeopleKind } from './kinds';

const DEFAULTS = defaultTableState({ sort: [{ field: 'createdAt', sort: 'desc' }] });

function columnsFor(kind: PeopleKind, t: Translate): Column[] {
  return [
    { source: 'emailAddress', label: t('admin.people.column.email'), field: <TextValue source="emailAddress" /> },
    {
      source: 'displayName',
      label: t('admin.people.column.name'),
      field: <TextValue source="displayName" empty={t('admin.common.notSetYet')} />,
    },
    { source: 'account.roles', label: t('admin.people.column.roles'), field: <RolesField source="account.roles" />, sortable: false },
    {
      source: 'account.remainingMinutes',
      label: t('admin.people.column.minutes'),
      field: <TextValue source="account.remainingMinutes" />,
      defaultVisible: kind.role === 'STUDENT',
    },
    { source: 'createdAt', label: t('admin.people.column.created'), field: <TimeField source="createdAt" /> },
    { source: 'account.currentSignInAt', label: t('admin.people.column.signedIn'), field: <TimeField source="account.currentSignInAt" /> },
    {
      source: 'account.currentSignInIp',
      label: t('admin.people.column.signInIp'),
      field: <TextValue source="account.currentSignInIp" />,
      sortable: false,
      defaultVisible: false,
    },
  ];
}

function filtersFor(kind: PeopleKind, t: Translate): FilterField[] {
  return [
    { source: 'emailAddress', label: t('admin.people.column.email'), kind: 'text' },
    { source: 'displayName', label: t('admin.people.column.name'), kind: 'text' },
    { source: 'account.remainingMinutes', label: t('admin.people.column.minutes'), kind: 'number' },
    { source: 'createdAt', label: t('admin.people.column.created'), kind: 'date' },
    { source: 'account.currentSignInAt', label: t('admin.people.column.signedIn'), kind: 'date' },
    {
      source: 'account.roles',
      label: t('admin.people.column.role'),
      kind: 'choice',
      choices: ['STUDENT', 'INSTRUCTOR', 'SPEAKER', 'ADMIN', `ONBOARDING_${kind.role}`].map((r) => ({
        id: r,
        name: r.startsWith('ONBOARDING_') ? t('admin.roles.onboarding', { role: r.slice('ONBOARDING_'.length) }) : r,
      })),
    },
  ];
}

export function PersonList({ kind }: { kind: PeopleKind }) {
  const t = useT();
  const list = useCursorList({ resource: kind.resource, defaults: DEFAULTS });
  return (
    <Page title={t(kind.title)}>
      <CursorListView
        list={list}
        columns={columnsFor(kind, t)}
        filters={filtersFor(kind, t)}
        rowClick="edit"
        empty={<Typography color="text.secondary">{t('admin.people.empty', { resource: kind.resource })}</Typography>}
      />
    </Page>
  );
}
