/**
 * The detail panel of /student/conversations (see ConversationsPage): the lobby button, what was
 * refunded, the recording, the make-up flow, the speaking time, the notes and the rating. Its own
 * chunk: the list paints without it (issue 31).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { RatingCard } from '../../conversation/after/RatingCard';
import { NotesPanel } from '../../conversation/notes/NotesPanel';
import { SpeakingTimeSummary } from '../../conversation/speaking/SpeakingTimeSummary';
import { ArchiveStatusButton } from '../../conversation/archive/ArchiveStatusButton';
import { useT } from '../../i18n/useT';
import { languageName } from '../../lib/languageName';
import { formatDateTime, formatDayAndTime } from '../../lib/time';
import { MakeUpFlow } from './MakeUpFlow';
import { courseLine, rowKind, rowLabel } from './rowKind';
import type { StudentConversation } from './operations';

export function Details({
  conversation: c,
  zone,
  headingRef,
}: {
  conversation: StudentConversation;
  zone: string;
  headingRef: React.Ref<HTMLHeadingElement>;
}) {
  const t = useT();
  const [buying, setBuying] = useState(false);
  const kind = rowKind(c);
  const lobbyDisabled = c.isCanceled || c.status === 'stopped';
  const held = c.status === 'started' || c.status === 'stopped';
  // biome-ignore lint/correctness/useExhaustiveDependencies: another conversation starts without the purchase open
  useEffect(() => setBuying(false), [c.id]);
  return (
    <Stack spacing={2} component="section" aria-labelledby="conversation-detail-title">
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography
          id="conversation-detail-title"
          ref={headingRef}
          tabIndex={-1}
          variant="h6"
          component="h2"
          gutterBottom
          sx={{ outline: 'none' }}
        >
          {formatDayAndTime(c.reservedStart, zone)}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
          <Chip size="small" label={rowLabel(kind)} />
        </Stack>
        <Typography>
          {t('student.conversations.with', { minutes: c.duration, name: c.reservedWith?.displayName ?? t('student.home.aSpeaker') })}
        </Typography>
        <Typography color="text.secondary">
          {c.course
            ? t('student.conversations.course', { course: courseLine(c) })
            : t('student.conversations.language', { language: languageName(c.learningLanguage) })}
        </Typography>
        {c.lesson && <Typography color="text.secondary">{t('student.conversations.topic', { topic: c.lesson.title })}</Typography>}
        {c.isCanceled && (
          <Typography sx={{ mt: 1 }}>
            {c.canceledBy?.displayName
              ? t('student.conversations.canceledOnBy', { when: formatDateTime(c.canceledOn, zone), name: c.canceledBy.displayName })
              : t('student.conversations.canceledOn', { when: formatDateTime(c.canceledOn, zone) })}
          </Typography>
        )}
        {!c.isCanceled && c.cancellationPolicy.isCancelable && c.cancellationPolicy.cancelableUntil && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('student.conversations.cancelUntil', { when: formatDateTime(c.cancellationPolicy.cancelableUntil, zone) })}
          </Typography>
        )}
        {!!c.refundedMinutes && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {t('student.conversations.refunded', { minutes: c.refundedMinutes })}
          </Alert>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
          <Button variant="contained" component={RouterLink} to={`/student/lobby?id=${encodeURIComponent(c.id)}`} disabled={lobbyDisabled}>
            {t('student.conversations.lobby')}
          </Button>
          {c.makeUpPolicy.canMakeUp && !buying && (
            <Button variant="outlined" onClick={() => setBuying(true)}>
              {t('student.conversations.purchaseMore')}
            </Button>
          )}
        </Stack>
        <Stack sx={{ mt: 2 }}>
          <ArchiveStatusButton conversationId={c.id} />
        </Stack>
      </Paper>
      {buying && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="make-up-title">
          <Typography id="make-up-title" variant="h6" component="h2" gutterBottom>
            {t('student.conversations.makeUp')}
          </Typography>
          <MakeUpFlow conversationId={c.id} onClose={() => setBuying(false)} />
        </Paper>
      )}
      {c.status === 'stopped' && <SpeakingTimeSummary conversationId={c.id} viewer="student" />}
      {held && <NotesPanel conversationId={c.id} linkToAll />}
      <RatingCard conversation={c} who={c.reservedWith?.displayName ?? t('student.lobby.yourSpeaker')} />
    </Stack>
  );
}
