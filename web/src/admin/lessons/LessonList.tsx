/**
 * /admin/lessons (spec 3, the admin's lessons table): every course's lessons (discussion topics) with
 * their course, order and due date, paged, sorted and filtered on the server; a row opens its
 * course's page at the lesson's row.
 */
import { Page } from '../../components/Page';
import { EmptyState } from '../../components/EmptyState';
import { BooksIllustration } from '../../components/illustrations';
import { defaultTableState } from '../dataProvider/tableState';
import { CursorListView, type Column } from '../list/CursorListView';
import type { FilterField } from '../list/FilterBar';
import { TextValue } from '../list/fields';
import { useCursorList } from '../list/useCursorList';

const DEFAULTS = defaultTableState({
  sort: [
    { field: 'course.startDate', sort: 'desc' },
    { field: 'order', sort: 'asc' },
  ],
});

const FILTERS: FilterField[] = [
  { source: 'lesson.title', label: 'Title', kind: 'text' },
  { source: 'lesson.discussionTopic', label: 'Discussion topic', kind: 'text' },
  { source: 'course.name', label: 'Course', kind: 'text' },
  { source: 'course.language', label: 'Language', kind: 'text' },
  { source: 'dueOn', label: 'Due', kind: 'date' },
  {
    source: 'course.kind',
    label: 'Kind',
    kind: 'choice',
    choices: [
      { id: 'regular', name: 'Course' },
      { id: 'adventure', name: 'Adventure' },
    ],
  },
];

export function LessonList() {
  const list = useCursorList({ resource: 'lessons', defaults: DEFAULTS });
  const columns: Column[] = [
    { source: 'lesson.title', label: 'Title', field: <TextValue source="lesson.title" /> },
    { source: 'lesson.discussionTopic', label: 'Discussion topic', field: <TextValue source="lesson.discussionTopic" /> },
    { source: 'course.name', label: 'Course', field: <TextValue source="course.name" /> },
    { source: 'order', label: '#', field: <TextValue source="order" /> },
    { source: 'dueOn', label: 'Due', field: <TextValue source="dueOn" /> },
    { source: 'course.startDate', label: 'Course starts', field: <TextValue source="course.startDate" />, defaultVisible: false },
    { source: 'course.language', label: 'Language', field: <TextValue source="course.language" />, defaultVisible: false },
  ];
  return (
    <Page title="Lessons">
      <CursorListView
        list={list}
        columns={columns}
        filters={FILTERS}
        rowClick={(_id, _resource, record) =>
          `/admin/courses/${encodeURIComponent(String(record.course?.id ?? ''))}#lesson-${encodeURIComponent(String(record.lesson?.id ?? ''))}`
        }
        empty={
          <EmptyState
            compact
            illustration={<BooksIllustration />}
            title="No lessons match these filters."
            description="Every course's discussion topics show here; change or clear the filters."
          />
        }
      />
    </Page>
  );
}
