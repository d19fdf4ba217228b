/** Step 3 of /student/reserve: what will be reserved and what it costs; Reserve, or back to another time. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { languageName } from '../../../../contracts/enrollment';
import { formatDay, formatDayAndTime, formatTime, localDateOf, zoneAbbreviation } from '../../lib/time';
import type { FlowSend, FlowState, Me } from './flow';
import type { ReserveSetupData, SpeakerProfile } from './operations';
import { speakerName } from './SpeakerResult';
import { FactsTable } from '../../components/FactsTable';
import { FormAlert } from '../../components/FormAlert';
import { STUDENT_CANCEL_CUTOFF_HOURS, studentCancelDeadline } from '../../../../contracts/scheduling';

export function ConfirmStep({
  me,
  languages,
  zone,
  state,
  send,
}: {
  me: Me;
  languages: ReserveSetupData['lookupLanguages'];
  zone: string;
  state: FlowState;
  send: FlowSend;
}) {
  const ctx = state.context;
  const course = me.courses.find((c) => c.id === ctx.courseId);
  const lesson = course?.lessonAssignments.find((a) => a.lesson.id === ctx.lessonId)?.lesson;
  const start = ctx.opening!.startTimestamp;
  const remaining = me.account.remainingMinutes;
  const reserving = state.matches({ confirming: 'reserving' });
  const rows: [string, string][] = [
    ...(course
      ? ([
          ['Course', course.name],
          ['Lesson', lesson ? lesson.title : '—'],
        ] as [string, string][])
      : ([['Language', languages.find((l) => l.code === ctx.language)?.name ?? languageName(ctx.language ?? '')]] as [string, string][])),
    ['Speaker', speakerName(ctx.speaker as SpeakerProfile)],
    ['Date', formatDay(localDateOf(start, zone))],
    ['Time', `${formatTime(start, zone)} – ${formatTime(ctx.opening!.endTimestamp, zone)} ${zoneAbbreviation(start, zone)}`],
    ['Duration', `${ctx.duration} minutes`],
    ['Costs', `${ctx.duration} minutes`],
    ['Remaining minutes', `${remaining} (${Math.max(remaining - ctx.duration, 0)} after this reservation)`],
  ];
  return (
    <Paper variant="outlined" component="section" aria-label="Confirm the reservation" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Confirm your conversation
      </Typography>
      <FactsTable rows={rows} label="Reservation" />
      {remaining < ctx.duration && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          You have {remaining} minutes; this conversation needs {ctx.duration}.
        </Alert>
      )}
      {Date.now() >= studentCancelDeadline(new Date(start)).getTime() && (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="no-cancel-warning">
          This conversation starts within {STUDENT_CANCEL_CUTOFF_HOURS} hours: once reserved, it cannot be canceled.
        </Alert>
      )}
      <FormAlert message={ctx.error} />
      <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
        <Button variant="contained" onClick={() => send({ type: 'RESERVE' })} disabled={reserving}>
          {reserving ? 'Reserving…' : 'Reserve'}
        </Button>
        <Button onClick={() => send({ type: 'BACK' })} disabled={reserving}>
          Choose another time
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {formatDayAndTime(start, zone)} in your time zone, {zone}.
      </Typography>
    </Paper>
  );
}
