/**
 * /admin/conversations/:id (spec 2): the conversation's details, read-only (no start, cancel or
 * mark here): times, status, the student and the speaker (linked to their pages), the course and
 * discussion topic, cancellation, marking and transfer, the archive (its status and 'Play archive'),
 * each participant's connection history, both ratings, and the chat's messages (read-only:
 * ChatTranscript; the page refetches every 30 s).
 */
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n/useT';
import { useGetOne } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ArchiveStatusButton } from '../../conversation/archive/ArchiveStatusButton';
import { ParticipantsPanel } from '../../conversation/details/ParticipantsPanel';
import type { ParticipantEventLike } from '../../conversation/details/connections';
import { interviewAbout, interviewLabel, isInterview } from '../../conversation/interview';
import { openConversationWindow } from '../../conversation/windows';
import { ShowFrame, ShowSection } from '../show/ShowFrame';
import { usePageTitle } from '../../shell/usePageTitle';
import { Detail } from '../people/SecurityTab';
import { useAdminTime, useAdminZone } from '../zone';
import { RatingsList, type AdminRating } from './RatingsList';
import { ChatTranscript, type TranscriptChat } from './ChatTranscript';
import { NotesPanel } from '../../conversation/notes/NotesPanel';
import { ConversationStatus } from './status';

interface PersonRef {
  id: string;
  displayName: string | null;
  emailAddress: string;
}
interface ConversationRecord {
  id: string;
  kind: string;
  provider: string;
  status: string;
  reservedStart: string;
  reservedEnd: string;
  duration: number;
  createdAt: string;
  updatedAt: string;
  isCanceled: boolean;
  canceledOn: string | null;
  canceledBy: PersonRef | null;
  markedAs: string | null;
  markedOn: string | null;
  transferredOn: string | null;
  learningLanguage: string;
  reservedBy: PersonRef | null;
  reservedWith: PersonRef | null;
  course: {
    id: string;
    name: string;
    proficiency: string;
    owner: { id: string; emailAddress: string | null; school: string | null } | null;
  } | null;
  lesson: { id: string; title: string; discussionTopic: string | null } | null;
  conversationChat: TranscriptChat | null;
  participants: { id: string; isConnected: boolean; connectedFor: number; participantEvents: ParticipantEventLike[] }[];
  pastConversations: { id: string; reservedStart: string }[];
  pastConversationsCount: number;
  ratings: AdminRating[];
}

const nameOf = (p: PersonRef | null) => p?.displayName ?? p?.emailAddress ?? '—';

function PersonLink({ person, area }: { person: PersonRef | null; area: 'students' | 'speakers' }) {
  if (!person) return <>—</>;
  return (
    <Link component={RouterLink} to={`/admin/${area}/${encodeURIComponent(person.id)}`}>
      {nameOf(person)}
    </Link>
  );
}

export function ConversationShow() {
  const t = useT();
  const { id = '' } = useParams();
  const format = useAdminTime();
  const zone = useAdminZone();
  const { data, error, isPending } = useGetOne<ConversationRecord>('conversations', { id }, { refetchInterval: 30_000 } as any);
  const title = !data
    ? t('admin.conversation.title')
    : isInterview(data)
      ? t('admin.conversation.interviewTitle', { label: interviewLabel(), name: nameOf(data.reservedWith) })
      : t('admin.conversation.between', { student: nameOf(data.reservedBy), speaker: nameOf(data.reservedWith) });
  usePageTitle(`${title} · ${t('admin.conversations.title')}`);
  return (
    <ShowFrame
      record={{ data, error, isPending }}
      what={t('admin.conversation.what')}
      list={{ path: '/admin/conversations', label: t('admin.conversations.title') }}
      crumb={(c) => format(c.reservedStart)}
      title={() => title}
    >
      {(data) => (
        <>
          {isInterview(data) ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mb: 2 }}>
              <Typography variant="body2" color="text.secondary">
                {t('admin.conversation.interviewNote')}
              </Typography>
              {!data.isCanceled && (data.status === 'opened' || data.status === 'started') && (
                <Button variant="contained" size="small" onClick={() => openConversationWindow(data.id)} sx={{ flexShrink: 0 }}>
                  {t('admin.conversation.joinInterview')}
                </Button>
              )}
            </Stack>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('admin.conversation.readOnly')}
            </Typography>
          )}
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 6 }}>
              <ShowSection id="conversation-times" title={t('admin.conversation.details')} fullHeight>
                <dl>
                  <Detail term={t('admin.conversations.status')}>
                    <ConversationStatus status={data.status} isCanceled={data.isCanceled} markedAs={data.markedAs} />
                  </Detail>
                  <Detail term={t('admin.conversation.reservedOn')}>{format(data.createdAt)}</Detail>
                  <Detail term={t('admin.conversation.startsOn')}>{format(data.reservedStart)}</Detail>
                  <Detail term={t('admin.conversation.endsOn')}>{format(data.reservedEnd)}</Detail>
                  <Detail term={t('admin.conversation.duration')}>{t('admin.conversation.minutes', { minutes: data.duration })}</Detail>
                  <Detail term={t('admin.conversation.kind')}>{t('admin.conversation.kindName', { kind: data.kind })}</Detail>
                  <Detail term={t('admin.conversation.video')}>{data.provider}</Detail>
                  <Detail term={t('admin.conversation.archive')}>
                    <ArchiveStatusButton conversationId={data.id} labelled={false} none={t('admin.conversation.noRecording')} />
                  </Detail>
                  {data.isCanceled && (
                    <Detail term={t('admin.conversations.canceled')}>
                      {t('admin.conversation.canceledBy', {
                        when: format(data.canceledOn),
                        who: data.canceledBy ? nameOf(data.canceledBy) : t('admin.history.system'),
                      })}
                    </Detail>
                  )}
                  {data.markedOn && <Detail term={t('admin.conversation.markedOn')}>{format(data.markedOn)}</Detail>}
                  {data.transferredOn && <Detail term={t('admin.conversation.transferredOn')}>{format(data.transferredOn)}</Detail>}
                </dl>
              </ShowSection>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <ShowSection id="conversation-people" title={t('admin.conversation.people')} fullHeight>
                <dl>
                  <Detail term={t('admin.chat.role', { role: isInterview(data) ? 'interviewer' : 'student' })}>
                    {isInterview(data) ? nameOf(data.reservedBy) : <PersonLink person={data.reservedBy} area="students" />}
                  </Detail>
                  <Detail term={t('admin.chat.role', { role: isInterview(data) ? 'candidate' : 'speaker' })}>
                    <PersonLink person={data.reservedWith} area="speakers" />
                  </Detail>
                  {isInterview(data) ? (
                    <Detail term={t('admin.conversation.about')}>{interviewAbout()}</Detail>
                  ) : (
                    <>
                      <Detail term={t('admin.conversation.courseName')}>
                        {data.course ? (
                          <Link component={RouterLink} to={`/admin/courses/${encodeURIComponent(data.course.id)}`}>
                            {data.course.name}
                          </Link>
                        ) : (
                          t('admin.conversation.noCourse', { language: data.learningLanguage })
                        )}
                      </Detail>
                      {data.course && (
                        <Detail term={t('admin.conversation.proficiency')}>{t('course.level', { level: data.course.proficiency })}</Detail>
                      )}
                      {data.course?.owner?.school && <Detail term={t('admin.conversation.school')}>{data.course.owner.school}</Detail>}
                      <Detail term={t('admin.conversation.topic')}>
                        {data.lesson ? `${data.lesson.title}${data.lesson.discussionTopic ? `: ${data.lesson.discussionTopic}` : ''}` : '—'}
                      </Detail>
                    </>
                  )}
                </dl>
              </ShowSection>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <ShowSection id="conversation-connections" title={t('admin.conversation.connections')} fullHeight>
                <ParticipantsPanel
                  participants={data.participants.map((p) => {
                    const person = p.id === data.reservedBy?.id ? data.reservedBy : data.reservedWith;
                    const asStudent = p.id === data.reservedBy?.id;
                    return {
                      ...p,
                      name: nameOf(person),
                      role: t('admin.chat.role', {
                        role: isInterview(data) ? (asStudent ? 'interviewer' : 'candidate') : asStudent ? 'student' : 'speaker',
                      }),
                    };
                  })}
                  pastConversations={data.pastConversations}
                  pastConversationsCount={data.pastConversationsCount}
                  linkTo={(id) => `/admin/conversations/${encodeURIComponent(id)}`}
                  zone={zone}
                />
              </ShowSection>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <ShowSection id="conversation-ratings" title={t('admin.conversation.ratings')} fullHeight>
                <RatingsList ratings={data.ratings} format={format} />
              </ShowSection>
            </Grid>
            <Grid size={12}>
              <ShowSection id="conversation-chat" title={t('admin.conversation.chat')}>
                <ChatTranscript chat={data.conversationChat} people={data} format={format} />
              </ShowSection>
            </Grid>
            {data.kind === 'lesson' && (
              <Grid size={12}>
                <NotesPanel conversationId={data.id} />
              </Grid>
            )}
          </Grid>
        </>
      )}
    </ShowFrame>
  );
}
