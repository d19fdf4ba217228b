/**
 * /student/reserve (spec 2, Reservation; the reserve flow): choose a course and lesson (or a
 * language without a course), search speakers and dates, pick an opening, confirm, reserve. The
 * flow is `reservationMachine`; this page gives it the calls and shows its states. Times are in
 * the student's zone (`me.tzIdentifier`, else America/New_York) in the spec's `h:mma`.
 */
import { useApolloClient, useQuery, type ApolloClient } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { languageName } from '../../../../contracts/enrollment';
import { DURATIONS, HORIZON_DAYS, SchedulingMessages } from '../../../../contracts/scheduling';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { notifyError, notifySuccess, notifyWarning, DismissAction } from '../../components/snackbars';
import { apiErrorsOf, errorMessage } from '../../lib/errors';
import { datesFromToday, formatDay, formatDayAndTime, formatTime, localDateOf, rangeFromNow, userZone, zoneAbbreviation } from '../../lib/time';
import { reservationMachine, type FlowError, type ReservationInput } from '../../machines/reservationMachine';
import { AVAILABLE_SPEAKERS, CREATE_RESERVATION, RESERVE_SETUP, reservableLessons, type ReserveSetupData, type SpeakerProfile } from './operations';
import { SpeakerResult, speakerName } from './SpeakerResult';

export const RESERVED_MESSAGE = 'The conversation was reserved successfully!';
export const NO_RESULTS_MESSAGE = 'No available time was found for this search. Please search again using different Speakers or dates';
/** Speaker search page size (spec 2, section 9). */
export const SPEAKER_PAGE_SIZE = 20;
const STEPS = ['Course and lesson', 'Speaker and time', 'Confirm'];

const toFlowError = (error: unknown): FlowError => {
  const code = apiErrorsOf(error)[0]?.extensions?.code;
  return { message: errorMessage(error), code: typeof code === 'string' ? code : null };
};

/** INVALID_TIMEZONE: the spec's persistent snackbar with 'Fix Timezone' (the settings profile panel). */
function notifySearchFailed(error: FlowError, navigate: NavigateFunction) {
  if (error.code === 'INVALID_TIMEZONE') {
    notifyWarning(SchedulingMessages.invalidTimezone, {
      persist: true,
      action: (id) => (
        <>
          <Button
            size="small"
            sx={{ color: 'inherit', fontWeight: 700 }}
            onClick={() => navigate('/student/settings', { state: { panel: 'profile' } })}
          >
            Fix Timezone
          </Button>
          <DismissAction id={id} />
        </>
      ),
    });
  } else {
    notifyError(error.message);
  }
}

function useReservation(client: ApolloClient<object>, zone: string, input: ReservationInput) {
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      reservationMachine.provide({
        actors: {
          searchSpeakers: fromPromise(async ({ input: r }) => {
            try {
              const { data } = await client.query({
                query: AVAILABLE_SPEAKERS,
                variables: {
                  first: SPEAKER_PAGE_SIZE,
                  after: r.after,
                  courseId: r.courseId,
                  language: r.language,
                  filterBySpeakers: r.filterBySpeakers.length ? r.filterBySpeakers : null,
                  filterByDates: r.filterByDates.length ? r.filterByDates : null,
                  zoneName: zone,
                  duration: r.duration,
                },
                fetchPolicy: 'network-only',
                context: { quiet: true },
              });
              const c = data.availableSpeakers;
              return { speakers: c.edges.map((e) => e.node), totalCount: c.totalCount, endCursor: c.pageInfo.endCursor, hasNextPage: c.pageInfo.hasNextPage };
            } catch (error) {
              throw toFlowError(error);
            }
          }),
          reserve: fromPromise(async ({ input: r }) => {
            try {
              const { data } = await client.mutate({
                mutation: CREATE_RESERVATION,
                variables: { input: r },
                context: { quiet: true },
              });
              return { conversationId: data!.createReservation.conversation.id };
            } catch (error) {
              throw toFlowError(error);
            }
          }),
        },
        actions: { searchFailed: (_, error) => notifySearchFailed(error, navigate) },
      }),
    // The machine is made once per page visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  return useMachine(machine, { input });
}

type Me = NonNullable<ReserveSetupData['me']>;

function ChooseStep({ me, languages, state, send }: { me: Me; languages: ReserveSetupData['lookupLanguages']; state: FlowState; send: FlowSend }) {
  const { courseId, lessonId, language, duration } = state.context;
  const courses = me.courses.filter((c) => !c.isPast);
  const course = courses.find((c) => c.id === courseId);
  const lessons = course ? reservableLessons(course) : [];
  const ready = courseId ? !!lessonId : !!language;
  return (
    <Paper variant="outlined" component="section" aria-label="Choose what to talk about" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={3}>
        {courses.length > 0 ? (
          <>
            <FormControl>
              <FormLabel id="reserve-course">Course</FormLabel>
              <RadioGroup
                aria-labelledby="reserve-course"
                value={courseId ?? ''}
                onChange={(_, id) => send({ type: 'CHOOSE_COURSE', courseId: id, duration: courses.find((c) => c.id === id)?.durationRequirement ?? 15 })}
              >
                {courses.map((c) => (
                  <FormControlLabel key={c.id} value={c.id} control={<Radio />} label={`${c.name} (${languageName(c.language)}, ${c.durationRequirement} minutes)`} />
                ))}
              </RadioGroup>
            </FormControl>
            {course && (
              <FormControl>
                <FormLabel id="reserve-lesson">Lesson</FormLabel>
                {lessons.length === 0 ? (
                  <Typography color="text.secondary">Every lesson of this course already has a conversation.</Typography>
                ) : (
                  <RadioGroup aria-labelledby="reserve-lesson" value={lessonId ?? ''} onChange={(_, id) => send({ type: 'CHOOSE_LESSON', lessonId: id })}>
                    {lessons.map((a) => (
                      <FormControlLabel
                        key={a.lesson.id}
                        value={a.lesson.id}
                        control={<Radio />}
                        label={
                          <Box sx={{ py: 0.5 }}>
                            <Typography>{`${a.order}. ${a.lesson.title}`}</Typography>
                            <Typography variant="body2" color="text.secondary">
                              {a.lesson.discussionTopic ?? 'Topic to be announced'}
                            </Typography>
                          </Box>
                        }
                      />
                    ))}
                  </RadioGroup>
                )}
              </FormControl>
            )}
          </>
        ) : (
          <>
            <Typography color="text.secondary">You have no current course: choose a language to talk in.</Typography>
            <TextField select label="Language" value={language ?? ''} onChange={(e) => send({ type: 'CHOOSE_LANGUAGE', language: e.target.value })} sx={{ maxWidth: 320 }}>
              {languages.map((l) => (
                <MenuItem key={l.code} value={l.code}>
                  {l.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Duration"
              value={duration}
              onChange={(e) => send({ type: 'SET_DURATION', duration: Number(e.target.value) })}
              sx={{ maxWidth: 320 }}
            >
              {DURATIONS.map((d) => (
                <MenuItem key={d} value={d}>
                  {d} minutes
                </MenuItem>
              ))}
            </TextField>
          </>
        )}
        <Box>
          <Button variant="contained" disabled={!ready} onClick={() => send({ type: 'NEXT' })}>
            Find a speaker
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

function SearchStep({ zone, state, send }: { zone: string; state: FlowState; send: FlowSend }) {
  const ctx = state.context;
  const dates = useMemo(() => datesFromToday(HORIZON_DAYS, zone), [zone]);
  const busy = state.matches({ searching: 'loading' });
  // One range per answered search, so the openings queries keep their variables.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const range = useMemo(() => rangeFromNow(HORIZON_DAYS), [ctx.speakers]);
  const toggleDate = (d: string) =>
    send({ type: 'SET_DATES', dates: ctx.selectedDates.includes(d) ? ctx.selectedDates.filter((x) => x !== d) : [...ctx.selectedDates, d] });
  const selectedSpeakers = ctx.knownSpeakers.filter((s) => ctx.selectedSpeakers.includes(s.id));
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" component="form" aria-label="Search speakers and dates" sx={{ p: { xs: 2, sm: 3 } }} onSubmit={(e) => (e.preventDefault(), send({ type: 'SEARCH' }))}>
        <Stack spacing={2}>
          <Autocomplete
            multiple
            options={ctx.knownSpeakers}
            value={selectedSpeakers}
            getOptionLabel={(s) => speakerName(s as SpeakerProfile)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_, value) => send({ type: 'SET_SPEAKERS', speakerIds: value.map((s) => s.id) })}
            renderInput={(params) => <TextField {...params} label="Speakers" placeholder={selectedSpeakers.length ? '' : 'Any speaker'} />}
          />
          <Box role="group" aria-labelledby="reserve-dates-label">
            <Typography id="reserve-dates-label" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Dates (any when none is chosen), times in {zone}
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
              Search
            </Button>
            <Button type="button" onClick={() => send({ type: 'RESET' })} disabled={busy}>
              Reset
            </Button>
            <Button type="button" onClick={() => send({ type: 'BACK' })}>
              Change lesson
            </Button>
          </Stack>
        </Stack>
      </Paper>
      <Box component="section" aria-label="Search results" aria-busy={busy}>
        {busy ? (
          <Loading label="Searching for speakers" />
        ) : state.matches({ searching: 'empty' }) ? (
          <Alert
            severity="info"
            action={
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <Button color="inherit" size="small" onClick={() => send({ type: 'RESET' })}>
                  Reset
                </Button>
                <Button color="inherit" size="small" onClick={() => send({ type: 'SEARCH' })}>
                  Search again
                </Button>
              </Stack>
            }
          >
            {NO_RESULTS_MESSAGE}
          </Alert>
        ) : state.matches({ searching: 'failed' }) ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => send({ type: 'SEARCH' })}>
                Search again
              </Button>
            }
          >
            {ctx.error}
          </Alert>
        ) : (
          <Stack spacing={2}>
            <Typography color="text.secondary" role="status">
              {ctx.totalCount === 1 ? '1 speaker has time for you.' : `${ctx.totalCount} speakers have time for you.`}
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
                  More speakers
                </Button>
              </Box>
            )}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}

function ConfirmStep({ me, languages, zone, state, send }: { me: Me; languages: ReserveSetupData['lookupLanguages']; zone: string; state: FlowState; send: FlowSend }) {
  const ctx = state.context;
  const course = me.courses.find((c) => c.id === ctx.courseId);
  const lesson = course?.lessonAssignments.find((a) => a.lesson.id === ctx.lessonId)?.lesson;
  const start = ctx.opening!.startTimestamp;
  const remaining = me.account.remainingMinutes;
  const reserving = state.matches({ confirming: 'reserving' });
  const rows: [string, string][] = [
    ...(course
      ? ([
          ['Course', course.name],
          ['Lesson', lesson ? lesson.title : '—'],
        ] as [string, string][])
      : ([['Language', languages.find((l) => l.code === ctx.language)?.name ?? languageName(ctx.language ?? '')]] as [string, string][])),
    ['Speaker', speakerName(ctx.speaker as SpeakerProfile)],
    ['Date', formatDay(localDateOf(start, zone))],
    ['Time', `${formatTime(start, zone)} – ${formatTime(ctx.opening!.endTimestamp, zone)} ${zoneAbbreviation(start, zone)}`],
    ['Duration', `${ctx.duration} minutes`],
    ['Costs', `${ctx.duration} minutes`],
    ['Remaining minutes', `${remaining} (${Math.max(remaining - ctx.duration, 0)} after this reservation)`],
  ];
  return (
    <Paper variant="outlined" component="section" aria-label="Confirm the reservation" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Confirm your conversation
      </Typography>
      <Table size="small" aria-label="Reservation">
        <TableBody>
          {rows.map(([k, v]) => (
            <TableRow key={k}>
              <TableCell component="th" scope="row" sx={{ color: 'text.secondary', width: '40%' }}>
                {k}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{v}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {remaining < ctx.duration && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          You have {remaining} minutes; this conversation needs {ctx.duration}.
        </Alert>
      )}
      {ctx.error && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {ctx.error}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
        <Button variant="contained" onClick={() => send({ type: 'RESERVE' })} disabled={reserving}>
          {reserving ? 'Reserving…' : 'Reserve'}
        </Button>
        <Button onClick={() => send({ type: 'BACK' })} disabled={reserving}>
          Choose another time
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {formatDayAndTime(start, zone)} in your time zone, {zone}.
      </Typography>
    </Paper>
  );
}

type Flow = ReturnType<typeof useReservation>;
type FlowState = Flow[0];
type FlowSend = Flow[1];

function ReservationFlow({ data, input }: { data: ReserveSetupData & { me: Me }; input: ReservationInput }) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const zone = userZone(data.me.tzIdentifier);
  const [state, send] = useReservation(client, zone, input);
  const step = state.matches('choosing') ? 0 : state.matches('searching') ? 1 : 2;
  if (state.matches('reserved')) {
    // Leave once; the header's minutes follow through their subscription.
    queueMicrotask(() => {
      notifySuccess(RESERVED_MESSAGE);
      navigate('/student/home', { replace: true });
    });
  }
  return (
    <Stack spacing={3}>
      <Stepper activeStep={step} alternativeLabel aria-label="Steps">
        {STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {step === 0 && <ChooseStep me={data.me} languages={data.lookupLanguages} state={state} send={send} />}
      {step === 1 && <SearchStep zone={zone} state={state} send={send} />}
      {step === 2 && state.context.opening && <ConfirmStep me={data.me} languages={data.lookupLanguages} zone={zone} state={state} send={send} />}
    </Stack>
  );
}

export default function ReservePage() {
  const location = useLocation();
  const routeState = (location.state ?? {}) as { courseId?: string; lessonId?: string };
  const { data, error } = useQuery(RESERVE_SETUP, { fetchPolicy: 'network-only' });
  const me = data?.me;
  const input = useMemo<ReservationInput>(() => {
    const course = me?.courses.find((c) => c.id === routeState.courseId);
    if (!course) return {};
    const lesson = reservableLessons(course).find((a) => a.lesson.id === routeState.lessonId);
    return { courseId: course.id, lessonId: lesson?.lesson.id ?? null, duration: course.durationRequirement };
  }, [me, routeState.courseId, routeState.lessonId]);
  return (
    <Page title="Reserve Conversation">
      {error && !data ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : !me || !data ? (
        <Loading label="Loading your courses" />
      ) : (
        <ReservationFlow data={{ ...data, me }} input={input} />
      )}
    </Page>
  );
}
