/** Step 3 of /student/reserve: what will be reserved and what it costs; Reserve, or back to another time. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { languageName } from '../../lib/languageName';
import { formatDay, formatDayAndTime, formatTime, localDateOf, zoneAbbreviation } from '../../lib/time';
import { useT } from '../../i18n/useT';
import type { FlowSend, FlowState, Me } from './flow';
import type { SpeakerProfile } from './operations';
import { speakerName } from './SpeakerResult';
import { FactsTable } from '../../components/FactsTable';
import { FormAlert } from '../../components/FormAlert';
import { STUDENT_CANCEL_CUTOFF_HOURS, studentCancelDeadline } from '../../../../contracts/scheduling';

export function ConfirmStep({ me, zone, state, send }: { me: Me; zone: string; state: FlowState; send: FlowSend }) {
  const t = useT();
  const ctx = state.context;
  const course = me.courses.find((c) => c.id === ctx.courseId);
  const lesson = course?.lessonAssignments.find((a) => a.lesson.id === ctx.lessonId)?.lesson;
  const start = ctx.opening!.startTimestamp;
  const remaining = me.account.remainingMinutes;
  const reserving = state.matches({ confirming: 'reserving' });
  const rows: [string, string][] = [
    ...(course
      ? ([
          [t('student.reserve.course'), course.name],
          [t('student.reserve.lesson'), lesson ? lesson.title : '—'],
        ] as [string, string][])
      : ([[t('student.reserve.language'), languageName(ctx.language ?? '')]] as [string, string][])),
    [t('student.reserve.speaker'), speakerName(ctx.speaker as SpeakerProfile)],
    [t('student.reserve.confirm.date'), formatDay(localDateOf(start, zone))],
    [
      t('student.reserve.confirm.time'),
      `${formatTime(start, zone)} – ${formatTime(ctx.opening!.endTimestamp, zone)} ${zoneAbbreviation(start, zone)}`,
    ],
    [t('student.reserve.duration'), t('student.reserve.minutes', { minutes: ctx.duration })],
    [t('student.reserve.confirm.costs'), t('student.reserve.minutes', { minutes: ctx.duration })],
    [
      t('student.reserve.confirm.remaining'),
      t('student.reserve.confirm.remainingAfter', { remaining, after: Math.max(remaining - ctx.duration, 0) }),
    ],
  ];
  return (
    <Paper variant="outlined" component="section" aria-label={t('student.reserve.confirm.label')} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('student.reserve.confirm.title')}
      </Typography>
      <FactsTable rows={rows} label={t('student.reserve.confirm.table')} />
      {remaining < ctx.duration && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t('student.reserve.confirm.notEnough', { remaining, needed: ctx.duration })}
        </Alert>
      )}
      {Date.now() >= studentCancelDeadline(new Date(start)).getTime() && (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="no-cancel-warning">
          {t('student.reserve.confirm.noCancel', { hours: STUDENT_CANCEL_CUTOFF_HOURS })}
        </Alert>
      )}
      <FormAlert message={ctx.error} />
      <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
        <Button variant="contained" onClick={() => send({ type: 'RESERVE' })} disabled={reserving}>
          {reserving ? t('student.reserve.confirm.reserving') : t('student.reserve.confirm.reserve')}
        </Button>
        <Button onClick={() => send({ type: 'BACK' })} disabled={reserving}>
          {t('student.reserve.confirm.another')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('student.reserve.confirm.inYourZone', { when: formatDayAndTime(start, zone), zone })}
      </Typography>
    </Paper>
  );
}
