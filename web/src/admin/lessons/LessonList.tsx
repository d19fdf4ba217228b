/**
 * /admin/lessons (spec 3, the admin's lessons table): every course's lessons (discussion topics) with
 * their course, order and due date, paged, sorted and filtered on the server; a row opens its
 * course's page at the lesson's row.
 */
import { Page } from '../../components/Page';
import { type Translate, useT } from '../../i18n/useT';
import { courseKindChoices } from '../courses/words';
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

const filters = (t: Translate): FilterField[] => [
  { source: 'lesson.title', label: t('admin.lessons.lessonTitle'), kind: 'text' },
  { source: 'lesson.discussionTopic', label: t('admin.lessons.topic'), kind: 'text' },
  { source: 'course.name', label: t('admin.lessons.course'), kind: 'text' },
  { source: 'course.language', label: t('admin.courses.language'), kind: 'text' },
  { source: 'dueOn', label: t('admin.course.due'), kind: 'date' },
  { source: 'course.kind', label: t('admin.courses.kind'), kind: 'choice', choices: courseKindChoices(t) },
];

export function LessonList() {
  const t = useT();
  const list = useCursorList({ resource: 'lessons', defaults: DEFAULTS });
  const columns: Column[] = [
    { source: 'lesson.title', label: t('admin.lessons.lessonTitle'), field: <TextValue source="lesson.title" /> },
    { source: 'lesson.discussionTopic', label: t('admin.lessons.topic'), field: <TextValue source="lesson.discussionTopic" /> },
    { source: 'course.name', label: t('admin.lessons.course'), field: <TextValue source="course.name" /> },
    { source: 'order', label: '#', field: <TextValue source="order" /> },
    { source: 'dueOn', label: t('admin.course.due'), field: <TextValue source="dueOn" /> },
    {
      source: 'course.startDate',
      label: t('admin.lessons.courseStarts'),
      field: <TextValue source="course.startDate" />,
      defaultVisible: false,
    },
    { source: 'course.language', label: t('admin.courses.language'), field: <TextValue source="course.language" />, defaultVisible: false },
  ];
  return (
    <Page title={t('admin.lessons.title')}>
      <CursorListView
        list={list}
        columns={columns}
        filters={filters(t)}
        rowClick={(_id, _resource, record) =>
          `/admin/courses/${encodeURIComponent(String(record.course?.id ?? ''))}#lesson-${encodeURIComponent(String(record.lesson?.id ?? ''))}`
        }
        empty={
          <EmptyState
            compact
            illustration={<BooksIllustration />}
            title={t('admin.lessons.empty')}
            description={t('admin.lessons.emptyHelp')}
          />
        }
      />
    </Page>
  );
}
