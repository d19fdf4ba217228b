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
import { DURATIONS, EXTRA_CONVERSATION_CHOICES, LANGUAGES, PROFICIENCIES, type Proficiency } from '../../../../contracts/enrollment';
import { languageName } from '../../lib/languageName';
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
import type { EnrollResult, OutcomeKey } from '../../machines/courseEnrollmentMachine';
import type { MessageId } from '../../i18n/catalog';
import { useT } from '../../i18n/useT';

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

const STEP_IDS = {
  Preview: 'student.adventures.step.preview',
  Acknowledge: 'student.adventures.step.acknowledge',
  'Extra conversations': 'student.adventures.step.extra',
  Pay: 'student.adventures.step.pay',
  Outcome: 'student.adventures.step.outcome',
} as const satisfies Record<(typeof STEPS)[number], MessageId>;

function AdventureStepper({ adventure, onClose, onEnrolled }: { adventure: AdventureItem; onClose(): void; onEnrolled(): void }) {
  const t = useT();
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
  const refused = context.errorCode === 'CONFLICT';
  const outcome: OutcomeKey = context.result ? 'credit_card' : refused ? 'failedEnrollment' : 'failedPayment';

  return (
    <Box
      sx={{ width: { xs: '100vw', sm: 480 }, p: 3 }}
      role="region"
      aria-label={t('student.adventures.enrollIn', { name: adventure.name })}
    >
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
                      {t('student.adventures.paymentFailed')}
                    </Typography>
                  ) : undefined
                }
              >
                {t(STEP_IDS[label])}
              </StepLabel>
            </Step>
          );
        })}
      </Stepper>

      {state.matches({ loading: 'fetching' }) && <Loading label={t('student.adventures.loadingOne')} />}
      {state.matches({ loading: 'failed' }) && (
        <Stack spacing={2}>
          <Alert severity="error">{context.error}</Alert>
          <Stack direction="row" spacing={2}>
            <Button onClick={revert}>{t('student.adventures.tryAgain')}</Button>
            <Button onClick={onClose}>{t('student.adventures.close')}</Button>
          </Stack>
        </Stack>
      )}

      {state.matches('previewing') && course && (
        <Stack spacing={2}>
          <CourseFacts course={course} />
          <Typography variant="body2" color="text.secondary">
            {t('student.adventures.about', { count: course.completionRequirement, minutes: course.durationRequirement })}
          </Typography>
          <Stack direction="row" spacing={2}>
            <Button variant="contained" onClick={() => send({ type: 'CONTINUE' })}>
              {t('student.adventures.continue')}
            </Button>
            <Button onClick={onClose}>{t('student.adventures.cancel')}</Button>
          </Stack>
        </Stack>
      )}

      {state.matches('acknowledging') && (
        <Stack spacing={2}>
          <Agreement agreed={context.agreed} onChange={(agreed) => send({ type: 'AGREE', agreed })} />
          <Stack direction="row" spacing={2}>
            <Button variant="contained" disabled={!context.agreed} onClick={() => send({ type: 'CONTINUE' })}>
              {t('student.adventures.continue')}
            </Button>
            <Button onClick={revert}>{t('student.adventures.startOver')}</Button>
          </Stack>
        </Stack>
      )}

      {state.matches('upselling') && course && (
        <Stack spacing={2}>
          <Typography>{t('student.adventures.addExtra')}</Typography>
          <FormControl fullWidth>
            <InputLabel id="extra-label">{t('student.adventures.step.extra')}</InputLabel>
            <Select
              labelId="extra-label"
              label={t('student.adventures.step.extra')}
              value={context.extraConversations}
              onChange={(e) => send({ type: 'SET_EXTRA', extraConversations: Number(e.target.value) })}
              inputProps={{ 'data-testid': 'extra-conversations' }}
            >
              {EXTRA_CONVERSATION_CHOICES.map((n) => (
                <MenuItem key={n} value={n}>
                  {n === 0 ? t('student.adventures.none') : n}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          {context.error && <Alert severity="error">{context.error}</Alert>}
          <Typography data-testid="adventure-total">
            {course.prices
              ? t('student.adventures.total', {
                  count: course.prices.totalQuantity,
                  price: formatMoney(course.prices.totalPrice, course.prices.currency),
                })
              : priceOrContactSales(null)}
          </Typography>
          <Stack direction="row" spacing={2}>
            <Button
              variant="contained"
              disabled={state.matches({ upselling: 'pricing' }) || !!context.error || !course.prices}
              onClick={() => send({ type: 'CONTINUE' })}
            >
              {t('student.adventures.continue')}
            </Button>
            <Button onClick={revert}>{t('student.adventures.startOver')}</Button>
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
          <Button onClick={revert}>{t('student.adventures.startOver')}</Button>
        </Stack>
      )}

      {state.matches('outcome') && (
        <Outcome
          ok={!!context.result}
          title={t(`enrollment.outcome.title.${outcome}`)}
          message={
            context.result
              ? t('student.adventures.charged', { amount: formatMoney(context.result.amount ?? 0), minutes: context.result.minuteQuantity })
              : context.error
          }
          onRetry={() => send({ type: 'RETRY' })}
          onDone={onClose}
          doneLabel={t('student.adventures.close')}
          next={
            context.result
              ? { label: t('student.enroll.reserveFirst'), to: '/student/reserve', state: { courseId: context.adventure?.id } }
              : undefined
          }
        />
      )}
    </Box>
  );
}

export default function AdventuresPage() {
  const t = useT();
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
    <Page title={t('student.adventures.title')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <FormControl sx={{ minWidth: 180 }}>
          <InputLabel id="language-label">{t('student.adventures.language')}</InputLabel>
          <Select
            labelId="language-label"
            label={t('student.adventures.language')}
            value={language}
            onChange={(e) => setLanguage(e.target.value)}
            inputProps={{ 'data-testid': 'filter-language' }}
          >
            {LANGUAGES.map((l) => (
              <MenuItem key={l.code} value={l.code}>
                {languageName(l.code)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl sx={{ minWidth: 180 }}>
          <InputLabel id="proficiency-label">{t('student.adventures.proficiency')}</InputLabel>
          <Select
            labelId="proficiency-label"
            label={t('student.adventures.proficiency')}
            value={proficiency}
            onChange={(e) => setProficiency(e.target.value)}
          >
            <MenuItem value="">{t('student.adventures.any')}</MenuItem>
            {PROFICIENCIES.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`student.courses.level.${p}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl sx={{ minWidth: 180 }}>
          <InputLabel id="duration-label">{t('student.adventures.duration')}</InputLabel>
          <Select
            labelId="duration-label"
            label={t('student.adventures.duration')}
            value={duration}
            onChange={(e) => setDuration(String(e.target.value) === '' ? '' : Number(e.target.value))}
          >
            <MenuItem value="">{t('student.adventures.any')}</MenuItem>
            {DURATIONS.map((d) => (
              <MenuItem key={d} value={d}>
                {t('student.reserve.minutes', { minutes: d })}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Stack>
      {loading && !data ? (
        <Loading label={t('student.adventures.loading')} />
      ) : error && !data ? (
        // A failed load is not an empty list: say what went wrong and offer to load again.
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch().catch(() => null)}>
              {t('student.adventures.tryAgain')}
            </Button>
          }
        >
          {t('student.adventures.loadFailed', { error: errorMessage(error) })}
        </Alert>
      ) : adventures.length === 0 ? (
        <EmptyState illustration={<CompassIllustration />} title={t('student.adventures.empty')} />
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
                    {t('student.adventures.line', {
                      language: languageName(a.language),
                      level: t(`student.courses.level.${a.proficiency}`),
                      minutes: a.durationRequirement,
                    })}
                  </Typography>
                  <Typography sx={{ mt: 1 }}>
                    {t('student.adventures.conversations', {
                      count: a.completionRequirement,
                      price: priceOrContactSales(a.prices?.totalPrice, a.prices?.currency),
                    })}
                  </Typography>
                </CardContent>
                <CardActions>
                  <Button
                    onClick={() => setChosen(a)}
                    disabled={a.enrolledIn}
                    aria-label={t(a.enrolledIn ? 'student.adventures.enrolledIn' : 'student.adventures.choose', { name: a.name })}
                  >
                    {t(a.enrolledIn ? 'student.adventures.enrolled' : 'student.adventures.chooseAction')}
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
