/**
 * /student/home (spec 3, Student home): upcoming conversations (at most 3, or 2 beside a promotion
 * card), the promotion card, a billboard when nothing is upcoming (saying what to do first for a new
 * student), and the four round shortcuts. Refreshed every 60 s, network first. Acknowledging a
 * promotion leads to the conversations page (make_up, bad_speaker, bad_tech) or the adventures.
 */
import { useMutation, useQuery } from '@apollo/client';
import { graphql } from '../../gql';
import AutoStoriesIcon from '@mui/icons-material/AutoStories';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import ExploreIcon from '@mui/icons-material/Explore';
import ForumIcon from '@mui/icons-material/Forum';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { BAD_SPEAKER_BONUS_MINUTES, type PromotionKind } from '../../../../contracts/afterConversation';
import { languageName } from '../../lib/languageName';
import { ConversationIllustration, WelcomeIllustration } from '../../components/illustrations';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { notifyError } from '../../components/snackbars';
import { ACKNOWLEDGE_PROMOTION } from '../../conversation/after/operations';
import { errorMessage } from '../../lib/errors';
import { formatDayAndTime, userZone } from '../../lib/time';
import { type Translate, useT } from '../../i18n/useT';

/** Student home refreshes every 60 s (spec 3, section 9). */
const HOME_POLL_MS = 60_000;

const STUDENT_HOME = graphql(`
  query StudentHome {
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
      conversationsCount(markings: [completed])
      coursesCount(scope: current_or_upcoming)
      courses(scope: current) {
        id
        name
        courseEnrollment {
          id
          promotion
          acknowledgedPromotionOn
        }
      }
    }
  }
`);

/** A promotion's title, text and action (spec 3, Student home): web/src/i18n/messages, student.home.promotion.<kind>.*. */
const promotionText = (t: Translate, kind: PromotionKind) => ({
  title: t(`student.home.promotion.${kind}.title`),
  text: t(`student.home.promotion.${kind}.text`, { bonus: BAD_SPEAKER_BONUS_MINUTES }),
  action: t(`student.home.promotion.${kind}.action`),
});

export default function HomePage() {
  const { data, loading, error, refetch } = useQuery(STUDENT_HOME, {
    fetchPolicy: 'network-only',
    nextFetchPolicy: 'cache-first',
    pollInterval: HOME_POLL_MS,
  });
  const navigate = useNavigate();
  const t = useT();
  const [acknowledge, { loading: acknowledging }] = useMutation(ACKNOWLEDGE_PROMOTION, { context: { quiet: true } });
  const zone = userZone(data?.me?.tzIdentifier);
  const me = data?.me;
  const promoted = me?.courses.find((c) => c.courseEnrollment?.promotion && !c.courseEnrollment.acknowledgedPromotionOn) ?? null;
  const promotion = promoted ? promotionText(t, promoted.courseEnrollment!.promotion as PromotionKind) : null;
  const upcoming = (me?.conversations ?? []).slice(0, promotion ? 2 : 3);

  const onAcknowledge = async () => {
    try {
      const { data: done } = await acknowledge({ variables: { input: { courseEnrollmentId: promoted!.courseEnrollment!.id } } });
      navigate(done!.acknowledgePromotion.destination);
    } catch (cause) {
      notifyError(errorMessage(cause));
      void refetch();
    }
  };

  return (
    <Page title={t('student.home.title')}>
      <Stack spacing={3}>
        {error && !data ? (
          <Alert severity="error" action={<Button onClick={() => void refetch()}>{t('common.reload')}</Button>}>
            {errorMessage(error)}
          </Alert>
        ) : loading && !data ? (
          <Loading label={t('student.home.loading')} />
        ) : (
          <>
            {promotion && promoted && (
              <Paper
                component="section"
                aria-labelledby="promotion-title"
                data-testid="promotion-card"
                sx={{ p: { xs: 2, sm: 3 }, bgcolor: 'primary.main', color: 'primary.contrastText' }}
              >
                <Typography id="promotion-title" variant="h6" component="h2" gutterBottom>
                  {promotion.title}
                </Typography>
                <Typography sx={{ mb: 2 }}>{promotion.text}</Typography>
                <Button variant="contained" color="inherit" sx={{ color: 'primary.main' }} onClick={onAcknowledge} disabled={acknowledging}>
                  {promotion.action}
                </Button>
              </Paper>
            )}
            {upcoming.length ? (
              <Paper variant="outlined" component="section" aria-labelledby="upcoming-title" sx={{ p: { xs: 2, sm: 3 } }}>
                <Typography id="upcoming-title" variant="h6" component="h2" gutterBottom>
                  {t('student.home.upcoming')}
                </Typography>
                <List aria-label={t('student.home.upcoming')} disablePadding>
                  {upcoming.map((c) => (
                    <ListItem key={c.id} divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
                      <ListItemText
                        sx={{ minWidth: 200 }}
                        primary={formatDayAndTime(c.reservedStart, zone)}
                        secondary={t(c.course ? 'student.home.upcomingLineInCourse' : 'student.home.upcomingLine', {
                          duration: c.duration,
                          speaker: c.reservedWith?.displayName ?? t('student.home.aSpeaker'),
                          topic: c.lesson ? c.lesson.title : languageName(c.learningLanguage),
                          course: c.course?.name ?? '',
                        })}
                      />
                      <Button
                        component={RouterLink}
                        to={`/student/lobby?id=${encodeURIComponent(c.id)}`}
                        variant={c.status === 'reserved' ? 'outlined' : 'contained'}
                        aria-label={t('student.home.lobbyFor', { when: formatDayAndTime(c.reservedStart, zone) })}
                      >
                        {t('student.home.lobby')}
                      </Button>
                    </ListItem>
                  ))}
                </List>
              </Paper>
            ) : (
              <Billboard isNew={!me?.coursesCount && !me?.conversationsCount} />
            )}
            <Shortcuts />
          </>
        )}
      </Stack>
    </Page>
  );
}

/** Nothing upcoming: what to do next (a new student: join a course or try an adventure). */
function Billboard({ isNew }: { isNew: boolean }) {
  const t = useT();
  return (
    <Paper
      component="section"
      aria-labelledby="billboard-title"
      data-testid="billboard"
      variant="outlined"
      sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}
    >
      <Box aria-hidden sx={{ width: 168, maxWidth: '60%', mx: 'auto', mb: 1, '& svg': { width: '100%' } }}>
        {isNew ? <WelcomeIllustration /> : <ConversationIllustration />}
      </Box>
      <Typography id="billboard-title" variant="h6" component="h2" gutterBottom>
        {t(isNew ? 'student.home.billboard.newTitle' : 'student.home.billboard.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 480, mx: 'auto' }}>
        {t(isNew ? 'student.home.billboard.newText' : 'student.home.billboard.text')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} justifyContent="center">
        {isNew ? (
          <>
            <Button variant="contained" component={RouterLink} to="/student/courses">
              {t('student.home.billboard.joinCourse')}
            </Button>
            <Button variant="outlined" component={RouterLink} to="/student/adventures">
              {t('student.home.billboard.tryAdventure')}
            </Button>
          </>
        ) : (
          <Button variant="contained" component={RouterLink} to="/student/reserve">
            {t('student.home.billboard.reserve')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

function Shortcut({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  return (
    <ButtonBase
      component={RouterLink}
      to={to}
      focusRipple
      sx={{
        flexDirection: 'column',
        justifyContent: 'flex-start',
        gap: 1,
        p: 1,
        borderRadius: 2,
        width: { xs: 'calc(50% - 16px)', sm: 128 },
        textAlign: 'center',
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 64,
          height: 64,
          borderRadius: '50%',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          display: 'grid',
          placeItems: 'center',
          fontSize: 32,
        }}
      >
        {icon}
      </Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
    </ButtonBase>
  );
}

/** The four round shortcuts (spec 3, Student home). */
function Shortcuts() {
  const t = useT();
  return (
    <Box
      component="nav"
      aria-label={t('student.home.shortcuts')}
      sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', alignItems: 'flex-start', gap: 2 }}
    >
      <Shortcut to="/student/courses" label={t('student.home.shortcut.courses')} icon={<AutoStoriesIcon fontSize="inherit" />} />
      <Shortcut to="/student/reserve" label={t('student.home.shortcut.reserve')} icon={<EventAvailableIcon fontSize="inherit" />} />
      <Shortcut to="/student/conversations" label={t('student.home.shortcut.conversations')} icon={<ForumIcon fontSize="inherit" />} />
      <Shortcut to="/student/adventures" label={t('student.home.shortcut.adventures')} icon={<ExploreIcon fontSize="inherit" />} />
    </Box>
  );
}
