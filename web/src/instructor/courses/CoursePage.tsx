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
import { StudentsTab } from './StudentsTab';
import { COURSE } from './operations';
import { TopicsTab } from './TopicsTab';
import { LmsRoster } from '../lti/LmsRoster';
import { useT } from '../../i18n/useT';
import { countOf } from '../../lib/plural';
import { lazy, Suspense } from 'react';

// The class view (its table, chart and CSV) loads when its tab is opened: the instructor's other pages do not carry it.
const ClassViewTab = lazy(() => import('./classView/ClassViewTab').then((m) => ({ default: m.ClassViewTab })));

export default function CoursePage() {
  const { id = '' } = useParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const t = useT();
  const tab = hash === '#topics' ? 'topics' : hash === '#students' ? 'students' : hash === '#class' ? 'class' : 'overview';
  const { data, loading } = useQuery(COURSE, { variables: { courseId: id }, fetchPolicy: 'cache-and-network' });
  if (loading && !data) return <Loading label="Loading the course" />;
  const course = data?.me?.ownedCourse;
  if (!course) {
    return (
      <Page title="Course">
        <Alert severity="warning">This course was not found.</Alert>
      </Page>
    );
  }
  const missingTopics = course.lessonAssignments?.some((l) => !l.lesson.discussionTopic);
  return (
    <Page title={course.name}>
      <FitTabs
        value={tab}
        onChange={(_e, v) => navigate({ hash: v === 'overview' ? '' : `#${v}` }, { replace: true })}
        aria-label="Course sections"
        perRow={2}
        sx={{ mb: 2 }}
      >
        <Tab value="overview" label="Overview" />
        <Tab
          value="students"
          label={
            <Badge badgeContent={course.courseEnrollmentsCount ?? 0} showZero color="primary" max={999} sx={{ pr: 1.5 }}>
              Students
            </Badge>
          }
          aria-label={`Students (${course.courseEnrollmentsCount ?? 0})`}
        />
        <Tab value="topics" label="Discussion topics" />
        <Tab value="class" label={t('classView.tab')} />
      </FitTabs>
      {tab === 'class' ? (
        <Suspense fallback={<Loading label={t('classView.loading')} />}>
          <ClassViewTab courseId={course.id} />
        </Suspense>
      ) : tab === 'topics' ? (
        <TopicsTab course={course} />
      ) : tab === 'students' ? (
        <StudentsTab
          courseId={course.id}
          courseName={course.name}
          inviteNumber={course.inviteNumber}
          total={course.completionRequirement}
        />
      ) : (
        <Stack spacing={3}>
          {course.isPast ? (
            <Chip label="PAST DUE" color="error" sx={{ alignSelf: 'flex-start' }} />
          ) : (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="subtitle1" component="h2" gutterBottom>
                Share this course with your students
              </Typography>
              <InviteNumber inviteNumber={course.inviteNumber} />
            </Paper>
          )}
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography>
              {languageName(course.language)} · {course.proficiency} · {course.completionRequirement} conversations of{' '}
              {course.durationRequirement} minutes
            </Typography>
            <Typography color="text.secondary">
              {formatDate(course.startDate)} to {formatDate(course.endDate)}
              {course.courseEnrollmentsCount != null && ` · ${countOf(course.courseEnrollmentsCount, 'student')}`}
            </Typography>
            <Typography color="text.secondary">
              Agreement: {course.priceAgreement.kind} · Price Per Student:{' '}
              {course.priceAgreement.kind === 'institutional' ? 'paid by the school' : priceOrContactSales(course.prices?.totalPrice)} ·
              Price Per Conversation: {course.priceAgreement.kind === 'institutional' ? '—' : priceOrContactSales(course.prices?.unitPrice)}
            </Typography>
          </Paper>
          <LmsRoster courseId={course.id} />
          {/* The overview warnings (spec 3, Instructor course): current courses only; topics first, else no students. */}
          {!course.isPast && missingTopics && (
            <Alert severity="warning">
              Some lessons have no discussion topic yet.{' '}
              <Link component={RouterLink} to="#topics">
                Add the discussion topics
              </Link>
            </Alert>
          )}
          {!course.isPast && !missingTopics && course.courseEnrollmentsCount === 0 && (
            <Alert severity="warning">
              No students have joined yet. Give them the invite number {formatInviteNumber(course.inviteNumber)} or the link above.
            </Alert>
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
                Edit course
              </Button>
            )}
            <Link component={RouterLink} to={`/instructor/courses/${encodeURIComponent(course.id)}/delete`} color="error">
              Delete this course
            </Link>
          </Stack>
          <Paper variant="outlined">
            <List aria-label="Lessons">
              {course.lessonAssignments?.map((l) => (
                <ListItem key={l.id}>
                  <ListItemText
                    primary={`${l.order}. ${l.lesson.title}`}
                    secondary={l.lesson.discussionTopic ?? 'No discussion topic yet'}
                  />
                </ListItem>
              ))}
            </List>
          </Paper>
        </Stack>
      )}
    </Page>
  );
}
