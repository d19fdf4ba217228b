/**
 * How much the student spoke in a conversation (issue 35): "You spoke 11 of 15 minutes (73 %)" on the
 * student's page, the student's share on the speaker's and the instructor's. Shown once the
 * conversation ran; nothing when it never started.
 */
import { useQuery } from '@apollo/client';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n/useT';
import { CONVERSATION_SPEAKING_TIME } from './operations';
import { speakingShare } from './speakingShare';

export function SpeakingTimeSummary({ conversationId, viewer }: { conversationId: string; viewer: 'student' | 'speaker' | 'observer' }) {
  const t = useT();
  const { data } = useQuery(CONVERSATION_SPEAKING_TIME, {
    variables: { conversationId },
    fetchPolicy: 'cache-and-network',
    context: { quiet: true },
  });
  const time = data?.conversation?.speakingTime;
  const student = time && speakingShare(time.studentSeconds, time.heldSeconds);
  if (!time || !student) return null;
  const speaker = speakingShare(time.speakerSeconds, time.heldSeconds);
  const values = { spoken: student.spoken, held: student.held, share: student.share };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="speaking-time-title">
      <Typography id="speaking-time-title" variant="h6" component="h2" gutterBottom>
        {t('speakingTime.title')}
      </Typography>
      <Typography>{t(viewer === 'student' ? 'speakingTime.you' : 'speakingTime.student', values)}</Typography>
      <LinearProgress
        variant="determinate"
        value={student.share}
        aria-label={t('speakingTime.shareLabel')}
        sx={{ my: 1.5, height: 8, borderRadius: 4 }}
      />
      {viewer === 'speaker' && speaker && (
        <Typography color="text.secondary">{t('speakingTime.speaker', { spoken: speaker.spoken, share: speaker.share })}</Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('speakingTime.method')}
      </Typography>
    </Paper>
  );
}
