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
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { lazyNamed } from '../../lib/lazyNow';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { lessonAction } from '../../../../contracts/enrollment';
import { languageName } from '../../lib/languageName';
import { EmptyState } from '../../components/EmptyState';
import { BooksIllustration } from '../../components/illustrations';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { formatMoney } from '../../lib/money';
import { peekPendingInvite } from '../../lib/pendingInvite';
import { formatDate, formatDateTime } from '../../lib/time';
import { FactsTable } from '../../components/FactsTable';
import { translate } from '../../i18n/translate';
import { useT } from '../../i18n/useT';

// The enrollment flow (its stepper, machine and card form) loads when the student starts enrolling,
// not with the page (issue 31's 350 KB budget).
const EnrollPanel = lazyNamed(
  () => import('./EnrollPanel'),
  (m) => m.EnrollPanel,
);

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

type Level = 'beginner' | 'intermediate' | 'advanced';
const LEVELS: readonly string[] = ['beginner', 'intermediate', 'advanced'] satisfies Level[];
/** A course's level in the page's language (the server's value as it is when it is a new one). */
function levelName(proficiency: string): string {
  if (!LEVELS.includes(proficiency)) return proficiency;
  const level = proficiency as Level;
  return translate(`student.courses.level.${level}`);
}
type EnrolledWith = 'credit_card' | 'redemption_code' | 'institutional' | 'admin';
const ENROLLED_WITH: readonly string[] = ['credit_card', 'redemption_code', 'institutional', 'admin'] satisfies EnrolledWith[];
function enrolledWith(how: string | null | undefined): string {
  if (!how || !ENROLLED_WITH.includes(how)) return '—';
  const way = how as EnrolledWith;
  return translate(`student.courses.with.${way}`);
}

function CourseDetails({ course, enrollment, zone }: { course: CourseItem; enrollment: EnrollmentItem | undefined; zone: string }) {
  const t = useT();
  const rows: [string, React.ReactNode][] = [
    [t('student.courses.class'), course.name],
    [t('student.courses.language'), languageName(course.language)],
    [t('student.courses.proficiency'), levelName(course.proficiency)],
    [
      t('student.courses.instructor'),
      course.owner
        ? (course.owner.displayName ?? course.owner.emailAddress ?? '—')
        : course.kind === 'adventure'
          ? t('student.courses.courseAdventure')
          : '—',
    ],
    [t('student.courses.school'), course.owner?.school ?? '—'],
    [t('student.courses.starts'), formatDate(course.startDate)],
    [t('student.courses.ends'), course.endDate ? formatDate(course.endDate) : t('student.courses.selfPaced')],
    [t('student.courses.enrolledOn'), formatDateTime(enrollment?.enrolledOn, zone)],
    [
      t('student.courses.payment'),
      enrollment?.payment ? (
        enrollment.payment.receiptUrl ? (
          // biome-ignore lint/correctness/useJsxKeyInIterable: a [label, value] pair, not a list of children: FactsTable keys its rows by label
          <Link href={enrollment.payment.receiptUrl} target="_blank" rel="noopener noreferrer">
            {t('student.courses.receipt', { amount: formatMoney(enrollment.payment.amount, enrollment.payment.currency) })}
          </Link>
        ) : (
          formatMoney(enrollment.payment.amount, enrollment.payment.currency)
        )
      ) : (
        enrolledWith(enrollment?.enrolledWith)
      ),
    ],
    [
      t('student.courses.transactions'),
      // biome-ignore lint/correctness/useJsxKeyInIterable: a [label, value] pair, not a list of children: FactsTable keys its rows by label
      <Link component={RouterLink} to="/student/settings" state={{ panel: 'minutes' }}>
        {enrollment ? t('student.courses.minutesAdded', { minutes: enrollment.minuteQuantity }) : t('student.courses.yourMinutes')}
      </Link>,
    ],
  ];
  const progress = enrollment?.progress;
  return (
    <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-label={t('student.courses.details')}>
      <Typography variant="h6" component="h2" gutterBottom>
        {course.name}
      </Typography>
      <FactsTable rows={rows} labelWidth="35%" />
      {progress && (
        <Box sx={{ mt: 3 }}>
          <Typography variant="subtitle1" component="h3" gutterBottom>
            {t('student.courses.progress')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }}>
            <Chip size="small" label={t('student.courses.completed', { count: progress.completed })} color="success" variant="outlined" />
            <Chip size="small" label={t('student.courses.attempting', { count: progress.attempting })} variant="outlined" />
            {/* Nothing failed is not news: the chip shows only once a conversation failed. */}
            {progress.failed > 0 && (
              <Chip size="small" label={t('student.courses.failed', { count: progress.failed })} color="error" variant="outlined" />
            )}
            <Chip size="small" label={t('student.courses.unattempted', { count: progress.unattempted })} variant="outlined" />
          </Stack>
          <List dense>
            {progress.report.map(({ lessonAssignment, attempts }) => {
              const next = lessonAction(attempts);
              const held = next.action === 'view';
              return (
                <ListItem key={lessonAssignment.id} disableGutters sx={{ gap: 2, py: 0.5 }}>
                  <ListItemText
                    primary={`${lessonAssignment.order}. ${lessonAssignment.lesson.title}`}
                    secondary={lessonAssignment.lesson.discussionTopic ?? t('student.reserve.topicToBeAnnounced')}
                  />
                  {held ? (
                    <Button
                      size="small"
                      component={RouterLink}
                      to="/student/conversations"
                      state={{ selectedId: next.conversationId }}
                      disabled={!next.conversationId}
                    >
                      {t('student.courses.view')}
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      component={RouterLink}
                      to="/student/reserve"
                      state={{ courseId: course.id, lessonId: lessonAssignment.lesson.id }}
                      disabled={course.isPast}
                    >
                      {t('student.courses.reserve')}
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
  const t = useT();
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
    <Page title={t('student.courses.title')}>
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
            {t('student.courses.enroll')}
          </Button>
          {loading && !data ? (
            <Loading label={t('student.courses.loading')} />
          ) : (
            <Paper variant="outlined">
              <ListSubheader component="h2" id="current-courses-heading" sx={{ lineHeight: 2.5, bgcolor: 'transparent' }}>
                {t('student.courses.current')}
              </ListSubheader>
              {current.length === 0 ? (
                <EmptyState
                  compact
                  illustration={<BooksIllustration />}
                  title={t('student.courses.none')}
                  description={t('student.courses.noneHelp')}
                  action={
                    <Button component={RouterLink} to="/student/adventures" size="small">
                      {t('student.courses.seeAdventures')}
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
                          secondary={[
                            languageName(course.language),
                            levelName(course.proficiency),
                            ...(course.kind === 'adventure' ? [t('student.courses.adventure')] : []),
                          ].join(' · ')}
                        />
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
              )}
              {past.length > 0 && (
                <>
                  <ListSubheader component="h2" id="past-courses-heading" sx={{ lineHeight: 2.5, bgcolor: 'transparent' }}>
                    {t('student.courses.past')}
                  </ListSubheader>
                  <List aria-labelledby="past-courses-heading" sx={{ pt: 0 }}>
                    {past.map((course) => (
                      // Past courses hide their details (spec 1).
                      <ListItem key={course.id} disablePadding>
                        <ListItemButton disabled>
                          <ListItemText
                            primary={course.name}
                            secondary={t('student.courses.ended', { date: formatDate(course.endDate) })}
                          />
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
            <Suspense fallback={<Loading />}>
              <EnrollPanel
                inviteNumber={panelInvite}
                onEnrolled={onEnrolled}
                onClose={() => {
                  setPanelInvite(null);
                  setEnrolling(false);
                }}
              />
            </Suspense>
          ) : selected ? (
            <CourseDetails course={selected} enrollment={enrollmentOf(selected.id)} zone={me?.tzIdentifier ?? ''} />
          ) : (
            data && (
              <Paper variant="outlined" sx={{ p: 3 }}>
                <Typography>{current.length ? t('student.courses.choose') : t('student.courses.haveInvite')}</Typography>
              </Paper>
            )
          )}
        </Grid>
      </Grid>
    </Page>
  );
}
