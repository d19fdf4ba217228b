/**
 * /instructor/conversations/:id (spec 3, Instructor): the read-only view of a student's
 * conversation in one of the instructor's courses: when, how long, with whom, the course and its
 * lesson, what became of it, and the recording's status with its player.
 */
import { useQuery } from '@apollo/client';
import { graphql } from '../../gql';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { languageName } from '../../lib/languageName';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { ArchiveStatusButton } from '../../conversation/archive/ArchiveStatusButton';
import { NotesPanel } from '../../conversation/notes/NotesPanel';
import { SpeakingTimeSummary } from '../../conversation/speaking/SpeakingTimeSummary';
import { formatDayAndTime, zoneAbbreviation } from '../../lib/time';
import { rowKind, rowLabel } from '../../student/conversations/rowKind';
import { useT } from '../../i18n/useT';

const INSTRUCTOR_CONVERSATION = graphql(`
  query InstructorConversation($conversationId: ID!) {
    me {
      id
      tzIdentifier
    }
    conversation(conversationId: $conversationId) {
      id
      status
      isCanceled
      reservedStart
      duration
      learningLanguage
      markedAs
      reservedBy {
        id
        displayName
      }
      reservedWith {
        id
        displayName
      }
      course {
        id
        name
      }
      lesson {
        id
        title
      }
    }
  }
`);

export default function ConversationPage() {
  const t = useT();
  const { id = '' } = useParams();
  const { data, loading } = useQuery(INSTRUCTOR_CONVERSATION, {
    variables: { conversationId: id },
    fetchPolicy: 'cache-and-network',
    context: { quiet: true },
  });
  if (loading && !data) return <Loading label={t('shell.loadingConversation')} />;
  const c = data?.conversation;
  if (!c) {
    return (
      <Page title={t('instructor.conversation.title')}>
        <Alert severity="warning">{t('instructor.conversation.notFound')}</Alert>
      </Page>
    );
  }
  const zone = data?.me?.tzIdentifier;
  const student = c.reservedBy?.displayName ?? t('instructor.conversation.aStudent');
  return (
    <Page title={t('instructor.conversation.of', { student })}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label={t('instructor.conversation.details')}>
        <Stack spacing={1}>
          <Typography variant="h6" component="h2">
            {formatDayAndTime(c.reservedStart, zone)} {zoneAbbreviation(c.reservedStart, zone)} · {rowLabel(rowKind(c))}
          </Typography>
          <Typography>
            {t('instructor.conversation.minutesWith', {
              minutes: c.duration,
              speaker: c.reservedWith?.displayName ?? t('instructor.conversation.aSpeaker'),
            })}
          </Typography>
          {c.course ? (
            <Typography color="text.secondary">
              {t('instructor.conversation.course')}{' '}
              <Link component={RouterLink} to={`/instructor/courses/${encodeURIComponent(c.course.id)}`}>
                {c.course.name}
              </Link>
              {c.lesson ? ` · ${c.lesson.title}` : ''}
            </Typography>
          ) : (
            <Typography color="text.secondary">
              {t('instructor.conversation.language', { language: languageName(c.learningLanguage) })}
            </Typography>
          )}
          <ArchiveStatusButton conversationId={c.id} />
        </Stack>
      </Paper>
      <Stack sx={{ mt: 3 }}>
        {c.status === 'stopped' && <SpeakingTimeSummary conversationId={c.id} viewer="observer" />}
        <NotesPanel conversationId={c.id} />
      </Stack>
    </Page>
  );
}
