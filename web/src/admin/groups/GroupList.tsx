/**
 * /admin/groups (spec 3's groups table): a group is a school instructors name in their profile
 * (docs/decisions/groups-table.md, "Groups table"). Each with its instructors, their courses (all and current),
 * the different students enrolled and the minutes those courses' conversations used, kept by the
 * groups read model; paged, sorted and filtered on the server. A row opens the group's page.
 */
import { useRecordContext } from 'react-admin';
import { EmptyState } from '../../components/EmptyState';
import { Page } from '../../components/Page';
import { defaultTableState } from '../dataProvider/tableState';
import { CursorListView, type Column } from '../list/CursorListView';
import type { FilterField } from '../list/FilterBar';
import { TextValue } from '../list/fields';
import { useCursorList } from '../list/useCursorList';

const DEFAULTS = defaultTableState({ sort: [{ field: 'name', sort: 'asc' }] });

const FILTERS: FilterField[] = [
  { source: 'name', label: 'School', kind: 'text' },
  { source: 'instructorsCount', label: 'Instructors', kind: 'number' },
  { source: 'coursesCount', label: 'Courses', kind: 'number' },
  { source: 'studentsCount', label: 'Students', kind: 'number' },
  { source: 'minutesUsed', label: 'Minutes used', kind: 'number' },
];

/** A count with its thousands separated (minutes run into the thousands). */
export function Count({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<Record<string, number>>();
  return record ? Number(record[source] ?? 0).toLocaleString('en-US') : null;
}

export function GroupList() {
  const list = useCursorList({ resource: 'groups', defaults: DEFAULTS });
  const filtered = list.state.filter.items.length > 0;
  const columns: Column[] = [
    { source: 'name', label: 'School', field: <TextValue source="name" /> },
    { source: 'instructorsCount', label: 'Instructors', field: <Count source="instructorsCount" /> },
    { source: 'coursesCount', label: 'Courses', field: <Count source="coursesCount" /> },
    // Moves with the clock, so counted for the page and not sortable.
    { source: 'currentCoursesCount', label: 'Current courses', field: <Count source="currentCoursesCount" />, sortable: false },
    { source: 'studentsCount', label: 'Students', field: <Count source="studentsCount" /> },
    { source: 'minutesUsed', label: 'Minutes used', field: <Count source="minutesUsed" /> },
  ];
  return (
    <Page title="Groups">
      <CursorListView
        list={list}
        columns={columns}
        filters={FILTERS}
        rowClick={(id) => `/admin/groups/${encodeURIComponent(String(id))}`}
        empty={
          filtered ? (
            <EmptyState compact title="No groups match these filters." description="Change or clear the filters." />
          ) : (
            <EmptyState
              compact
              title="No groups yet."
              description="A group is a school: it appears when an instructor names their school in their profile."
            />
          )
        }
      />
    </Page>
  );
}
