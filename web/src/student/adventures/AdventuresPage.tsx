/**
 * /student/adventures (spec 1, Student enrollment routes): filters by language, proficiency and
 * duration (15 or 30 minutes), the list of adventures, and a side stepper running the adventure
 * machine for the chosen one (preview → acknowledge → extra conversations → pay → outcome).
 */
import { useApolloClient, useQuery } from '@apollo/client';
import { type DocumentType, graphql } from '../../gql';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Drawer from '@mui/material/Drawer';
import FormControl from '@mui/material/FormControl';
import Grid from '@mui/material/Grid';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { useMachine } from '@xstate/react';
import { useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  DURATIONS,
  EXTRA_CONVERSATION_CHOICES,
  LANGUAGES,
  NO_ADVENTURES_MESSAGE,
  OutcomeTitles,
  PROFICIENCIES,
  type Proficiency,
  languageName,
} from '../../../../contracts/enrollment';
import { EmptyState } from '../../components/EmptyState';
import { CompassIllustration } from '../../components/illustrations';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { Agreement } from '../../components/enrollment/Agreement';
import { CourseFacts } from '../../components/enrollment/CourseFacts';
import { flowErrorOf } from '../../components/enrollment/flowError';
import { ENROLLING_COURSE, ENROLL_USER, QUIET, type CourseSummary } from '../../components/enrollment/operations';
import { Outcome } from '../../components/enrollment/Outcome';
import { CardPaymentForm, forgetCardholderName } from '../../components/payments/CardPaymentForm';
import { errorMessage } from '../../lib/errors';
import { formatMoney, priceOrContactSales } from '../../lib/money';
import { STEPS, adventureEnrollmentMachine, stepOf } from '../../machines/adventureEnrollmentMachine';
import type { EnrollResult } from '../../machines/courseEnrollmentMachine';

const ALL_ADVENTURES = graphql(`
  query AllAdventures($durationRequirement: Int, $language: String, $proficiency: Proficiency) {
    allAdventures(durationRequirement: $durationRequirement, language: $language, proficiency: $proficiency) {
      language
      proficiency
      durationRequirement
      adventures {
        id
        name
        language
        proficiency
        durationRequirement
        completionRequirement
        inviteNumber
        enrolledIn
        prices {
          totalPrice
          unitPrice
          currency
        }
      }
    }
  }
`);

type AdventureItem = DocumentType<typeof ALL_ADVENTURES>['allAdventures']['adventures'][number];

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function AdventureStepper({ adventure, onClose, onEnrolled }: { adventure: AdventureItem; onClose(): void; onEnrolled(): void }) {
  const client = useApolloClient();
  const machine = useMemo(
    () =>
      adventureEnrollmentMachine.provide({
        actors: {
          loadAdventure: fromPromise(async ({ input }) => {
            try {
              const { data } = await client.query({ query: ENROLLING_COURSE, variables: input, fetchPolicy: 'network-only', ...QUIET });
              return data.enrollingCourse as any;
            } catch (error) {
              throw flowErrorOf(error);
            }
          }),
          enroll: fromPromise<EnrollResult, { inviteNumber: string; cardToken: string; extraConversations: number }>(async ({ input }) => {
            try {
              const { data } = await client.mutate({ mutation: ENROLL_USER, variables: { input }, ...QUIET });
              const r = data!.enrollUser;
              forgetCardholderName();
              onEnrolled();
              return {
                enrolledWith: r.courseEnrollment.enrolledWith as EnrollResult['enrolledWith'],
                amount: r.payment?.amount ?? null,
                minuteQuantity: r.courseEnrollment.minuteQuantity,
              };
            } catch (error) {
              throw flowErrorOf(error);
            }
          }),
        },
      }),
    [client, onEnrolled],
  );
  const [state, send] = useMachine(machine, { input: { inviteNumber: adventure.inviteNumber } });
  const { context } = state;
  const course = context.adventure as unknown as CourseSummary | null;
  const revert = () => send({ type: 'REVERT' });

  return (
    <Box sx={{ width: { xs: '100vw', sm: 480 }, p: 3 }} role="region" aria-label={`Enroll in ${adventure.name}`}>
      <Typography variant="h6" component="h2" gutterBottom>
        {adventure.name}
      </Typography>
      <Stepper activeStep={stepOf(state)} orientation="vertical" sx={{ mb: 2 }}>
        {STEPS.map((label) => {
          // A failed payment is not a finished Pay step: it is marked as failed, not ticked.
          const failed = label === 'Pay' && state.matches('outcome') && !context.result;
          return (
            <Step key={label} completed={failed ? false : undefined}>
              <StepLabel
                error={failed}
                optional={
                  failed ? (
                    <Typography variant="caption" color="error">
                      Payment failed
                    </Typography>
                  ) : undefined
                }
              >
                {label}
              </StepLabel>
            </Step>
          );
        })}
      </Stepper>

      {state.matches({ loading: 'fetching' }) && <Loading label="Loading the adventure" />}
      {state.matches({ loading: 'failed' }) && (
        <Stack spacing={2}>
          <Alert severity="error">{context.error}</Alert>
          <Stack direction="row" spacing={2}>
            <Button onClick={revert}>Try again</Button>
            <Button onClick={onClose}>Close</Button>
          </Stack>
        </Stack>
      )}

      {state.matches('previewing') && course && (
        <Stack spacing={2}>
          <CourseFacts course={course} />
          <Typography variant="body2" color="text.secondary">
            A self-paced course adventure: {course.completionRequirement} conversations of {course.durationRequirement} minutes with native
            speakers, whenever you like.
          </Typography>
          <Stack direction="row" spacing={2}>
            <Button variant="contained" onClick={() => send({ type: 'CONTINUE' })}>
              Continue
            </Button>
            <Button onClick={onClose}>Cancel</Button>
          </Stack>
        </Stack>
      )}

      {state.matches('acknowledging') && (
        <Stack spacing={2}>
          <Agreement agreed={context.agreed} onChange={(agreed) => send({ type: 'AGREE', agreed })} />
          <Stack direction="row" spacing={2}>
            <Button variant="contained" disabled={!context.agreed} onClick={() => send({ type: 'CONTINUE' })}>
              Continue
            </Button>
            <Button onClick={revert}>Start over</Button>
          </Stack>
        </Stack>
      )}

      {state.matches('upselling') && course && (
        <Stack spacing={2}>
          <Typography>Add extra conversations to your adventure?</Typography>
          <FormControl fullWidth>
            <InputLabel id="extra-label">Extra conversations</InputLabel>
            <Select
              labelId="extra-label"
              label="Extra conversations"
              value={context.extraConversations}
              onChange={(e) => send({ type: 'SET_EXTRA', extraConversations: Number(e.target.value) })}
              inputProps={{ 'data-testid': 'extra-conversations' }}
            >
              {EXTRA_CONVERSATION_CHOICES.map((n) => (
                <MenuItem key={n} value={n}>
                  {n === 0 ? 'None' : n}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          {context.error && <Alert severity="error">{context.error}</Alert>}
          <Typography data-testid="adventure-total">
            {course.prices
              ? `${course.prices.totalQuantity} conversations: ${formatMoney(course.prices.totalPrice, course.prices.currency)}`
              : priceOrContactSales(null)}
          </Typography>
          <Stack direction="row" spacing={2}>
            <Button
              variant="contained"
              disabled={state.matches({ upselling: 'pricing' }) || !!context.error || !course.prices}
              onClick={() => send({ type: 'CONTINUE' })}
            >
              Continue
            </Button>
            <Button onClick={revert}>Start over</Button>
          </Stack>
        </Stack>
      )}

      {state.matches('enrolling') && course?.prices && (
        <Stack spacing={2}>
          <CardPaymentForm
            amount={course.prices.totalPrice}
            currency={course.prices.currency}
            busy={state.matches({ enrolling: 'paying' })}
            onToken={(cardToken) => send({ type: 'PAY', cardToken })}
          />
          <Button onClick={revert}>Start over</Button>
        </Stack>
      )}

      {state.matches('outcome') && (
        <Outcome
          ok={!!context.result}
          title={
            context.result
              ? OutcomeTitles.credit_card
              : context.errorCode === 'CONFLICT'
                ? OutcomeTitles.failedEnrollment
                : OutcomeTitles.failedPayment
          }
          message={
            context.result
              ? `Your card was charged ${formatMoney(context.result.amount ?? 0)}. ${context.result.minuteQuantity} minutes were added to your account.`
              : context.error
          }
          onRetry={() => send({ type: 'RETRY' })}
          onDone={onClose}
          doneLabel="Close"
          next={
            context.result
              ? { label: 'Reserve your first conversation', to: '/student/reserve', state: { courseId: context.adventure?.id } }
              : undefined
          }
        />
      )}
    </Box>
  );
}

export default function AdventuresPage() {
  const [language, setLanguage] = useState<string>('es');
  const [proficiency, setProficiency] = useState<Proficiency | ''>('');
  const [duration, setDuration] = useState<number | ''>('');
  const [chosen, setChosen] = useState<AdventureItem | null>(null);
  const { data, loading, error, refetch } = useQuery(ALL_ADVENTURES, {
    variables: { language: language || null, proficiency: proficiency || null, durationRequirement: duration === '' ? null : duration },
    fetchPolicy: 'cache-and-network',
  });
  const onEnrolled = useMemo(() => () => void refetch(), [refetch]);
  const adventures = data?.allAdventures.adventures ?? [];

  return (
    <Page title="New Adventures">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <FormControl sx={{ minWidth: 180 }}>
          <InputLabel id="language-label">Language</InputLabel>
          <Select
            labelId="language-label"
            label="Language"
            value={language}
            onChange={(e) => setLanguage(e.target.value)}
            inputProps={{ 'data-testid': 'filter-language' }}
          >
            {LANGUAGES.map((l) => (
              <MenuItem key={l.code} value={l.code}>
                {l.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl sx={{ minWidth: 180 }}>
          <InputLabel id="proficiency-label">Proficiency</InputLabel>
          <Select labelId="proficiency-label" label="Proficiency" value={proficiency} onChange={(e) => setProficiency(e.target.value)}>
            <MenuItem value="">Any</MenuItem>
            {PROFICIENCIES.map((p) => (
              <MenuItem key={p} value={p}>
                {capitalize(p)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl sx={{ minWidth: 180 }}>
          <InputLabel id="duration-label">Duration</InputLabel>
          <Select
            labelId="duration-label"
            label="Duration"
            value={duration}
            onChange={(e) => setDuration(String(e.target.value) === '' ? '' : Number(e.target.value))}
          >
            <MenuItem value="">Any</MenuItem>
            {DURATIONS.map((d) => (
              <MenuItem key={d} value={d}>
                {d} minutes
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Stack>
      {loading && !data ? (
        <Loading label="Loading adventures" />
      ) : error && !data ? (
        // A failed load is not an empty list: say what went wrong and offer to load again.
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch().catch(() => null)}>
              Try again
            </Button>
          }
        >
          The adventures could not be loaded: {errorMessage(error)}
        </Alert>
      ) : adventures.length === 0 ? (
        <EmptyState illustration={<CompassIllustration />} title={NO_ADVENTURES_MESSAGE} />
      ) : (
        <Grid container spacing={2}>
          {adventures.map((a) => (
            <Grid key={a.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
                <CardContent sx={{ flexGrow: 1 }}>
                  <Typography variant="h6" component="h2">
                    {a.name}
                  </Typography>
                  <Typography color="text.secondary">
                    {languageName(a.language)} · {capitalize(a.proficiency)} · {a.durationRequirement} minutes
                  </Typography>
                  <Typography sx={{ mt: 1 }}>
                    {a.completionRequirement} conversations · {priceOrContactSales(a.prices?.totalPrice, a.prices?.currency)}
                  </Typography>
                </CardContent>
                <CardActions>
                  <Button
                    onClick={() => setChosen(a)}
                    disabled={a.enrolledIn}
                    aria-label={a.enrolledIn ? `Enrolled in ${a.name}` : `Choose ${a.name}`}
                  >
                    {a.enrolledIn ? 'Enrolled' : 'Choose'}
                  </Button>
                </CardActions>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
      <Drawer anchor="right" open={!!chosen} onClose={() => setChosen(null)}>
        {chosen && <AdventureStepper key={chosen.id} adventure={chosen} onClose={() => setChosen(null)} onEnrolled={onEnrolled} />}
      </Drawer>
    </Page>
  );
}
