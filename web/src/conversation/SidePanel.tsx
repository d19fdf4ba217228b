/**
 * The room's side panel (spec 2, Live conversation): the other person's profile with the course
 * and topic, the chat (600 px high) and 'Explore More' — short tips for a good conversation.
 */
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import type { TabsActions } from '@mui/material/Tabs';
import { languageName } from '../lib/languageName';
import type { MessageId } from '../i18n/catalog';
import { useT } from '../i18n/useT';
import { Chat } from './Chat';
import { isStaffHosted, staffHostedAbout, staffHostedLabel } from './interview';
import type { LiveConversation, LivePerson } from './operations';
import { placeOf } from './roomMessages';

const SIDE_PANEL_TABS = [
  'conversation.side.tab.profile',
  'conversation.side.tab.chat',
  'conversation.side.tab.explore',
] as const satisfies readonly MessageId[];
export const CHAT_HEIGHT = 600;

const EXPLORE_TIPS = [
  'conversation.side.tip.greeting',
  'conversation.side.tip.open',
  'conversation.side.tip.repeat',
  'conversation.side.tip.notes',
  'conversation.side.tip.topics',
  'conversation.side.tip.mistakes',
] as const satisfies readonly MessageId[];

function Profile({ person, peerName, conversation }: { person: LivePerson | null; peerName: string; conversation: LiveConversation }) {
  const t = useT();
  const place = person ? placeOf(person) : null;
  const name = peerName;
  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} alignItems="center" component="section" aria-label={t('conversation.side.tab.profile')}>
        <Avatar src={person?.headshotUrl ?? undefined} alt="" sx={{ width: 64, height: 64 }}>
          {name.charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2">
            {name}
          </Typography>
          <Typography color="text.secondary">{place ?? t('conversation.side.noLocation')}</Typography>
        </Box>
      </Stack>
      {isStaffHosted(conversation) ? (
        <Box component="section" aria-labelledby="live-interview">
          <Typography id="live-interview" variant="overline" component="h2" color="text.secondary">
            {staffHostedLabel(conversation)}
          </Typography>
          <Typography>{staffHostedAbout(conversation)}</Typography>
        </Box>
      ) : (
        <LessonFacts conversation={conversation} />
      )}
    </Stack>
  );
}

function LessonFacts({ conversation }: { conversation: LiveConversation }) {
  const t = useT();
  return (
    <>
      <Box component="section" aria-labelledby="live-course">
        <Typography id="live-course" variant="overline" component="h2" color="text.secondary">
          {t('conversation.side.course')}
        </Typography>
        <Typography>
          {conversation.course?.name ?? t('conversation.side.noCourse', { language: languageName(conversation.learningLanguage) })}
        </Typography>
      </Box>
      <Box component="section" aria-labelledby="live-topic">
        <Typography id="live-topic" variant="overline" component="h2" color="text.secondary">
          {t('conversation.side.topic')}
        </Typography>
        {conversation.lesson ? (
          <>
            <Typography variant="subtitle1" component="h3">
              {conversation.lesson.title}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>
              {conversation.lesson.discussionTopic || t('student.reserve.topicToBeAnnounced')}
            </Typography>
          </>
        ) : (
          <Typography>{t('conversation.freeTopic', { language: languageName(conversation.learningLanguage) })}</Typography>
        )}
      </Box>
    </>
  );
}

function ExploreMore() {
  const t = useT();
  return (
    <Box component="section" aria-labelledby="explore-more">
      <Typography id="explore-more" variant="h6" component="h2" gutterBottom>
        {t('conversation.side.tab.explore')}
      </Typography>
      <List dense disablePadding>
        {EXPLORE_TIPS.map((tip) => (
          <ListItem key={tip} disableGutters>
            <ListItemText primary={t(tip)} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

export function SidePanel({
  conversation,
  person,
  peerName,
  zone,
  hidden = false,
}: {
  conversation: LiveConversation;
  person: LivePerson | null;
  peerName: string;
  zone?: string | null;
  hidden?: boolean;
}) {
  const t = useT();
  const [tab, setTab] = useState(0);
  // Hidden panels keep their state (the chat); the tab indicator is measured again when shown.
  const tabs = useRef<TabsActions>(null);
  useEffect(() => {
    if (!hidden) tabs.current?.updateIndicator();
  }, [hidden]);
  return (
    <Box
      id="live-side-panel"
      component="aside"
      aria-label={t('conversation.side.label')}
      hidden={hidden}
      sx={{
        width: 380,
        flexShrink: 0,
        borderLeft: 1,
        borderColor: 'divider',
        display: hidden ? 'none' : 'flex',
        flexDirection: 'column',
        minHeight: 0,
        bgcolor: 'background.paper',
      }}
    >
      <Tabs action={tabs} value={tab} onChange={(_, v: number) => setTab(v)} variant="fullWidth" aria-label={t('conversation.side.label')}>
        {SIDE_PANEL_TABS.map((id, i) => (
          <Tab key={id} label={t(id)} id={`live-tab-${i}`} aria-controls={`live-panel-${i}`} />
        ))}
      </Tabs>
      {SIDE_PANEL_TABS.map((id, i) => (
        <Box
          key={id}
          role="tabpanel"
          id={`live-panel-${i}`}
          aria-labelledby={`live-tab-${i}`}
          hidden={tab !== i}
          sx={{ flex: 1, overflowY: 'auto', p: 2, minHeight: 0, display: tab === i ? 'block' : 'none' }}
        >
          {i === 0 && <Profile person={person} peerName={peerName} conversation={conversation} />}
          {/* Mounted all along, so messages that arrive on another tab are there when it opens. */}
          {i === 1 && <Chat conversationId={conversation.id} height={CHAT_HEIGHT} zone={zone} />}
          {i === 2 && <ExploreMore />}
        </Box>
      ))}
    </Box>
  );
}
