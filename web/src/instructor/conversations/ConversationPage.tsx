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
  const { id = '' } = useParams();
  const { data, loading } = useQuery(INSTRUCTOR_CONVERSATION, {
    variables: { conversationId: id },
    fetchPolicy: 'cache-and-network',
    context: { quiet: true },
  });
  if (loading && !data) return <Loading label="Loading the conversation" />;
  const c = data?.conversation;
  if (!c) {
    return (
      <Page title="Conversation">
        <Alert severity="warning">This conversation was not found.</Alert>
      </Page>
    );
  }
  const zone = data?.me?.tzIdentifier;
  const student = c.reservedBy?.displayName ?? 'A student';
  return (
    <Page title={`Conversation of ${student}`}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label="Conversation details">
        <Stack spacing={1}>
          <Typography variant="h6" component="h2">
            {formatDayAndTime(c.reservedStart, zone)} {zoneAbbreviation(c.reservedStart, zone)} · {rowLabel(rowKind(c))}
          </Typography>
          <Typography>
            {c.duration} minutes with {c.reservedWith?.displayName ?? 'a speaker'}
          </Typography>
          {c.course ? (
            <Typography color="text.secondary">
              Course:{' '}
              <Link component={RouterLink} to={`/instructor/courses/${encodeURIComponent(c.course.id)}`}>
                {c.course.name}
              </Link>
              {c.lesson ? ` · ${c.lesson.title}` : ''}
            </Typography>
          ) : (
            <Typography color="text.secondary">Language: {languageName(c.learningLanguage)}</Typography>
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
