/**
 * /student/progress, 'My progress' (issue 35): the student's last weeks in their zone — minutes
 * spoken (a chart), their speaking share (a chart), conversations held, corrections and new words
 * (the table) — and each current course's lessons done and due, in the class view's states
 * (docs/decisions/student-progress.md).
 */
import { useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { type Theme, useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Link as RouterLink } from 'react-router-dom';
import type { ComponentProps } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { ConversationIllustration } from '../../components/illustrations';
import { LESSON_STATE_CHIP } from '../../components/lessonStateChip';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { type DocumentType, graphql } from '../../gql';
import { type Translate, useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatMonthDay } from '../../lib/time';
import { WeeklyBarChart } from './WeeklyBarChart';

const MY_PROGRESS = graphql(`
  query MyProgress {
    myProgress {
      today
      weeks {
        weekOf
        conversationsHeld
        secondsHeld
        secondsSpoken
        speakingShare
        corrections
        newWords
      }
      courses {
        courseId
        courseName
        lessonsDone
        lessons {
          lessonId
          order
          title
          dueOn
          state
        }
      }
    }
  }
`);
type Progress = DocumentType<typeof MY_PROGRESS>['myProgress'];
type Week = Progress['weeks'][number];
type Course = Progress['courses'][number];

const minutes = (seconds: number) => Math.round(seconds / 60);
const percent = (share: number) => Math.round(share * 100);

export default function ProgressPage() {
  const t = useT();
  const { data, loading, error, refetch } = useQuery(MY_PROGRESS, { fetchPolicy: 'cache-and-network' });
  const progress = data?.myProgress;
  return (
    <Page title={t('progress.title')}>
      {error && !progress ? (
        <Alert severity="error" action={<Button onClick={() => void refetch()}>{t('common.reload')}</Button>}>
          {errorMessage(error)}
        </Alert>
      ) : loading && !progress ? (
        <Loading label={t('progress.loading')} />
      ) : progress ? (
        <Stack spacing={3}>
          {progress.weeks.some((w) => w.conversationsHeld > 0) ? (
            <Weeks weeks={progress.weeks} />
          ) : (
            <Paper variant="outlined">
              <EmptyState
                illustration={<ConversationIllustration />}
                title={t('progress.empty.title')}
                description={t('progress.empty.description')}
                action={
                  <Button variant="contained" component={RouterLink} to="/student/reserve">
                    {t('progress.empty.reserve')}
                  </Button>
                }
              />
            </Paper>
          )}
          <Courses courses={progress.courses} />
        </Stack>
      ) : null}
    </Page>
  );
}

function Weeks({ weeks }: { weeks: readonly Week[] }) {
  const t = useT();
  const theme = useTheme();
  const mondays = weeks.map((w) => w.weekOf as string);
  const described = (value: (w: Week) => string) =>
    weeks.map((w) => t('progress.chart.week', { week: formatMonthDay(w.weekOf as string), value: value(w) })).join('; ');
  const held = weeks.reduce((sum, w) => sum + w.secondsHeld, 0);
  const spoken = weeks.reduce((sum, w) => sum + w.secondsSpoken, 0);
  return (
    <>
      <Summary weeks={weeks} held={held} spoken={spoken} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <ChartSection
          id="progress-minutes"
          title={t('progress.chart.minutes')}
          description={described((w) => t('progress.chart.minutesValue', { minutes: minutes(w.secondsSpoken) }))}
          weeks={mondays}
          values={weeks.map((w) => minutes(w.secondsSpoken))}
          max={1}
          format={String}
          color={theme.palette.primary.main}
        />
        <ChartSection
          id="progress-share"
          title={t('progress.chart.share')}
          description={described((w) => (shareOf(w) === null ? t('progress.notMeasured') : t('progress.percent', { share: shareOf(w)! })))}
          weeks={mondays}
          values={weeks.map(shareOf)}
          max={100}
          format={(share) => t('progress.percent', { share })}
          color={theme.palette.success.main}
        />
      </Box>
      <WeekTable weeks={weeks} />
    </>
  );
}

function Summary({ weeks, held, spoken }: { weeks: readonly Week[]; held: number; spoken: number }) {
  const t = useT();
  const sum = (f: (w: Week) => number) => weeks.reduce((total, w) => total + f(w), 0);
  const measured = weeks.filter((w) => w.speakingShare !== null && w.speakingShare !== undefined);
  const measuredHeld = measured.reduce((total, w) => total + w.secondsHeld, 0);
  const figures: [string, string][] = [
    [t('progress.summary.conversations'), String(sum((w) => w.conversationsHeld))],
    [t('progress.summary.minutes'), t('progress.summary.minutesValue', { spoken: minutes(spoken), held: minutes(held) })],
    [
      t('progress.summary.share'),
      measuredHeld > 0 ? t('progress.percent', { share: percent(Math.min(1, spoken / measuredHeld)) }) : t('progress.notMeasured'),
    ],
    [t('progress.summary.corrections'), String(sum((w) => w.corrections))],
    [t('progress.summary.newWords'), String(sum((w) => w.newWords))],
  ];
  return (
    <Box component="section" aria-labelledby="progress-summary">
      <Typography id="progress-summary" variant="h6" component="h2" gutterBottom>
        {t('progress.summary.title', { weeks: weeks.length })}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(5, 1fr)' } }}>
        {figures.map(([label, value]) => (
          <Paper key={label} variant="outlined" sx={{ p: 2 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}

/** The week's speaking share in whole percent, or null when no conversation of it was measured. */
const shareOf = (w: Week): number | null => (w.speakingShare === null || w.speakingShare === undefined ? null : percent(w.speakingShare));

const shareText = (t: Translate, w: Week) => {
  const share = shareOf(w);
  return share === null ? '—' : t('progress.percent', { share });
};

/** One chart in its card, headed by its title. */
function ChartSection({
  id,
  title,
  ...chart
}: { id: string; title: string } & Omit<ComponentProps<typeof WeeklyBarChart>, 'id' | 'title'>) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <WeeklyBarChart id={`${id}-chart`} title={title} {...chart} />
    </Paper>
  );
}

/** The weeks with a conversation, newest first: a table, or a card a week on a phone. */
function WeekTable({ weeks }: { weeks: readonly Week[] }) {
  const t = useT();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const held = weeks.filter((w) => w.conversationsHeld > 0).reverse();
  const heading = (
    <Typography id="progress-weeks" variant="h6" component="h2" gutterBottom>
      {t('progress.table.title')}
    </Typography>
  );
  if (narrow)
    return (
      <Box component="section" aria-labelledby="progress-weeks">
        {heading}
        <List disablePadding>
          {held.map((w) => (
            <ListItem key={w.weekOf as string} disableGutters sx={{ display: 'block' }}>
              <Paper variant="outlined" sx={{ p: 2 }}>
                <Typography fontWeight={600}>{t('progress.weekOf', { week: formatDate(w.weekOf as string) })}</Typography>
                <Typography variant="body2">
                  {t('progress.table.weekLine', {
                    conversations: w.conversationsHeld,
                    spoken: minutes(w.secondsSpoken),
                    held: minutes(w.secondsHeld),
                  })}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('progress.table.notesLine', { share: shareText(t, w), corrections: w.corrections, newWords: w.newWords })}
                </Typography>
              </Paper>
            </ListItem>
          ))}
        </List>
      </Box>
    );
  const columns = [
    t('progress.table.week'),
    t('progress.table.conversations'),
    t('progress.table.minutes'),
    t('progress.table.share'),
    t('progress.table.corrections'),
    t('progress.table.newWords'),
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="progress-weeks">
      {heading}
      <Table size="small" aria-labelledby="progress-weeks">
        <TableHead>
          <TableRow>
            {columns.map((c, i) => (
              <TableCell key={c} align={i ? 'right' : 'left'}>
                {c}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {held.map((w) => (
            <TableRow key={w.weekOf as string}>
              <TableCell component="th" scope="row">
                {formatDate(w.weekOf as string)}
              </TableCell>
              <TableCell align="right">{w.conversationsHeld}</TableCell>
              <TableCell align="right">
                {t('progress.summary.minutesValue', { spoken: minutes(w.secondsSpoken), held: minutes(w.secondsHeld) })}
              </TableCell>
              <TableCell align="right">{shareText(t, w)}</TableCell>
              <TableCell align="right">{w.corrections}</TableCell>
              <TableCell align="right">{w.newWords}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

function Courses({ courses }: { courses: readonly Course[] }) {
  const t = useT();
  return (
    <Box component="section" aria-labelledby="progress-courses">
      <Typography id="progress-courses" variant="h6" component="h2" gutterBottom>
        {t('progress.courses.title')}
      </Typography>
      {!courses.length && (
        <Typography color="text.secondary">
          {t('progress.courses.none')}{' '}
          <Link component={RouterLink} to="/student/courses">
            {t('progress.courses.find')}
          </Link>
        </Typography>
      )}
      <Stack spacing={2}>
        {courses.map((c) => (
          <CourseLessons key={c.courseId} course={c} />
        ))}
      </Stack>
    </Box>
  );
}

function CourseLessons({ course }: { course: Course }) {
  const t = useT();
  const total = course.lessons.length;
  const headingId = `progress-course-${course.courseId}`;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="article" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" fontWeight={600}>
        {course.courseName}
      </Typography>
      {total ? (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('progress.courses.done', { done: course.lessonsDone, total })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={(100 * course.lessonsDone) / total}
            aria-label={t('progress.courses.done', { done: course.lessonsDone, total })}
            sx={{ my: 1.5, height: 8, borderRadius: 4 }}
          />
          <List dense disablePadding>
            {course.lessons.map((l) => {
              const chip = LESSON_STATE_CHIP[l.state];
              return (
                <ListItem key={l.lessonId} disableGutters divider sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                  <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
                    <Typography sx={{ overflowWrap: 'anywhere' }}>
                      {t('progress.courses.lesson', { order: l.order, title: l.title })}
                    </Typography>
                    {l.dueOn && (
                      <Typography variant="body2" color="text.secondary">
                        {t('progress.courses.due', { date: formatDate(l.dueOn as string) })}
                      </Typography>
                    )}
                  </Box>
                  <Chip
                    size="small"
                    color={chip.color}
                    variant={chip.filled ? 'filled' : 'outlined'}
                    label={t(`classView.state.${l.state}`)}
                  />
                </ListItem>
              );
            })}
          </List>
        </>
      ) : (
        <Typography color="text.secondary">{t('progress.courses.noLessons')}</Typography>
      )}
    </Paper>
  );
}
