/**
 * One search result (spec 2, Reservation): the speaker's 7-day availability list in the student's
 * zone, grouped by local day, each opening a button with its `h:mma` time; and the profile tabs.
 */
import { useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Loading } from '../../components/Loading';
import type { MessageId } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';
import { formatDay, formatTime, groupByLocalDate } from '../../lib/time';
import type { OpeningChoice } from '../../machines/reservationMachine';
import { AVAILABLE_OPENINGS, type SpeakerProfile } from './operations';

export const speakerName = (s: Pick<SpeakerProfile, 'displayName'>) => s.displayName || translate('student.reserve.speaker');

function location(s: SpeakerProfile): string | null {
  const parts = [s.currentCity, s.currentState, s.currentCountry].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

function Profile({ speaker }: { speaker: SpeakerProfile }) {
  const t = useT();
  const rows: [MessageId, string | null | undefined][] = [
    ['student.reserve.profile.age', speaker.age != null ? String(speaker.age) : null],
    ['student.reserve.profile.livesIn', location(speaker)],
    ['student.reserve.profile.school', speaker.school],
    ['student.reserve.profile.hobbies', speaker.bioHobbiesAre],
    ['student.reserve.profile.dreamCareer', speaker.bioDreamCareer],
    ['student.reserve.profile.goals', speaker.bioGoalsAre],
  ];
  const shown = rows.filter(([, v]) => v);
  if (!shown.length)
    return <Typography color="text.secondary">{t('student.reserve.profile.none', { name: speakerName(speaker) })}</Typography>;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}>
      {shown.map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {t(k)}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {v}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Availability({
  speaker,
  zone,
  range,
  duration,
  dates,
  onChoose,
}: {
  speaker: SpeakerProfile;
  zone: string;
  range: { startTime: string; endTime: string };
  duration: number;
  dates: string[];
  onChoose: (opening: OpeningChoice) => void;
}) {
  const t = useT();
  const { data, loading, error } = useQuery(AVAILABLE_OPENINGS, {
    variables: { speakerId: speaker.id, ...range, zoneName: zone, duration },
    fetchPolicy: 'network-only',
    context: { quiet: true },
  });
  if (loading && !data) return <Loading label={t('student.reserve.availability.loading', { name: speakerName(speaker) })} />;
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  const groups = [...groupByLocalDate(data?.availableOpenings ?? [], zone)].filter(([day]) => !dates.length || dates.includes(day));
  if (!groups.length) return <Typography color="text.secondary">{t('student.reserve.availability.none')}</Typography>;
  return (
    <Stack spacing={1.5}>
      {groups.map(([day, openings]) => (
        <Box key={day} component="section" aria-label={formatDay(day)}>
          <Typography variant="subtitle2" component="h4">
            {formatDay(day)}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
            {openings.map((o) => (
              <Button
                key={o.startTimestamp}
                size="small"
                variant="outlined"
                aria-label={t('student.reserve.availability.opening', {
                  time: formatTime(o.startTimestamp, zone),
                  day: formatDay(day),
                  name: speakerName(speaker),
                })}
                onClick={() => onChoose({ startTimestamp: o.startTimestamp, endTimestamp: o.endTimestamp })}
              >
                {formatTime(o.startTimestamp, zone)}
              </Button>
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

export function SpeakerResult(props: {
  speaker: SpeakerProfile;
  zone: string;
  range: { startTime: string; endTime: string };
  duration: number;
  dates: string[];
  onChoose: (opening: OpeningChoice) => void;
}) {
  const { speaker } = props;
  const t = useT();
  const [tab, setTab] = useState(0);
  const id = useId();
  const name = speakerName(speaker);
  return (
    <Paper variant="outlined" component="article" aria-label={name} sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1 }}>
        <Avatar
          src={speaker.headshotUrl ?? undefined}
          alt={speaker.headshotUrl ? t('student.reserve.headshot', { name }) : undefined}
          sx={{ width: 56, height: 56 }}
        >
          {name.charAt(0)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          {location(speaker) && <Typography color="text.secondary">{location(speaker)}</Typography>}
        </Box>
      </Stack>
      <Tabs value={tab} onChange={(_, v: number) => setTab(v)} aria-label={t('student.reserve.about', { name })} variant="fullWidth">
        <Tab label={t('student.reserve.tab.availability')} id={`${id}-tab-0`} aria-controls={`${id}-panel-0`} />
        <Tab label={t('student.reserve.tab.profile')} id={`${id}-tab-1`} aria-controls={`${id}-panel-1`} />
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`} sx={{ pt: 2 }}>
        {tab === 0 ? <Availability {...props} /> : <Profile speaker={speaker} />}
      </Box>
    </Paper>
  );
}
