/**
 * /speaker/conversations (spec 3, "Speaker conversations list"): the speaker's conversations with
 * no markings in the statuses reserved, opened, started and stopped, soonest first; chips for
 * opened and started; a warning icon when the start has passed (action needed); the chat's unread
 * messages (issue 28). Every 20 s, and live when an unread count changes.
 */
import { useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { languageName } from '../../lib/languageName';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { errorMessage } from '../../lib/errors';
import { personName } from './labels';
import { SPEAKER_CONVERSATIONS, SPEAKER_POLL_MS, SPEAKER_STATUSES } from './operations';
import { ConversationRow, useUnreadMessagesFollowed } from './ConversationRow';
import { EmptyState } from '../../components/EmptyState';
import { ConversationIllustration } from '../../components/illustrations';
import { useT } from '../../i18n/useT';
import { FOLLOWS_NOTICES } from '../../lib/apollo';

export default function ConversationsPage() {
  const t = useT();
  const { data, error, loading, refetch } = useQuery(SPEAKER_CONVERSATIONS, {
    variables: { statuses: SPEAKER_STATUSES },
    pollInterval: SPEAKER_POLL_MS,
    fetchPolicy: 'cache-and-network',
    context: { quiet: true, ...FOLLOWS_NOTICES },
  });
  useUnreadMessagesFollowed(refetch);
  const me = data?.me;
  // The sidebar's search (?q=): the student's name, the course, the topic or the language.
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().toLowerCase();
  const shown = (me?.conversations ?? []).filter(
    (c) =>
      !q ||
      [
        personName(c.otherUsers[0], t('speaker.conversations.student')),
        c.course?.name,
        c.lesson?.title,
        languageName(c.learningLanguage),
      ].some((text) => text?.toLowerCase().includes(q)),
  );
  return (
    <Page title={t('speaker.conversations.title')}>
      {q && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => setParams({})}>
              {t('speaker.conversations.showAll')}
            </Button>
          }
        >
          {t(shown.length ? 'speaker.conversations.matching' : 'speaker.conversations.noMatch', { q: params.get('q') ?? '' })}
        </Alert>
      )}
      {loading && !data ? (
        <Loading label={t('speaker.conversations.loading')} />
      ) : error && !me ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('speaker.conversations.retry')}
            </Button>
          }
        >
          {errorMessage(error)}
        </Alert>
      ) : !me || (me.conversations.length === 0 && !q) ? (
        <Paper variant="outlined">
          <EmptyState
            testId="conversations-empty"
            illustration={<ConversationIllustration />}
            title={t('speaker.conversations.none')}
            description={t('speaker.conversations.noneHelp')}
            action={
              <Button component={RouterLink} to="/speaker/availability" variant="contained">
                {t('speaker.conversations.openAvailability')}
              </Button>
            }
          />
        </Paper>
      ) : !shown.length ? null : (
        <Paper variant="outlined">
          <List aria-label={t('speaker.conversations.list')} disablePadding sx={{ '& > li:last-of-type': { borderBottom: 0 } }}>
            {shown.map((c) => (
              <ConversationRow key={c.id} conversation={c} zone={me.tzIdentifier} />
            ))}
          </List>
        </Paper>
      )}
    </Page>
  );
}
