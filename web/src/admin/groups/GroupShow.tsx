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

const count = (n: number) => n.toLocaleString('en-US');

/** Past once over everywhere (the server's isPast), current once started anywhere, upcoming before: the overview's 'current'. */
function CourseState({ course }: { course: { startDate: string; isPast: boolean } }) {
  const [label, color] = course.isPast
    ? (['Past', 'default'] as const)
    : hasBegun(course.startDate, new Date())
      ? (['Current', 'success'] as const)
      : (['Upcoming', 'info'] as const);
  return <Chip size="small" label={label} color={color} variant="outlined" />;
}
const nameOf = (i: GroupInstructor) => i.displayName ?? i.emailAddress ?? 'Unnamed instructor';

function InstructorLink({ instructor }: { instructor: GroupInstructor }) {
  return (
    <Link component={RouterLink} to={`/admin/instructors/${encodeURIComponent(instructor.id)}`}>
      {nameOf(instructor)}
    </Link>
  );
}

export function GroupShow() {
  const { id = '' } = useParams();
  const { data, error, isPending } = useGetOne<GroupRecord>('groups', { id });
  usePageTitle(data ? `${data.name} · Groups` : 'Group');
  return (
    <ShowFrame
      record={{ data, error, isPending }}
      what="the group"
      list={{ path: '/admin/groups', label: 'Groups' }}
      crumb={(g) => g.name}
      title={(g) => g.name}
    >
      {(group) => (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 4 }}>
            <ShowSection id="group-overview" title="Overview" fullHeight>
              <dl>
                <Detail term="Instructors">{count(group.instructorsCount)}</Detail>
                <Detail term="Courses">{`${count(group.coursesCount)} (${count(group.currentCoursesCount)} current)`}</Detail>
                <Detail term="Students enrolled">{count(group.studentsCount)}</Detail>
                <Detail term="Minutes used">{count(group.minutesUsed)}</Detail>
              </dl>
            </ShowSection>
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <ShowSection id="group-instructors" title="Instructors" fullHeight>
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-labelledby="group-instructors">
                  <TableHead>
                    <TableRow>
                      <TableCell>Name</TableCell>
                      <TableCell>Email</TableCell>
                      <TableCell align="right">Courses</TableCell>
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
            <ShowSection id="group-courses" title="Courses">
              {group.courses.length === 0 ? (
                <EmptyState compact title="No courses yet." description="The school's instructors have not made a course." />
              ) : (
                <Box sx={{ overflowX: 'auto' }}>
                  <Table size="small" aria-labelledby="group-courses">
                    <TableHead>
                      <TableRow>
                        <TableCell>Course</TableCell>
                        <TableCell>Owner</TableCell>
                        <TableCell>Dates</TableCell>
                        <TableCell>State</TableCell>
                        <TableCell align="right">Students</TableCell>
                        <TableCell align="right">Minutes used</TableCell>
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
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>
                            {c.endDate ? `${c.startDate} to ${c.endDate}` : `From ${c.startDate}`}
                          </TableCell>
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
