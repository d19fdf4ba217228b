/**
 * /admin/groups (spec 3's groups table): a group is a school instructors name in their profile
 * (docs/decisions/groups-table.md, "Groups table"). Each with its instructors, their courses (all and current),
 * the different students enrolled and the minutes those courses' conversations used, kept by the
 * groups read model; paged, sorted and filtered on the server. A row opens the group's page.
 */
import { useRecordContext } from 'react-admin';
import { EmptyState } from '../../components/EmptyState';
import { Page } from '../../components/Page';
import { type Translate, useT } from '../../i18n/useT';
import { formattingLocale } from '../../lib/time';
import { defaultTableState } from '../dataProvider/tableState';
import { CursorListView, type Column } from '../list/CursorListView';
import type { FilterField } from '../list/FilterBar';
import { TextValue } from '../list/fields';
import { useCursorList } from '../list/useCursorList';

const DEFAULTS = defaultTableState({ sort: [{ field: 'name', sort: 'asc' }] });

const filters = (t: Translate): FilterField[] => [
  { source: 'name', label: t('admin.groups.school'), kind: 'text' },
  { source: 'instructorsCount', label: t('admin.groups.instructors'), kind: 'number' },
  { source: 'coursesCount', label: t('admin.groups.courses'), kind: 'number' },
  { source: 'studentsCount', label: t('admin.groups.students'), kind: 'number' },
  { source: 'minutesUsed', label: t('admin.groups.minutesUsed'), kind: 'number' },
];

/** A count with its thousands separated as the page's language does (minutes run into the thousands). */
export const count = (n: number) => n.toLocaleString(formattingLocale());

export function Count({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<Record<string, number>>();
  return record ? count(Number(record[source] ?? 0)) : null;
}

export function GroupList() {
  const t = useT();
  const list = useCursorList({ resource: 'groups', defaults: DEFAULTS });
  const filtered = list.state.filter.items.length > 0;
  const columns: Column[] = [
    { source: 'name', label: t('admin.groups.school'), field: <TextValue source="name" /> },
    { source: 'instructorsCount', label: t('admin.groups.instructors'), field: <Count source="instructorsCount" /> },
    { source: 'coursesCount', label: t('admin.groups.courses'), field: <Count source="coursesCount" /> },
    // Moves with the clock, so counted for the page and not sortable.
    {
      source: 'currentCoursesCount',
      label: t('admin.groups.currentCourses'),
      field: <Count source="currentCoursesCount" />,
      sortable: false,
    },
    { source: 'studentsCount', label: t('admin.groups.students'), field: <Count source="studentsCount" /> },
    { source: 'minutesUsed', label: t('admin.groups.minutesUsed'), field: <Count source="minutesUsed" /> },
  ];
  return (
    <Page title={t('admin.groups.title')}>
      <CursorListView
        list={list}
        columns={columns}
        filters={filters(t)}
        rowClick={(id) => `/admin/groups/${encodeURIComponent(String(id))}`}
        empty={
          filtered ? (
            <EmptyState compact title={t('admin.groups.emptyFiltered')} description={t('admin.groups.emptyFilteredHelp')} />
          ) : (
            <EmptyState compact title={t('admin.groups.empty')} description={t('admin.groups.emptyHelp')} />
          )
        }
      />
    </Page>
  );
}
