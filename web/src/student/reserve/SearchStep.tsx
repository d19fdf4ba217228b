/** Step 2 of /student/reserve: speakers and dates to search, and the speakers found with their openings. */
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { HORIZON_DAYS } from '../../../../contracts/scheduling';
import { Loading } from '../../components/Loading';
import { useT } from '../../i18n/useT';
import { datesFromToday, formatDay, rangeFromNow } from '../../lib/time';
import type { FlowSend, FlowState } from './flow';
import type { SpeakerProfile } from './operations';
import { SpeakerResult, speakerName } from './SpeakerResult';

export function SearchStep({ zone, state, send }: { zone: string; state: FlowState; send: FlowSend }) {
  const t = useT();
  const ctx = state.context;
  const dates = useMemo(() => datesFromToday(HORIZON_DAYS, zone), [zone]);
  const busy = state.matches({ searching: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: one range per answered search, so the openings queries keep their variables
  const range = useMemo(() => rangeFromNow(HORIZON_DAYS), [ctx.speakers]);
  const toggleDate = (d: string) =>
    send({
      type: 'SET_DATES',
      dates: ctx.selectedDates.includes(d) ? ctx.selectedDates.filter((x) => x !== d) : [...ctx.selectedDates, d],
    });
  const selectedSpeakers = ctx.knownSpeakers.filter((s) => ctx.selectedSpeakers.includes(s.id));
  return (
    <Stack spacing={3}>
      <Paper
        variant="outlined"
        component="form"
        aria-label={t('student.reserve.search.label')}
        sx={{ p: { xs: 2, sm: 3 } }}
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'SEARCH' });
        }}
      >
        <Stack spacing={2}>
          <Autocomplete
            multiple
            options={ctx.knownSpeakers}
            value={selectedSpeakers}
            getOptionLabel={(s) => speakerName(s as SpeakerProfile)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_, value) => send({ type: 'SET_SPEAKERS', speakerIds: value.map((s) => s.id) })}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('student.reserve.search.speakers')}
                placeholder={selectedSpeakers.length ? '' : t('student.reserve.search.anySpeaker')}
              />
            )}
          />
          <Box role="group" aria-labelledby="reserve-dates-label">
            <Typography id="reserve-dates-label" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('student.reserve.search.dates', { zone })}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {dates.map((d) => {
                const on = ctx.selectedDates.includes(d);
                return (
                  <Chip
                    key={d}
                    label={formatDay(d)}
                    color={on ? 'primary' : 'default'}
                    variant={on ? 'filled' : 'outlined'}
                    onClick={() => toggleDate(d)}
                    aria-pressed={on}
                    component="button"
                    type="button"
                  />
                );
              })}
            </Box>
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" disabled={busy}>
              {t('student.reserve.search.submit')}
            </Button>
            <Button type="button" onClick={() => send({ type: 'RESET' })} disabled={busy}>
              {t('student.reserve.search.reset')}
            </Button>
            <Button type="button" onClick={() => send({ type: 'BACK' })}>
              {t('student.reserve.search.changeLesson')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      <Box component="section" aria-label={t('student.reserve.search.results')} aria-busy={busy}>
        {busy ? (
          <Loading label={t('student.reserve.search.searching')} />
        ) : state.matches({ searching: 'empty' }) ? (
          <Alert
            severity="info"
            action={
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <Button color="inherit" size="small" onClick={() => send({ type: 'RESET' })}>
                  {t('student.reserve.search.reset')}
                </Button>
                <Button color="inherit" size="small" onClick={() => send({ type: 'SEARCH' })}>
                  {t('student.reserve.search.again')}
                </Button>
              </Stack>
            }
          >
            {t('student.reserve.search.none')}
          </Alert>
        ) : state.matches({ searching: 'failed' }) ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => send({ type: 'SEARCH' })}>
                {t('student.reserve.search.again')}
              </Button>
            }
          >
            {ctx.error}
          </Alert>
        ) : (
          <Stack spacing={2}>
            <Typography color="text.secondary" role="status">
              {t('student.reserve.search.found', { count: ctx.totalCount })}
            </Typography>
            {ctx.speakers.map((s) => (
              <SpeakerResult
                key={s.id}
                speaker={s as SpeakerProfile}
                zone={zone}
                range={range}
                duration={ctx.duration}
                dates={ctx.searchedDates}
                onChoose={(opening) => send({ type: 'CHOOSE', speaker: s, opening })}
              />
            ))}
            {ctx.hasNextPage && (
              <Box>
                <Button onClick={() => send({ type: 'MORE' })} disabled={state.matches({ searching: 'loadingMore' })}>
                  {t('student.reserve.search.more')}
                </Button>
              </Box>
            )}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
