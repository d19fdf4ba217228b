/**
 * /speaker/conversations/:id (spec 2, "Conversation details panels" and "Instructor and speaker
 * views"): the details, the discussion topic with the instructor's private note for the speaker,
 * the participants (names only: the speaker view hides personal details), and the moderation
 * cards that apply before a call: Start, Cancel, Transfer. Refreshed every 20 s. From when it can
 * be started, the page broadcasts the speaker's presence (the student's lobby shows it).
 */
import { useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { languageName } from '../../lib/languageName';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/time';
import { ParticipantsPanel } from '../../conversation/details/ParticipantsPanel';
import { interviewAbout, interviewLabel, isInterview } from '../../conversation/interview';
import { usePresence } from '../../conversation/usePresence';
import { personName, proficiencyLabel, startEnabled, statusChip, statusLabel } from './labels';
import { CancelCard, ChatCard, StartCard, TransferCard } from './ModerationCards';
import { MarkCard } from '../../conversation/after/MarkCard';
import { RatingCard } from '../../conversation/after/RatingCard';
import { NotesEditor } from '../../conversation/notes/NotesEditor';
import { SpeakingTimeSummary } from '../../conversation/speaking/SpeakingTimeSummary';
import { SPEAKER_CONVERSATION, SPEAKER_POLL_MS, type SpeakerConversationDetail } from './operations';
import { useT } from '../../i18n/useT';

export default function ConversationDetail() {
  const t = useT();
  const { id = '' } = useParams();
  const { data, error, loading, refetch } = useQuery(SPEAKER_CONVERSATION, {
    variables: { conversationId: id },
    pollInterval: SPEAKER_POLL_MS,
    fetchPolicy: 'cache-and-network',
    context: { quiet: true },
  });
  const conversation = data?.conversation;
  const zone = data?.me?.tzIdentifier;

  return (
    <Page title={t('speaker.conversation.title')}>
      <Breadcrumbs aria-label={t('speaker.conversation.breadcrumb')} sx={{ mb: 2 }}>
        <Link component={RouterLink} to="/speaker/conversations">
          {t('speaker.conversations.title')}
        </Link>
        <Typography color="text.primary">
          {conversation
            ? isInterview(conversation)
              ? interviewLabel()
              : personName(conversation.reservedBy, t('speaker.conversations.student'))
            : t('speaker.conversation.title')}
        </Typography>
      </Breadcrumbs>
      {loading && !data ? (
        <Loading label={t('speaker.conversation.loading')} />
      ) : error && !conversation ? (
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
      ) : !conversation ? (
        <Alert severity="warning">{t('speaker.conversation.notFound')}</Alert>
      ) : (
        <Details conversation={conversation} zone={zone} onChanged={() => void refetch()} />
      )}
    </Page>
  );
}

function Panel({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Details({
  conversation: c,
  zone,
  onChanged,
}: {
  conversation: SpeakerConversationDetail;
  zone: string | undefined;
  onChanged: () => void;
}) {
  // From when it can be started, the speaker on this page counts as present for the student's lobby.
  const t = useT();
  usePresence(c.id, startEnabled(c));
  const chip = statusChip(c.status);
  const rows: [string, ReactNode][] = [
    [t('speaker.conversation.reservedOn'), formatDateTime(c.createdAt, zone)],
    [t('speaker.conversation.startsOn'), formatDateTime(c.reservedStart, zone)],
    [t('speaker.conversation.endsOn'), formatDateTime(c.reservedEnd, zone)],
    [t('speaker.conversation.duration'), t('speaker.conversation.durationMinutes', { minutes: c.duration })],
    [
      t('speaker.conversation.courseName'),
      c.course?.name ?? t('conversation.side.noCourse', { language: languageName(c.learningLanguage) }),
    ],
    [t('speaker.conversation.instructor'), c.course?.owner?.displayName ?? '—'],
    [t('speaker.conversation.proficiency'), proficiencyLabel(c.course?.proficiency)],
    [t('speaker.conversation.school'), c.course?.owner?.school ?? '—'],
  ];
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Stack spacing={3}>
          <Panel title={t('speaker.conversation.details')} id="panel-details">
            <Stack direction="row" spacing={1} sx={{ mb: 1 }} useFlexGap flexWrap="wrap">
              <Chip
                size="small"
                label={c.isCanceled ? t('speaker.conversation.canceled') : statusLabel(c.status)}
                color={c.isCanceled ? 'default' : chip ? 'primary' : 'default'}
              />
              <Chip size="small" variant="outlined" label={languageName(c.learningLanguage)} />
            </Stack>
            <Table size="small" aria-label={t('speaker.conversation.detailsTable')}>
              <TableBody>
                {rows.map(([label, value]) => (
                  <TableRow key={label}>
                    <TableCell component="th" scope="row" sx={{ fontWeight: 500, width: '40%', pl: 0 }}>
                      {label}
                    </TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{value}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Panel>
          {c.status === 'stopped' && <SpeakingTimeSummary conversationId={c.id} viewer="speaker" />}
          {c.kind === 'lesson' && <NotesEditor conversationId={c.id} zone={zone} />}
          <Panel title={t('speaker.conversation.topic')} id="panel-topic">
            {c.lesson ? (
              <>
                <Typography variant="subtitle1" component="h3">
                  {c.lesson.title}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap', mt: 1 }}>
                  {c.lesson.discussionTopic || t('speaker.conversation.topicNotWritten')}
                </Typography>
                {c.lesson.privateNote && (
                  <Alert severity="info" icon={false} sx={{ mt: 2 }} aria-label={t('speaker.conversation.noteLabel')}>
                    <Typography variant="subtitle2" component="h3">
                      {t('speaker.conversation.note')}
                    </Typography>
                    <Typography sx={{ whiteSpace: 'pre-wrap' }}>{c.lesson.privateNote}</Typography>
                  </Alert>
                )}
              </>
            ) : (
              <Typography color="text.secondary">
                {isInterview(c) ? interviewAbout() : t('speaker.conversation.freeTopic', { language: languageName(c.learningLanguage) })}
              </Typography>
            )}
          </Panel>
          <Panel title={t('speaker.conversation.participants')} id="panel-participants">
            <ParticipantsPanel
              participants={c.participants.map((p) => ({
                ...p,
                role:
                  p.id === c.reservedWith?.id
                    ? t('speaker.conversation.you')
                    : t(isInterview(c) ? 'speaker.conversation.interviewer' : 'speaker.conversations.student'),
                name: personName(p.user, t('speaker.conversation.noName')),
              }))}
              pastConversations={c.pastConversations}
              pastConversationsCount={c.pastConversationsCount}
              linkTo={(id) => `/speaker/conversations/${id}`}
              zone={zone}
            />
          </Panel>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Stack spacing={3} component="section" aria-label={t('speaker.conversation.moderation')}>
          <StartCard conversation={c} zone={zone} />
          <ChatCard conversation={c} zone={zone} />
          <CancelCard conversation={c} zone={zone} onChanged={onChanged} />
          <TransferCard conversation={c} />
          <MarkCard conversation={c} zone={zone} onMarked={onChanged} />
          <RatingCard conversation={c} who={personName(c.reservedBy, t('speaker.conversation.theStudent'))} />
        </Stack>
      </Grid>
    </Grid>
  );
}
