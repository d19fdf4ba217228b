/**
 * /instructor/courses/:id: tabs chosen by the URL hash: overview (default: facts, invite number,
 * warnings), students (#students, its badge the enrollment count), discussion topics (#topics) and the
 * class view (#class: students × lessons, Remind, CSV; issue 35).
 */
import { useQuery } from '@apollo/client';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Tab from '@mui/material/Tab';
import { FitTabs } from '../../components/FitTabs';
import Badge from '@mui/material/Badge';
import Link from '@mui/material/Link';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { languageName } from '../../lib/languageName';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { priceOrContactSales } from '../../lib/money';
import { formatDate } from '../../lib/time';
import { formatInviteNumber } from '../../../../contracts/enrollment';
import { InviteNumber } from './InviteNumber';
import { COURSE } from './operations';
import { RecordingConsent } from './RecordingConsent';
import { useT } from '../../i18n/useT';
import { withMessages } from '../../i18n/withMessages';
import { lazy, Suspense, useEffect } from 'react';
import { lazyNamed } from '../../lib/lazyNow';
import { preload, preloadWhenPageLoaded } from '../../lib/whenPageLoaded';

// The students and the class view load when their tab is opened: the overview, the page a course opens on, does not carry
// them (issue 31's budget). Each comes with its words.
// The topics (their edit dialogs) are a tab away too, fetched once the page has loaded. The LMS's roster and grades, which
// most courses do not have (each draws nothing then), are asked for beside the course's query, not before it.
const loadTopicsTab = () => import('./TopicsTab');
const loadLmsRoster = () => import('../lti/LmsRoster');
const loadLmsScores = () => import('../lti/LmsScores');
const TopicsTab = lazyNamed(loadTopicsTab, (m) => m.TopicsTab);
const LmsRoster = lazyNamed(loadLmsRoster, (m) => m.LmsRoster);
const LmsScores = lazyNamed(loadLmsScores, (m) => m.LmsScores);
const StudentsTab = lazy(() =>
  withMessages('instructorCourseStudents', () => import('./StudentsTab'))().then((m) => ({ default: m.StudentsTab })),
);

const ClassViewTab = lazy(() =>
  withMessages('instructorClassView', () => import('./classView/ClassViewTab'))().then((m) => ({ default: m.ClassViewTab })),
);

export default function CoursePage() {
  const { id = '' } = useParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const t = useT();
  const tab = hash === '#topics' ? 'topics' : hash === '#students' ? 'students' : hash === '#class' ? 'class' : 'overview';
  const { data, loading } = useQuery(COURSE, { variables: { courseId: id }, fetchPolicy: 'cache-and-network' });
  useEffect(() => {
    preload(loadLmsRoster, loadLmsScores);
    preloadWhenPageLoaded(loadTopicsTab);
  }, []);
  if (loading && !data) return <Loading label={t('instructor.course.loading')} />;
  const course = data?.me?.ownedCourse;
  if (!course) {
    return (
      <Page title={t('instructor.course.title')}>
        <Alert severity="warning">{t('instructor.course.notFound')}</Alert>
      </Page>
    );
  }
  const [onClass, onTopics, onStudents] = [tab === 'class', tab === 'topics', tab === 'students'];
  const institutional = course.priceAgreement.kind === 'institutional';
  const missingTopics = course.lessonAssignments?.some((l) => !l.lesson.discussionTopic);
  return (
    <Page title={course.name}>
      <FitTabs
        value={tab}
        onChange={(_e, v) => navigate({ hash: v === 'overview' ? '' : `#${v}` }, { replace: true })}
        aria-label={t('instructor.course.sections')}
        perRow={2}
        sx={{ mb: 2 }}
      >
        <Tab value="overview" label={t('instructor.course.overview')} />
        <Tab
          value="students"
          label={
            <Badge badgeContent={course.courseEnrollmentsCount ?? 0} showZero color="primary" max={999} sx={{ pr: 1.5 }}>
              {t('instructor.course.students')}
            </Badge>
          }
          aria-label={t('instructor.course.studentsCount', { count: String(course.courseEnrollmentsCount ?? 0) })}
        />
        <Tab value="topics" label={t('instructor.course.topics')} />
        <Tab value="class" label={t('classView.tab')} />
      </FitTabs>
      {onClass ? (
        <Suspense fallback={<Loading label={t('classView.loading')} />}>
          <ClassViewTab courseId={course.id} />
        </Suspense>
      ) : onTopics ? (
        <Suspense fallback={<Loading />}>
          <TopicsTab course={course} />
        </Suspense>
      ) : onStudents ? (
        <Suspense fallback={<Loading label={t('instructor.students.loading')} />}>
          <StudentsTab
            courseId={course.id}
            courseName={course.name}
            inviteNumber={course.inviteNumber}
            total={course.completionRequirement}
          />
        </Suspense>
      ) : (
        <Stack spacing={3}>
          {course.isPast ? (
            <Chip label={t('instructor.course.pastDue')} color="error" sx={{ alignSelf: 'flex-start' }} />
          ) : (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="subtitle1" component="h2" gutterBottom>
                {t('instructor.course.share')}
              </Typography>
              <InviteNumber inviteNumber={course.inviteNumber} />
            </Paper>
          )}
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography>
              {t('instructor.course.facts', {
                language: languageName(course.language),
                level: t('course.level', { level: course.proficiency }),
                conversations: course.completionRequirement,
                minutes: course.durationRequirement,
              })}
            </Typography>
            <Typography color="text.secondary">
              {t('instructor.course.dates', { start: formatDate(course.startDate), end: formatDate(course.endDate) })}
              {course.courseEnrollmentsCount != null &&
                ` · ${t('instructor.course.studentCount', { count: course.courseEnrollmentsCount })}`}
            </Typography>
            <Typography color="text.secondary">
              {t('instructor.course.prices', {
                agreement: t('course.agreement', { kind: course.priceAgreement.kind }),
                perStudent: institutional ? t('instructor.course.paidBySchool') : priceOrContactSales(course.prices?.totalPrice),
                perConversation: institutional ? '—' : priceOrContactSales(course.prices?.unitPrice),
              })}
            </Typography>
          </Paper>
          {/* The overview warnings (spec 3, Instructor course): current courses only; topics first, else no students. */}
          {!course.isPast && missingTopics && (
            <Alert severity="warning">
              {t('instructor.course.missingTopics')}{' '}
              <Link component={RouterLink} to="#topics">
                {t('instructor.course.addTopics')}
              </Link>
            </Alert>
          )}
          {!course.isPast && !missingTopics && course.courseEnrollmentsCount === 0 && (
            <Alert severity="warning">{t('instructor.course.noStudents', { number: formatInviteNumber(course.inviteNumber) })}</Alert>
          )}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            {/* A past course is read-only (changeCourse refuses it): no Edit. */}
            {!course.isPast && (
              <Button
                component={RouterLink}
                to={`/instructor/courses/${encodeURIComponent(course.id)}/edit`}
                variant="outlined"
                startIcon={<EditIcon />}
              >
                {t('instructor.course.edit')}
              </Button>
            )}
            <Link component={RouterLink} to={`/instructor/courses/${encodeURIComponent(course.id)}/delete`} color="error">
              {t('instructor.course.delete')}
            </Link>
          </Stack>
          <Paper variant="outlined">
            <List aria-label={t('instructor.course.lessons')}>
              {course.lessonAssignments?.map((l) => (
                <ListItem key={l.id}>
                  <ListItemText
                    primary={`${l.order}. ${l.lesson.title}`}
                    secondary={l.lesson.discussionTopic ?? t('instructor.course.noTopic')}
                  />
                </ListItem>
              ))}
            </List>
          </Paper>
          {/* Sections read by queries or code of their own come last: arriving, they move nothing a
              person may be about to press (a tap on the topics warning's link landed on the
              recording settings when they came in above it). */}
          <Suspense fallback={null}>
            <LmsRoster courseId={course.id} />
          </Suspense>
          <Suspense fallback={null}>
            <LmsScores courseId={course.id} />
          </Suspense>
          <RecordingConsent courseId={course.id} readOnly={course.isPast} />
        </Stack>
      )}
    </Page>
  );
}
