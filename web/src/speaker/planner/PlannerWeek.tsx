/**
 * The speaker's planner (spec 3, "Speaker planner order", last step): last, this and next week of
 * the speaker's conversations in their zone, refreshed every 20 s, on Refresh ('The planner
 * was refreshed successfully!') and when an unread count of their chats changes. The planner order (needs invitation, interview, onboarding)
 * renders this once the speaker may plan.
 */
import { NetworkStatus, useQuery } from '@apollo/client';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { notifyError, notifySuccess } from '../../components/snackbars';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';
import { describeZone, formatDay, localDateOf, weekOf } from '../../lib/time';
import { ConversationRow, useUnreadMessagesFollowed } from '../conversations/ConversationRow';
import { SPEAKER_CONVERSATIONS, SPEAKER_POLL_MS, SPEAKER_STATUSES, type SpeakerConversationItem } from '../conversations/operations';
import { EmptyState } from '../../components/EmptyState';
import { CalendarIllustration } from '../../components/illustrations';
import { FOLLOWS_NOTICES } from '../../lib/apollo';

/** Newest first, enough for three weeks of a busy speaker (reservations reach 7 days ahead). */
const PLANNER_FIRST = 200;

const WEEKS = [
  { offset: -1, title: 'speaker.planner.lastWeek' },
  { offset: 0, title: 'speaker.planner.thisWeek' },
  { offset: 1, title: 'speaker.planner.nextWeek' },
] as const;

export function PlannerWeek() {
  const t = useT();
  const { data, error, loading, refetch, networkStatus } = useQuery(SPEAKER_CONVERSATIONS, {
    variables: { statuses: SPEAKER_STATUSES, reverse: true, first: PLANNER_FIRST },
    pollInterval: SPEAKER_POLL_MS,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
    context: { quiet: true, ...FOLLOWS_NOTICES },
  });
  useUnreadMessagesFollowed(refetch);
  const me = data?.me;
  const zone = me?.tzIdentifier;
  const refreshing = networkStatus === NetworkStatus.refetch;

  const weeks = useMemo(() => {
    const all = me?.conversations ?? [];
    return WEEKS.map((week) => {
      const { start, end } = weekOf(zone, week.offset);
      const inWeek = all
        .filter((c) => {
          const at = Date.parse(c.reservedStart);
          return at >= start.toMillis() && at < end.toMillis();
        })
        .sort((a, b) => Date.parse(a.reservedStart) - Date.parse(b.reservedStart));
      const days = new Map<string, SpeakerConversationItem[]>();
      for (const c of inWeek) {
        const day = localDateOf(c.reservedStart, zone);
        days.set(day, [...(days.get(day) ?? []), c]);
      }
      return { ...week, start, end, days };
    });
  }, [me, zone]);

  const refresh = async () => {
    try {
      await refetch();
      notifySuccess(t('speaker.planner.refreshed'));
    } catch (cause) {
      notifyError(errorMessage(cause));
    }
  };

  return (
    <Page title={t('speaker.planner.title')}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        justifyContent="space-between"
        alignItems={{ sm: 'center' }}
        sx={{ mb: 2 }}
      >
        <Typography color="text.secondary">{zone ? t('speaker.planner.timesIn', { zone: describeZone(zone) }) : ' '}</Typography>
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to="/speaker/availability">
            {t('speaker.planner.availability')}
          </Button>
          <Button variant="contained" startIcon={<RefreshIcon />} onClick={refresh} disabled={refreshing}>
            {t('speaker.planner.refresh')}
          </Button>
        </Stack>
      </Stack>
      {loading && !data ? (
        <Loading label={t('speaker.planner.loading')} />
      ) : error && !me ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : (
        <Stack spacing={3}>
          {weeks.map((week) => (
            <Paper
              key={week.offset}
              variant="outlined"
              component="section"
              aria-labelledby={`week-${week.offset}`}
              sx={{ p: { xs: 1.5, sm: 2 } }}
            >
              <Typography id={`week-${week.offset}`} variant="h6" component="h2">
                {t(week.title)}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {formatDay(week.start.toISODate()!)} – {formatDay(week.end.minus({ days: 1 }).toISODate()!)}
              </Typography>
              {week.days.size === 0 ? (
                <EmptyState
                  compact
                  testId="planner-week-empty"
                  illustration={<CalendarIllustration />}
                  title={t(week.offset < 0 ? 'speaker.planner.noneHeld' : 'speaker.planner.noneReserved')}
                />
              ) : (
                [...week.days.entries()].map(([day, conversations]) => (
                  <Box key={day} sx={{ mt: 1 }}>
                    <Typography variant="subtitle2" component="h3">
                      {formatDay(day)}
                    </Typography>
                    <List dense disablePadding aria-label={t('speaker.planner.conversationsOn', { day: formatDay(day) })}>
                      {conversations.map((c) => (
                        <ConversationRow key={c.id} conversation={c} zone={zone!} timeOnly />
                      ))}
                    </List>
                  </Box>
                ))
              )}
            </Paper>
          ))}
        </Stack>
      )}
    </Page>
  );
}

export default PlannerWeek;
