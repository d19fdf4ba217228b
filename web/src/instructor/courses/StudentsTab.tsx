/**
 * The course's students (#students): one item per enrollment with the icon of the student's latest
 * conversation (spec 3, Enrollment list item), three tabs when expanded (Conversation History, Course
 * Progress, Student Profile), refreshed every 5 s; Transfer and Withdraw after a confirmation, hidden
 * for past courses. What each does to minutes and conversations is said in the dialog as the server
 * does it (.scratch/decisions-instructor-area.md).
 */
import { useMutation, useQuery } from '@apollo/client';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { InstructorMessages } from '../../../../contracts/validation/instructor';
import { EmptyState } from '../../components/EmptyState';
import { FormAlert } from '../../components/FormAlert';
import { Loading } from '../../components/Loading';
import { notifySuccess } from '../../components/snackbars';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatDayAndTime, zoneAbbreviation } from '../../lib/time';
import { RowIcon, rowKind, rowLabel } from '../../student/conversations/rowKind';
import { formatInviteNumber } from '../../../../contracts/enrollment';
import { COURSE, MY_COURSES } from './operations';
import type { MessageId } from '../../i18n/catalog';
import { type Translate, useT } from '../../i18n/useT';
import { COURSE_STUDENTS, TRANSFER_USER, WITHDRAW_USER, type RosterEnrollment } from './studentsOperations';
import { localizeKnown } from '../../i18n/translate';

const ENROLLMENTS_POLL_MS = 5_000;

export const studentName = (s: RosterEnrollment['student'], t: Translate) =>
  s.displayName || [s.givenName, s.surname].filter(Boolean).join(' ') || t('instructor.students.aStudent');

const OUTCOMES: Record<string, MessageId> = {
  attempting: 'instructor.students.outcome.attempting',
  completed: 'instructor.students.outcome.completed',
  failed: 'instructor.students.outcome.failed',
};

function ConversationHistory({ enrollment, zone }: { enrollment: RosterEnrollment; zone?: string | null }) {
  const t = useT();
  if (!enrollment.conversations.length) return <Typography color="text.secondary">{t('instructor.students.noConversations')}</Typography>;
  return (
    <List dense aria-label={t('instructor.students.conversationsOf', { name: studentName(enrollment.student, t) })}>
      {enrollment.conversations.map((c) => {
        const kind = rowKind(c);
        return (
          <ListItem key={c.id} disableGutters>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <RowIcon kind={kind} />
            </ListItemIcon>
            <ListItemText
              primary={
                <Link component={RouterLink} to={`/instructor/conversations/${encodeURIComponent(c.id)}`}>
                  {formatDayAndTime(c.reservedStart, zone)} {zoneAbbreviation(c.reservedStart, zone)} · {rowLabel(kind)}
                </Link>
              }
              secondary={t('instructor.students.conversationLine', {
                lesson: c.lesson?.title ?? t('instructor.students.noLesson'),
                minutes: c.duration,
                speaker: c.reservedWith?.displayName ?? t('instructor.students.aSpeaker'),
              })}
            />
          </ListItem>
        );
      })}
    </List>
  );
}

function CourseProgress({ enrollment }: { enrollment: RosterEnrollment }) {
  const t = useT();
  const p = enrollment.progress;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Chip size="small" color="success" label={t('instructor.students.completedCount', { count: p.completed })} />
        <Chip size="small" color="primary" variant="outlined" label={t('instructor.students.reservedCount', { count: p.attempting })} />
        {p.failed > 0 && (
          <Chip size="small" color="warning" variant="outlined" label={t('instructor.students.failedCount', { count: p.failed })} />
        )}
        <Chip size="small" variant="outlined" label={t('instructor.students.notStartedCount', { count: p.unattempted })} />
      </Stack>
      <List dense aria-label={t('instructor.students.progressOf', { name: studentName(enrollment.student, t) })}>
        {p.report.map((r) => {
          const last = r.attempts.at(-1);
          return (
            <ListItem key={r.lessonAssignment.id} disableGutters>
              <ListItemText
                primary={`${r.lessonAssignment.order}. ${r.lessonAssignment.lesson.title}`}
                secondary={
                  last?.outcome ? (OUTCOMES[last.outcome] ? t(OUTCOMES[last.outcome]) : last.outcome) : t('instructor.students.notStarted')
                }
              />
            </ListItem>
          );
        })}
      </List>
    </Stack>
  );
}

function StudentProfile({ enrollment }: { enrollment: RosterEnrollment }) {
  const t = useT();
  const s = enrollment.student;
  const location = [s.currentCity, s.currentState, s.currentCountry].filter(Boolean).join(', ');
  const rows: [string, string | null][] = [
    [t('instructor.students.profile.name'), [s.givenName, s.surname].filter(Boolean).join(' ') || null],
    [t('instructor.students.profile.displayName'), s.displayName],
    [t('instructor.students.profile.location'), location || null],
    [t('instructor.students.profile.enrolledOn'), formatDate(enrollment.enrolledOn.slice(0, 10))],
    [t('instructor.students.profile.hobbies'), s.bioHobbiesAre],
    [t('instructor.students.profile.dreamCareer'), s.bioDreamCareer],
    [t('instructor.students.profile.goals'), s.bioGoalsAre],
  ];
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5 }}
    >
      {rows.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {term}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
            color={value ? 'text.primary' : 'text.secondary'}
          >
            {value || t('instructor.students.profile.notGiven')}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function TransferDialog({ courseId, enrollment, onClose }: { courseId: string; enrollment: RosterEnrollment; onClose: () => void }) {
  const t = useT();
  const { data } = useQuery(MY_COURSES, { fetchPolicy: 'cache-first' });
  const targets = (data?.me?.current ?? []).filter((c) => c.id !== courseId && !c.isPast);
  const [toCourseId, setTo] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [transfer, state] = useMutation(TRANSFER_USER, {
    context: { quiet: true },
    refetchQueries: [
      { query: COURSE_STUDENTS, variables: { courseId } },
      { query: COURSE, variables: { courseId } },
      { query: MY_COURSES },
    ],
    awaitRefetchQueries: true,
  });
  const name = studentName(enrollment.student, t);
  const problem = submitted && !toCourseId ? localizeKnown(InstructorMessages.transferTargetRequired) : undefined;
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (!toCourseId) return;
    try {
      await transfer({ variables: { input: { userId: enrollment.student.id, fromCourseId: courseId, toCourseId } } });
      notifySuccess(InstructorMessages.studentTransferred);
      onClose();
    } catch {
      /* shown below */
    }
  }
  return (
    <Dialog open onClose={onClose} aria-labelledby="transfer-title" fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="transfer-title">{t('instructor.students.transferTitle', { name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              {t('instructor.students.transferText', { name })} {t('instructor.students.leavingNote')}
            </DialogContentText>
            {targets.length ? (
              <TextField
                select
                label={t('instructor.students.course')}
                value={toCourseId}
                onChange={(e) => setTo(e.target.value)}
                required
                error={!!problem}
                helperText={problem}
              >
                {targets.map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {t('instructor.students.courseOption', {
                      name: c.name,
                      start: formatDate(c.startDate),
                      end: formatDate(c.endDate),
                    })}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <Alert severity="info">{t('instructor.students.noOtherCourse')}</Alert>
            )}
            <FormAlert message={state.error ? errorMessage(state.error) : null} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('instructor.students.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={state.loading || !targets.length}>
            {t('instructor.students.transfer')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function WithdrawDialog({
  courseId,
  courseName,
  enrollment,
  onClose,
}: {
  courseId: string;
  courseName: string;
  enrollment: RosterEnrollment;
  onClose: () => void;
}) {
  const t = useT();
  const [withdraw, state] = useMutation(WITHDRAW_USER, {
    context: { quiet: true },
    refetchQueries: [
      { query: COURSE_STUDENTS, variables: { courseId } },
      { query: COURSE, variables: { courseId } },
      { query: MY_COURSES },
    ],
    awaitRefetchQueries: true,
  });
  const name = studentName(enrollment.student, t);
  async function confirm() {
    try {
      await withdraw({ variables: { input: { userId: enrollment.student.id, courseId } } });
      notifySuccess(InstructorMessages.studentWithdrawn);
      onClose();
    } catch {
      /* shown below */
    }
  }
  return (
    <Dialog open onClose={onClose} aria-labelledby="withdraw-title" aria-describedby="withdraw-text" fullWidth maxWidth="sm">
      <DialogTitle id="withdraw-title">{t('instructor.students.withdrawTitle', { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText id="withdraw-text">
          {t('instructor.students.withdrawText', { name, course: courseName })} {t('instructor.students.leavingNote')}
        </DialogContentText>
        <FormAlert message={state.error ? errorMessage(state.error) : null} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('instructor.students.cancel')}</Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={state.loading}>
          {t('instructor.students.withdraw')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function EnrollmentItem({
  enrollment,
  courseId,
  courseName,
  isPast,
  total,
  zone,
}: {
  enrollment: RosterEnrollment;
  courseId: string;
  courseName: string;
  isPast: boolean;
  total: number;
  zone?: string | null;
}) {
  const t = useT();
  const [tab, setTab] = useState<'history' | 'progress' | 'profile'>('history');
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'transfer' | 'withdraw' | null>(null);
  const name = studentName(enrollment.student, t);
  const latest = enrollment.conversations[0];
  const panelId = `enrollment-${enrollment.id}`;
  const [onHistory, onProgress, onProfile] = [tab === 'history', tab === 'progress', tab === 'profile'];
  const [transferring, withdrawing] = [dialog === 'transfer', dialog === 'withdraw'];
  return (
    <>
      <Accordion disableGutters variant="outlined" slotProps={{ transition: { unmountOnExit: true } }}>
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <AccordionSummary
            expandIcon={<ExpandMoreIcon />}
            aria-controls={`${panelId}-content`}
            id={`${panelId}-header`}
            sx={{ flex: 1, minWidth: 0 }}
          >
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
              {latest ? <RowIcon kind={rowKind(latest)} /> : <PersonOutlineIcon aria-hidden fontSize="small" color="action" />}
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {latest
                    ? t('instructor.students.summaryLast', {
                        completed: enrollment.progress.completed,
                        total,
                        last: rowLabel(rowKind(latest)),
                      })
                    : t('instructor.students.summary', { completed: enrollment.progress.completed, total })}
                </Typography>
              </Box>
            </Stack>
          </AccordionSummary>
          {!isPast && (
            <IconButton
              aria-label={t('instructor.students.actionsFor', { name })}
              aria-haspopup="menu"
              onClick={(e) => setMenu(e.currentTarget)}
              sx={{ mr: 1 }}
            >
              <MoreVertIcon />
            </IconButton>
          )}
        </Box>
        <AccordionDetails>
          <Tabs
            value={tab}
            onChange={(_e, v) => setTab(v)}
            aria-label={t('instructor.students.about', { name })}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ mb: 2 }}
          >
            <Tab value="history" label={t('instructor.students.tab.history')} />
            <Tab value="progress" label={t('instructor.students.tab.progress')} />
            <Tab value="profile" label={t('instructor.students.tab.profile')} />
          </Tabs>
          {onHistory && <ConversationHistory enrollment={enrollment} zone={zone} />}
          {onProgress && <CourseProgress enrollment={enrollment} />}
          {onProfile && <StudentProfile enrollment={enrollment} />}
        </AccordionDetails>
      </Accordion>
      {/* Outside the accordion: its collapsed region is unmounted, and the actions work without expanding it. */}
      <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            setMenu(null);
            setDialog('transfer');
          }}
        >
          {t('instructor.students.transferMenu')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setMenu(null);
            setDialog('withdraw');
          }}
        >
          {t('instructor.students.withdrawMenu')}
        </MenuItem>
      </Menu>
      {transferring && <TransferDialog courseId={courseId} enrollment={enrollment} onClose={() => setDialog(null)} />}
      {withdrawing && (
        <WithdrawDialog courseId={courseId} courseName={courseName} enrollment={enrollment} onClose={() => setDialog(null)} />
      )}
    </>
  );
}

export function StudentsTab({
  courseId,
  courseName,
  inviteNumber,
  total,
}: {
  courseId: string;
  courseName: string;
  inviteNumber: string;
  total: number;
}) {
  const t = useT();
  const { data, loading, error } = useQuery(COURSE_STUDENTS, {
    variables: { courseId },
    fetchPolicy: 'cache-and-network',
    pollInterval: ENROLLMENTS_POLL_MS,
    context: { quiet: true },
  });
  if (loading && !data) return <Loading label={t('instructor.students.loading')} />;
  if (error && !data) return <Alert severity="error">{errorMessage(error)}</Alert>;
  const course = data?.me?.ownedCourse;
  const enrollments = course?.courseEnrollments ?? [];
  if (!enrollments.length) {
    return (
      <EmptyState
        title={t('instructor.students.none')}
        description={
          course?.isPast
            ? t('instructor.students.nobodyJoined')
            : t('instructor.students.joinWith', { number: formatInviteNumber(inviteNumber) })
        }
      />
    );
  }
  return (
    <Stack spacing={1}>
      {enrollments.map((e) => (
        <EnrollmentItem
          key={e.id}
          enrollment={e}
          courseId={courseId}
          courseName={courseName}
          isPast={!!course?.isPast}
          total={total}
          zone={data?.me?.tzIdentifier}
        />
      ))}
    </Stack>
  );
}
