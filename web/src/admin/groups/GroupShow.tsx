/**
 * /admin/groups/:id: a school's figures, its instructors (linked to their pages) and their courses
 * (linked to the course pages, with the students and minutes each one counts for the group).
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useGetOne } from 'react-admin';
import { useT } from '../../i18n/useT';
import { datesOf } from '../courses/words';
import { count } from './GroupList';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { hasBegun } from '../../../../contracts/calendarDate';
import { EmptyState } from '../../components/EmptyState';
import { usePageTitle } from '../../shell/usePageTitle';
import { Detail } from '../people/SecurityTab';
import { ShowFrame, ShowSection } from '../show/ShowFrame';

interface GroupInstructor {
  id: string;
  displayName: string | null;
  emailAddress: string | null;
  coursesCount: number;
}

interface GroupRecord {
  id: string;
  name: string;
  instructorsCount: number;
  coursesCount: number;
  currentCoursesCount: number;
  studentsCount: number;
  minutesUsed: number;
  instructors: GroupInstructor[];
  courses: {
    id: string;
    name: string;
    startDate: string;
    endDate: string | null;
    isPast: boolean;
    studentsCount: number;
    minutesUsed: number;
    owner: GroupInstructor | null;
  }[];
}

/** Past once over everywhere (the server's isPast), current once started anywhere, upcoming before: the overview's 'current'. */
function CourseState({ course }: { course: { startDate: string; isPast: boolean } }) {
  const t = useT();
  const [label, color] = course.isPast
    ? (['admin.courses.past', 'default'] as const)
    : hasBegun(course.startDate, new Date())
      ? (['admin.courses.current', 'success'] as const)
      : (['admin.courses.upcoming', 'info'] as const);
  return <Chip size="small" label={t(label)} color={color} variant="outlined" />;
}

function InstructorLink({ instructor }: { instructor: GroupInstructor }) {
  const t = useT();
  return (
    <Link component={RouterLink} to={`/admin/instructors/${encodeURIComponent(instructor.id)}`}>
      {instructor.displayName ?? instructor.emailAddress ?? t('admin.group.unnamed')}
    </Link>
  );
}

export function GroupShow() {
  const t = useT();
  const { id = '' } = useParams();
  const { data, error, isPending } = useGetOne<GroupRecord>('groups', { id });
  usePageTitle(data ? t('admin.group.pageTitle', { name: data.name }) : t('admin.group.one'));
  return (
    <ShowFrame
      record={{ data, error, isPending }}
      what={t('admin.group.what')}
      list={{ path: '/admin/groups', label: t('admin.groups.title') }}
      crumb={(g) => g.name}
      title={(g) => g.name}
    >
      {(group) => (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 4 }}>
            <ShowSection id="group-overview" title={t('admin.group.overview')} fullHeight>
              <dl>
                <Detail term={t('admin.groups.instructors')}>{count(group.instructorsCount)}</Detail>
                <Detail term={t('admin.groups.courses')}>
                  {t('admin.group.coursesValue', { all: count(group.coursesCount), current: count(group.currentCoursesCount) })}
                </Detail>
                <Detail term={t('admin.group.studentsEnrolled')}>{count(group.studentsCount)}</Detail>
                <Detail term={t('admin.groups.minutesUsed')}>{count(group.minutesUsed)}</Detail>
              </dl>
            </ShowSection>
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <ShowSection id="group-instructors" title={t('admin.groups.instructors')} fullHeight>
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-labelledby="group-instructors">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('admin.group.name')}</TableCell>
                      <TableCell>{t('admin.group.email')}</TableCell>
                      <TableCell align="right">{t('admin.groups.courses')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {group.instructors.map((i) => (
                      <TableRow key={i.id}>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>
                          <InstructorLink instructor={i} />
                        </TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>{i.emailAddress ?? '—'}</TableCell>
                        <TableCell align="right">{count(i.coursesCount)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            </ShowSection>
          </Grid>
          <Grid size={12}>
            <ShowSection id="group-courses" title={t('admin.groups.courses')}>
              {group.courses.length === 0 ? (
                <EmptyState compact title={t('admin.group.noCourses')} description={t('admin.group.noCoursesHelp')} />
              ) : (
                <Box sx={{ overflowX: 'auto' }}>
                  <Table size="small" aria-labelledby="group-courses">
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('admin.group.course')}</TableCell>
                        <TableCell>{t('admin.group.owner')}</TableCell>
                        <TableCell>{t('admin.group.dates')}</TableCell>
                        <TableCell>{t('admin.group.state')}</TableCell>
                        <TableCell align="right">{t('admin.groups.students')}</TableCell>
                        <TableCell align="right">{t('admin.groups.minutesUsed')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {group.courses.map((c) => (
                        <TableRow key={c.id}>
                          <TableCell sx={{ overflowWrap: 'anywhere' }}>
                            <Link component={RouterLink} to={`/admin/courses/${encodeURIComponent(c.id)}`}>
                              {c.name}
                            </Link>
                          </TableCell>
                          <TableCell sx={{ overflowWrap: 'anywhere' }}>{c.owner ? <InstructorLink instructor={c.owner} /> : '—'}</TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>{datesOf(c, t)}</TableCell>
                          <TableCell>
                            <CourseState course={c} />
                          </TableCell>
                          <TableCell align="right">{count(c.studentsCount)}</TableCell>
                          <TableCell align="right">{count(c.minutesUsed)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              )}
            </ShowSection>
          </Grid>
        </Grid>
      )}
    </ShowFrame>
  );
}
