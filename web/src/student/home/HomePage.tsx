/**
 * /student/home, minimal until the home issue (spec 3, Student home): the upcoming conversations
 * (reserved, opened, started, not canceled) with links to their lobby, and Reserve Time. The
 * promotion card, billboard, shortcuts and onboarding dialog arrive with that issue.
 */
import { gql, useQuery, type TypedDocumentNode } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { languageName } from '../../../../contracts/enrollment';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { errorMessage } from '../../lib/errors';
import { formatDayAndTime, userZone } from '../../lib/time';

interface HomeData {
  me: {
    id: string;
    tzIdentifier: string;
    conversations: {
      id: string;
      status: string;
      reservedStart: string;
      duration: number;
      learningLanguage: string;
      reservedWith: { id: string; displayName: string | null } | null;
      course: { id: string; name: string } | null;
      lesson: { id: string; title: string } | null;
    }[];
  } | null;
}

/** Student home refreshes every 60 s (spec 3, section 4). */
const HOME_POLL_MS = 60_000;

const STUDENT_HOME: TypedDocumentNode<HomeData, Record<string, never>> = gql`
  query StudentHomeUpcoming {
    me {
      id
      tzIdentifier
      conversations(statuses: [reserved, opened, started], canceled: false) {
        id
        status
        reservedStart
        duration
        learningLanguage
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
  }
`;

export default function HomePage() {
  const { data, loading, error } = useQuery(STUDENT_HOME, { fetchPolicy: 'cache-and-network', pollInterval: HOME_POLL_MS });
  const zone = userZone(data?.me?.tzIdentifier);
  const upcoming = data?.me?.conversations ?? [];
  return (
    <Page title="Home">
      <Stack spacing={3}>
        <Paper variant="outlined" component="section" aria-labelledby="upcoming-title" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="upcoming-title" variant="h6" component="h2" gutterBottom>
            Upcoming conversations
          </Typography>
          {error && !data ? (
            <Alert severity="error">{errorMessage(error)}</Alert>
          ) : loading && !data ? (
            <Loading label="Loading your conversations" />
          ) : upcoming.length === 0 ? (
            <Typography color="text.secondary">You have no upcoming conversations. Reserve time with a speaker to start talking.</Typography>
          ) : (
            <List aria-label="Upcoming conversations" disablePadding>
              {upcoming.map((c) => (
                <ListItem
                  key={c.id}
                  divider
                  disableGutters
                  sx={{ flexWrap: 'wrap', gap: 1 }}
                  secondaryAction={undefined}
                >
                  <ListItemText
                    sx={{ minWidth: 200 }}
                    primary={formatDayAndTime(c.reservedStart, zone)}
                    secondary={`${c.duration} minutes with ${c.reservedWith?.displayName ?? 'a speaker'} · ${c.lesson ? c.lesson.title : languageName(c.learningLanguage)}${c.course ? ` (${c.course.name})` : ''}`}
                  />
                  <Button
                    component={RouterLink}
                    to={`/student/lobby?id=${encodeURIComponent(c.id)}`}
                    variant={c.status === 'reserved' ? 'outlined' : 'contained'}
                    aria-label={`Lobby for ${formatDayAndTime(c.reservedStart, zone)}`}
                  >
                    Lobby
                  </Button>
                </ListItem>
              ))}
            </List>
          )}
        </Paper>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" component={RouterLink} to="/student/reserve">
            Reserve Time
          </Button>
          <Button component={RouterLink} to="/student/courses">
            Your Courses
          </Button>
        </Stack>
      </Stack>
    </Page>
  );
}
