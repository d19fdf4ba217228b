/**
 * /student/conversations, 'Your Conversations' (spec 3, Student conversation list): newest first,
 * canceled ones included, each row with its icon (in the spec's order) and either 'Purchase more
 * minutes!' when make-up minutes can be bought, or the course with its instructor and school, or the
 * language. The detail panel has the lobby button (disabled when canceled or stopped), what was
 * refunded, the recording, the make-up flow and the rating. Route state `selectedId` (or `?id=`)
 * selects a conversation.
 */
import { useQuery } from '@apollo/client';
import InsightsIcon from '@mui/icons-material/Insights';
import SpellcheckIcon from '@mui/icons-material/Spellcheck';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import { languageName } from '../../lib/languageName';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { RatingCard } from '../../conversation/after/RatingCard';
import { NotesPanel } from '../../conversation/notes/NotesPanel';
import { SpeakingTimeSummary } from '../../conversation/speaking/SpeakingTimeSummary';
import { ArchiveStatusButton } from '../../conversation/archive/ArchiveStatusButton';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatDayAndTime, userZone } from '../../lib/time';
import { MakeUpFlow } from './MakeUpFlow';
import { RowIcon, rowKind, rowLabel } from './rowKind';
import { STUDENT_CONVERSATIONS, type StudentConversation } from './operations';

const courseLine = (c: StudentConversation) =>
  c.course
    ? [c.course.name, c.course.owner?.displayName, c.course.owner?.school].filter(Boolean).join(' · ')
    : languageName(c.learningLanguage);

export default function ConversationsPage() {
  const t = useT();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { data, loading, error, refetch } = useQuery(STUDENT_CONVERSATIONS, { fetchPolicy: 'cache-and-network' });
  const zone = userZone(data?.me?.tzIdentifier);
  const conversations = data?.me?.conversations ?? [];
  const stateSelected = (location.state as { selectedId?: string } | null)?.selectedId;
  const selectedId = params.get('id') ?? stateSelected ?? null;
  const selected = conversations.find((c) => c.id === selectedId) ?? null;
  const detailHeading = useRef<HTMLHeadingElement>(null);

  const select = (id: string) => {
    setParams({ id }, { replace: true, state: location.state });
    // On a phone the panel is below the list: bring it into view and move focus to it.
    requestAnimationFrame(() => detailHeading.current?.focus());
  };

  return (
    <Page title={t('student.conversations.title')}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/student/words" variant="outlined" startIcon={<SpellcheckIcon />}>
          {t('words.title')}
        </Button>
        <Button component={RouterLink} to="/student/progress" variant="outlined" startIcon={<InsightsIcon />}>
          {t('progress.link')}
        </Button>
      </Stack>
      {error && !data ? (
        <Alert severity="error" action={<Button onClick={() => void refetch()}>{t('student.conversations.reload')}</Button>}>
          {errorMessage(error)}
        </Alert>
      ) : loading && !data ? (
        <Loading label={t('student.conversations.loading')} />
      ) : conversations.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography gutterBottom>{t('student.conversations.none')}</Typography>
          <Button variant="contained" component={RouterLink} to="/student/reserve">
            {t('student.conversations.reserve')}
          </Button>
        </Paper>
      ) : (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Paper variant="outlined">
              <List aria-label={t('student.conversations.list')} disablePadding>
                {conversations.map((c) => {
                  const kind = rowKind(c);
                  return (
                    <ListItemButton
                      key={c.id}
                      selected={c.id === selectedId}
                      onClick={() => select(c.id)}
                      divider
                      aria-current={c.id === selectedId ? 'true' : undefined}
                      sx={c.isCanceled ? { bgcolor: 'action.hover' } : undefined}
                    >
                      <ListItemIcon sx={{ minWidth: 36 }}>
                        <RowIcon kind={kind} />
                      </ListItemIcon>
                      <ListItemText
                        primary={`${formatDayAndTime(c.reservedStart, zone)} · ${rowLabel(kind)}`}
                        secondary={c.makeUpPolicy.canMakeUp ? t('student.conversations.purchaseMore') : courseLine(c)}
                        secondaryTypographyProps={c.makeUpPolicy.canMakeUp ? { color: 'primary', fontWeight: 600 } : undefined}
                      />
                    </ListItemButton>
                  );
                })}
              </List>
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            {selected ? (
              <Details key={selected.id} conversation={selected} zone={zone} headingRef={detailHeading} />
            ) : (
              <Paper variant="outlined" sx={{ p: 3 }}>
                <Typography color="text.secondary">{t('student.conversations.choose')}</Typography>
              </Paper>
            )}
          </Grid>
        </Grid>
      )}
    </Page>
  );
}

function Details({
  conversation: c,
  zone,
  headingRef,
}: {
  conversation: StudentConversation;
  zone: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
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
