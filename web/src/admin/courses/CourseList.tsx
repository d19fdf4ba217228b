/** /admin/courses: every course with its owner, dates, invite number and enrollments, paged on the server. */
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import { Page } from '../../components/Page';
import { type Translate, useT } from '../../i18n/useT';
import { courseKindChoices } from './words';
import { defaultTableState } from '../dataProvider/tableState';
import { CursorListView, type Column } from '../list/CursorListView';
import type { FilterField } from '../list/FilterBar';
import { TextValue } from '../list/fields';
import { useCursorList } from '../list/useCursorList';

const DEFAULTS = defaultTableState({ sort: [{ field: 'startDate', sort: 'desc' }] });

function Past(_: { source?: string; label?: string; sortable?: boolean }) {
  const t = useT();
  const record = useRecordContext<{ isPast: boolean }>();
  return record ? (
    <Chip
      size="small"
      label={t(record.isPast ? 'admin.courses.past' : 'admin.courses.current')}
      color={record.isPast ? 'default' : 'success'}
      variant="outlined"
    />
  ) : null;
}

const filters = (t: Translate): FilterField[] => [
  { source: 'name', label: t('admin.courses.name'), kind: 'text' },
  { source: 'owner.emailAddress', label: t('admin.courses.ownerEmail'), kind: 'text' },
  { source: 'owner.school', label: t('admin.courses.school'), kind: 'text' },
  { source: 'inviteNumber', label: t('admin.courses.inviteNumber'), kind: 'text' },
  {
    source: 'isPast',
    label: t('admin.courses.past'),
    kind: 'choice',
    choices: [
      { id: 'true', name: t('admin.common.yes') },
      { id: 'false', name: t('admin.common.no') },
    ],
  },
  { source: 'kind', label: t('admin.courses.kind'), kind: 'choice', choices: courseKindChoices(t) },
  { source: 'language', label: t('admin.courses.language'), kind: 'text' },
];

export function CourseList() {
  const t = useT();
  const list = useCursorList({ resource: 'courses', defaults: DEFAULTS });
  const columns: Column[] = [
    { source: 'name', label: t('admin.courses.name'), field: <TextValue source="name" /> },
    { source: 'owner.emailAddress', label: t('admin.courses.owner'), field: <TextValue source="owner.emailAddress" /> },
    { source: 'owner.school', label: t('admin.courses.school'), field: <TextValue source="owner.school" />, defaultVisible: false },
    { source: 'startDate', label: t('admin.courses.starts'), field: <TextValue source="startDate" /> },
    { source: 'endDate', label: t('admin.courses.ends'), field: <TextValue source="endDate" /> },
    { source: 'courseEnrollmentsCount', label: t('admin.courses.students'), field: <TextValue source="courseEnrollmentsCount" /> },
    { source: 'isPast', label: t('admin.courses.state'), field: <Past /> },
    {
      source: 'inviteNumber',
      label: t('admin.courses.inviteNumber'),
      field: <TextValue source="inviteNumber" />,
      defaultVisible: false,
    },
    { source: 'language', label: t('admin.courses.language'), field: <TextValue source="language" />, defaultVisible: false },
  ];
  return (
    <Page title={t('admin.courses.title')}>
      <CursorListView
        list={list}
        columns={columns}
        filters={filters(t)}
        rowClick={(id) => `/admin/courses/${encodeURIComponent(String(id))}`}
        empty={<Typography color="text.secondary">{t('admin.courses.empty')}</Typography>}
      />
    </Page>
  );
}
