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
import { RowIcon } from '../../student/conversations/RowIcon';
import { rowKind, rowLabel } from '../../student/conversations/rowKind';
import { formatInviteNumber } from '../../../../contracts/enrollment';
import { COURSE, MY_COURSES } from './operations';
import { COURSE_STUDENTS, TRANSFER_USER, WITHDRAW_USER, type RosterEnrollment } from './studentsOperations';

const ENROLLMENTS_POLL_MS = 5_000;

export const studentName = (s: RosterEnrollment['student']) =>
  s.displayName || [s.givenName, s.surname].filter(Boolean).join(' ') || 'A student';

const OUTCOMES: Record<string, string> = { attempting: 'Reserved', completed: 'Completed', failed: 'Not completed' };

function ConversationHistory({ enrollment, zone }: { enrollment: RosterEnrollment; zone?: string | null }) {
  if (!enrollment.conversations.length) return <Typography color="text.secondary">No conversations yet.</Typography>;
  return (
    <List dense aria-label={`Conversations of ${studentName(enrollment.student)}`}>
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
              secondary={`${c.lesson?.title ?? 'No lesson'} · ${c.duration} minutes with ${c.reservedWith?.displayName ?? 'a speaker'}`}
            />
          </ListItem>
        );
      })}
    </List>
  );
}

function CourseProgress({ enrollment }: { enrollment: RosterEnrollment }) {
  const p = enrollment.progress;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Chip size="small" color="success" label={`Completed ${p.completed}`} />
        <Chip size="small" color="primary" variant="outlined" label={`Reserved ${p.attempting}`} />
        {p.failed > 0 && <Chip size="small" color="warning" variant="outlined" label={`Not completed ${p.failed}`} />}
        <Chip size="small" variant="outlined" label={`Not started ${p.unattempted}`} />
      </Stack>
      <List dense aria-label={`Course progress of ${studentName(enrollment.student)}`}>
        {p.report.map((r) => {
          const last = r.attempts.at(-1);
          return (
            <ListItem key={r.lessonAssignment.id} disableGutters>
              <ListItemText
                primary={`${r.lessonAssignment.order}. ${r.lessonAssignment.lesson.title}`}
                secondary={last?.outcome ? (OUTCOMES[last.outcome] ?? last.outcome) : 'Not started'}
              />
            </ListItem>
          );
        })}
      </List>
    </Stack>
  );
}

function StudentProfile({ enrollment }: { enrollment: RosterEnrollment }) {
  const s = enrollment.student;
  const location = [s.currentCity, s.currentState, s.currentCountry].filter(Boolean).join(', ');
  const rows: [string, string | null][] = [
    ['Name', [s.givenName, s.surname].filter(Boolean).join(' ') || null],
    ['Display name', s.displayName],
    ['Location', location || null],
    ['Enrolled on', formatDate(enrollment.enrolledOn.slice(0, 10))],
    ['Hobbies', s.bioHobbiesAre],
    ['Dream career', s.bioDreamCareer],
    ['Goals', s.bioGoalsAre],
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
            {value || 'Not given'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const LEAVING_NOTE =
  'They keep their minutes. Conversations still to come in this course are canceled and their minutes returned; past ones stay in its history.';

function TransferDialog({ courseId, enrollment, onClose }: { courseId: string; enrollment: RosterEnrollment; onClose: () => void }) {
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
  const name = studentName(enrollment.student);
  const problem = submitted && !toCourseId ? InstructorMessages.transferTargetRequired : undefined;
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
        <DialogTitle id="transfer-title">Transfer {name}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              Move {name} to another of your courses. {LEAVING_NOTE}
            </DialogContentText>
            {targets.length ? (
              <TextField
                select
                label="Course"
                value={toCourseId}
                onChange={(e) => setTo(e.target.value)}
                required
                error={!!problem}
                helperText={problem}
              >
                {targets.map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.name} ({formatDate(c.startDate)} to {formatDate(c.endDate)})
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <Alert severity="info">You have no other current course to move the student to.</Alert>
            )}
            <FormAlert message={state.error ? errorMessage(state.error) : null} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={state.loading || !targets.length}>
            Transfer
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
  const [withdraw, state] = useMutation(WITHDRAW_USER, {
    context: { quiet: true },
    refetchQueries: [
      { query: COURSE_STUDENTS, variables: { courseId } },
      { query: COURSE, variables: { courseId } },
      { query: MY_COURSES },
    ],
    awaitRefetchQueries: true,
  });
  const name = studentName(enrollment.student);
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
      <DialogTitle id="withdraw-title">Withdraw {name}?</DialogTitle>
      <DialogContent>
        <DialogContentText id="withdraw-text">
          {name} will no longer be a student of {courseName}. {LEAVING_NOTE}
        </DialogContentText>
        <FormAlert message={state.error ? errorMessage(state.error) : null} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={state.loading}>
          Withdraw
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
  const [tab, setTab] = useState<'history' | 'progress' | 'profile'>('history');
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'transfer' | 'withdraw' | null>(null);
  const name = studentName(enrollment.student);
  const latest = enrollment.conversations[0];
  const panelId = `enrollment-${enrollment.id}`;
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
                  {enrollment.progress.completed} of {total} completed{latest ? ` · last: ${rowLabel(rowKind(latest))}` : ''}
                </Typography>
              </Box>
            </Stack>
          </AccordionSummary>
          {!isPast && (
            <IconButton aria-label={`Actions for ${name}`} aria-haspopup="menu" onClick={(e) => setMenu(e.currentTarget)} sx={{ mr: 1 }}>
              <MoreVertIcon />
            </IconButton>
          )}
        </Box>
        <AccordionDetails>
          <Tabs
            value={tab}
            onChange={(_e, v) => setTab(v)}
            aria-label={`About ${name}`}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ mb: 2 }}
          >
            <Tab value="history" label="Conversation History" />
            <Tab value="progress" label="Course Progress" />
            <Tab value="profile" label="Student Profile" />
          </Tabs>
          {tab === 'history' && <ConversationHistory enrollment={enrollment} zone={zone} />}
          {tab === 'progress' && <CourseProgress enrollment={enrollment} />}
          {tab === 'profile' && <StudentProfile enrollment={enrollment} />}
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
          Transfer to another course
        </MenuItem>
        <MenuItem
          onClick={() => {
            setMenu(null);
            setDialog('withdraw');
          }}
        >
          Withdraw from the course
        </MenuItem>
      </Menu>
      {dialog === 'transfer' && <TransferDialog courseId={courseId} enrollment={enrollment} onClose={() => setDialog(null)} />}
      {dialog === 'withdraw' && (
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
  const { data, loading, error } = useQuery(COURSE_STUDENTS, {
    variables: { courseId },
    fetchPolicy: 'cache-and-network',
    pollInterval: ENROLLMENTS_POLL_MS,
    context: { quiet: true },
  });
  if (loading && !data) return <Loading label="Loading the students" />;
  if (error && !data) return <Alert severity="error">{errorMessage(error)}</Alert>;
  const course = data?.me?.ownedCourse;
  const enrollments = course?.courseEnrollments ?? [];
  if (!enrollments.length) {
    return (
      <EmptyState
        title="No students yet"
        description={
          course?.isPast ? 'Nobody joined this course.' : `Students join with the invite number ${formatInviteNumber(inviteNumber)}.`
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
