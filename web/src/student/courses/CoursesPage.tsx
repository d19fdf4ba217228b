/**
 * /student/courses (spec 1, Student enrollment routes): current and upcoming courses, past courses
 * (details hidden), the selected course's details (class, proficiency, instructor, school, starts,
 * ends, enrolled on, payment and transaction links, progress) and the enroll panel. Navigation
 * state may carry desireToEnroll and selectedId; an invite number kept by /join opens the panel.
 */
import { useQuery } from '@apollo/client';
import { type DocumentType, graphql } from '../../gql';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { NO_COURSES_MESSAGE, languageName, lessonAction } from '../../../../contracts/enrollment';
import { EmptyState } from '../../components/EmptyState';
import { BooksIllustration } from '../../components/illustrations';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { formatMoney } from '../../lib/money';
import { peekPendingInvite } from '../../lib/pendingInvite';
import { formatDate, formatDateTime } from '../../lib/time';
import { EnrollPanel } from './EnrollPanel';
import { FactsTable } from '../../components/FactsTable';

const COURSE_ITEM = graphql(`
  fragment StudentCourseItem on Course {
    id
    name
    kind
    language
    proficiency
    startDate
    endDate
    isPast
    durationRequirement
    completionRequirement
    owner {
      id
      displayName
      emailAddress
      school
    }
  }
`);

type CourseItem = DocumentType<typeof COURSE_ITEM>;

export const STUDENT_COURSES = graphql(`
  query StudentCourses {
    me {
      id
      tzIdentifier
      current: courses(scope: current_or_upcoming) {
        ...StudentCourseItem
      }
      past: courses(scope: past) {
        ...StudentCourseItem
      }
      courseEnrollments {
        id
        enrolledOn
        enrolledWith
        minuteQuantity
        extraConversations
        course {
          id
        }
        payment {
          id
          amount
          currency
          receiptUrl
        }
        progress {
          attempting
          completed
          failed
          unattempted
          report {
            lessonAssignment {
              id
              order
              dueOn
              lesson {
                id
                title
                discussionTopic
              }
            }
            attempts {
              id
              outcome
              conversationId
            }
          }
        }
      }
    }
  }
`);

type EnrollmentItem = NonNullable<DocumentType<typeof STUDENT_COURSES>['me']>['courseEnrollments'][number];

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const ENROLLED_WITH: Record<string, string> = {
  credit_card: 'Paid by card',
  redemption_code: 'Redemption code',
  institutional: 'Paid by the school',
  admin: 'Enrolled by an administrator',
};

function CourseDetails({ course, enrollment, zone }: { course: CourseItem; enrollment: EnrollmentItem | undefined; zone: string }) {
  const rows: [string, React.ReactNode][] = [
    ['Class', course.name],
    ['Language', languageName(course.language)],
    ['Proficiency', capitalize(course.proficiency)],
    [
      'Instructor',
      course.owner
        ? (course.owner.displayName ?? course.owner.emailAddress ?? '—')
        : course.kind === 'adventure'
          ? 'Course adventure'
          : '—',
    ],
    ['School', course.owner?.school ?? '—'],
    ['Starts', formatDate(course.startDate)],
    ['Ends', course.endDate ? formatDate(course.endDate) : 'Self-paced, no end date'],
    ['Enrolled on', formatDateTime(enrollment?.enrolledOn, zone)],
    [
      'Payment',
      enrollment?.payment ? (
        enrollment.payment.receiptUrl ? (
          // biome-ignore lint/correctness/useJsxKeyInIterable: a [label, value] pair, not a list of children: FactsTable keys its rows by label
          <Link href={enrollment.payment.receiptUrl} target="_blank" rel="noopener noreferrer">
            {formatMoney(enrollment.payment.amount, enrollment.payment.currency)} receipt
          </Link>
        ) : (
          formatMoney(enrollment.payment.amount, enrollment.payment.currency)
        )
      ) : (
        (ENROLLED_WITH[enrollment?.enrolledWith ?? ''] ?? '—')
      ),
    ],
    [
      'Transactions',
      // biome-ignore lint/correctness/useJsxKeyInIterable: a [label, value] pair, not a list of children: FactsTable keys its rows by label
      <Link component={RouterLink} to="/student/settings" state={{ panel: 'minutes' }}>
        {enrollment ? `${enrollment.minuteQuantity} minutes added` : 'Your minutes'}
      </Link>,
    ],
  ];
  const progress = enrollment?.progress;
  return (
    <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-label="Course details">
      <Typography variant="h6" component="h2" gutterBottom>
        {course.name}
      </Typography>
      <FactsTable rows={rows} labelWidth="35%" />
      {progress && (
        <Box sx={{ mt: 3 }}>
          <Typography variant="subtitle1" component="h3" gutterBottom>
            Progress
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }}>
            <Chip size="small" label={`Completed ${progress.completed}`} color="success" variant="outlined" />
            <Chip size="small" label={`Attempting ${progress.attempting}`} variant="outlined" />
            {/* Nothing failed is not news: the chip shows only once a conversation failed. */}
            {progress.failed > 0 && <Chip size="small" label={`Failed ${progress.failed}`} color="error" variant="outlined" />}
            <Chip size="small" label={`Unattempted ${progress.unattempted}`} variant="outlined" />
          </Stack>
          <List dense>
            {progress.report.map(({ lessonAssignment, attempts }) => {
              const next = lessonAction(attempts);
              return (
                <ListItem key={lessonAssignment.id} disableGutters sx={{ gap: 2, py: 0.5 }}>
                  <ListItemText
                    primary={`${lessonAssignment.order}. ${lessonAssignment.lesson.title}`}
                    secondary={lessonAssignment.lesson.discussionTopic ?? 'Topic to be announced'}
                  />
                  {next.action === 'view' ? (
                    <Button
                      size="small"
                      component={RouterLink}
                      to="/student/conversations"
                      state={{ selectedId: next.conversationId }}
                      disabled={!next.conversationId}
                    >
                      View
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      component={RouterLink}
                      to="/student/reserve"
                      state={{ courseId: course.id, lessonId: lessonAssignment.lesson.id }}
                      disabled={course.isPast}
                    >
                      Reserve
                    </Button>
                  )}
                </ListItem>
              );
            })}
          </List>
        </Box>
      )}
    </Paper>
  );
}

export default function CoursesPage() {
  const location = useLocation();
  const navState = (location.state ?? {}) as { desireToEnroll?: boolean; selectedId?: string };
  const [panelInvite, setPanelInvite] = useState(() => peekPendingInvite());
  const [enrolling, setEnrolling] = useState(!!navState.desireToEnroll || !!panelInvite);
  const [selectedId, setSelectedId] = useState<string | null>(navState.selectedId ?? null);
  const { data, loading, error, refetch } = useQuery(STUDENT_COURSES, { fetchPolicy: 'cache-and-network' });
  // The navigation's wishes (open the enroll panel, select a course) are taken once: a reload after
  // /join then shows the courses as they are, not the enroll panel again.
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: taken once, on the first render (see above)
  useEffect(() => {
    if (location.state) navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, []);

  const onEnrolled = useCallback(() => void refetch(), [refetch]);
  const me = data?.me;
  const current = me?.current ?? [];
  const past = me?.past ?? [];
  const selected = useMemo(() => current.find((c) => c.id === selectedId) ?? (selectedId ? undefined : current[0]), [current, selectedId]);
  const enrollmentOf = (courseId: string) => me?.courseEnrollments.find((e) => e.course.id === courseId);

  return (
    <Page title="Your Courses">
      {error && !data && <Alert severity="error">{error.message}</Alert>}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Button
            variant="contained"
            fullWidth
            sx={{ mb: 2 }}
            onClick={() => {
              setPanelInvite(null);
              setEnrolling(true);
            }}
            disabled={enrolling}
          >
            Enroll in a course
          </Button>
          {loading && !data ? (
            <Loading label="Loading your courses" />
          ) : (
            <Paper variant="outlined">
              <ListSubheader component="h2" id="current-courses-heading" sx={{ lineHeight: 2.5, bgcolor: 'transparent' }}>
                Current and upcoming
              </ListSubheader>
              {current.length === 0 ? (
                <EmptyState
                  compact
                  illustration={<BooksIllustration />}
                  title={NO_COURSES_MESSAGE}
                  description="Join your instructor's course with its invite number, or try an adventure."
                  action={
                    <Button component={RouterLink} to="/student/adventures" size="small">
                      See the adventures
                    </Button>
                  }
                />
              ) : (
                <List aria-labelledby="current-courses-heading" sx={{ pt: 0 }}>
                  {current.map((course) => (
                    <ListItem key={course.id} disablePadding>
                      <ListItemButton
                        selected={selected?.id === course.id}
                        aria-current={selected?.id === course.id ? 'true' : undefined}
                        onClick={() => {
                          setSelectedId(course.id);
                          setEnrolling(false);
                        }}
                      >
                        <ListItemText
                          primary={course.name}
                          secondary={`${languageName(course.language)} · ${capitalize(course.proficiency)}${course.kind === 'adventure' ? ' · Adventure' : ''}`}
                        />
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
              )}
              {past.length > 0 && (
                <>
                  <ListSubheader component="h2" id="past-courses-heading" sx={{ lineHeight: 2.5, bgcolor: 'transparent' }}>
                    Past
                  </ListSubheader>
                  <List aria-labelledby="past-courses-heading" sx={{ pt: 0 }}>
                    {past.map((course) => (
                      // Past courses hide their details (spec 1).
                      <ListItem key={course.id} disablePadding>
                        <ListItemButton disabled>
                          <ListItemText primary={course.name} secondary={`Ended ${formatDate(course.endDate)}`} />
                        </ListItemButton>
                      </ListItem>
                    ))}
                  </List>
                </>
              )}
            </Paper>
          )}
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          {enrolling ? (
            <EnrollPanel
              inviteNumber={panelInvite}
              onEnrolled={onEnrolled}
              onClose={() => {
                setPanelInvite(null);
                setEnrolling(false);
              }}
            />
          ) : selected ? (
            <CourseDetails course={selected} enrollment={enrollmentOf(selected.id)} zone={me?.tzIdentifier ?? ''} />
          ) : (
            data && (
              <Paper variant="outlined" sx={{ p: 3 }}>
                <Typography>
                  {current.length
                    ? 'Choose a course to see its details and your progress.'
                    : 'Have an invite number from your instructor? Choose Enroll in a course to join their course.'}
                </Typography>
              </Paper>
            )
          )}
        </Grid>
      </Grid>
    </Page>
  );
}
