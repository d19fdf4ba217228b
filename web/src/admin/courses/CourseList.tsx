/** /admin/courses: every course with its owner, dates, invite number and enrollments, paged on the server. */
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import { Page } from '../../components/Page';
import { defaultTableState } from '../dataProvider/tableState';
import { CursorListView, type Column } from '../list/CursorListView';
import type { FilterField } from '../list/FilterBar';
import { TextValue } from '../list/fields';
import { useCursorList } from '../list/useCursorList';

const DEFAULTS = defaultTableState({ sort: [{ field: 'startDate', sort: 'desc' }] });

function Past(_: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<{ isPast: boolean }>();
  return record ? (
    <Chip size="small" label={record.isPast ? 'Past' : 'Current'} color={record.isPast ? 'default' : 'success'} variant="outlined" />
  ) : null;
}

const FILTERS: FilterField[] = [
  { source: 'name', label: 'Name', kind: 'text' },
  { source: 'owner.emailAddress', label: 'Owner email', kind: 'text' },
  { source: 'owner.school', label: 'School', kind: 'text' },
  { source: 'inviteNumber', label: 'Invite number', kind: 'text' },
  {
    source: 'isPast',
    label: 'Past',
    kind: 'choice',
    choices: [
      { id: 'true', name: 'Yes' },
      { id: 'false', name: 'No' },
    ],
  },
  {
    source: 'kind',
    label: 'Kind',
    kind: 'choice',
    choices: [
      { id: 'regular', name: 'Course' },
      { id: 'adventure', name: 'Adventure' },
    ],
  },
  { source: 'language', label: 'Language', kind: 'text' },
];

export function CourseList() {
  const list = useCursorList({ resource: 'courses', defaults: DEFAULTS });
  const columns: Column[] = [
    { source: 'name', label: 'Name', field: <TextValue source="name" /> },
    { source: 'owner.emailAddress', label: 'Owner', field: <TextValue source="owner.emailAddress" /> },
    { source: 'owner.school', label: 'School', field: <TextValue source="owner.school" />, defaultVisible: false },
    { source: 'startDate', label: 'Starts', field: <TextValue source="startDate" /> },
    { source: 'endDate', label: 'Ends', field: <TextValue source="endDate" /> },
    { source: 'courseEnrollmentsCount', label: 'Students', field: <TextValue source="courseEnrollmentsCount" /> },
    { source: 'isPast', label: 'State', field: <Past /> },
    { source: 'inviteNumber', label: 'Invite number', field: <TextValue source="inviteNumber" />, defaultVisible: false },
    { source: 'language', label: 'Language', field: <TextValue source="language" />, defaultVisible: false },
  ];
  return (
    <Page title="Courses">
      <CursorListView
        list={list}
        columns={columns}
        filters={FILTERS}
        rowClick={(id) => `/admin/courses/${encodeURIComponent(String(id))}`}
        empty={<Typography color="text.secondary">No courses match these filters.</Typography>}
      />
    </Page>
  );
}
