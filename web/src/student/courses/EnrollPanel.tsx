/**
 * The enroll panel on /student/courses: the course enrollment machine's steps (find by invite
 * number, acknowledge, then institutional / card / code, then the outcome).
 */
import { useApolloClient } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { formatInviteNumber } from '../../../../contracts/enrollment';
import { Agreement } from '../../components/enrollment/Agreement';
import { CodeWorth } from '../../components/enrollment/CodeWorth';
import { CourseFacts } from '../../components/enrollment/CourseFacts';
import { flowErrorOf } from '../../components/enrollment/flowError';
import { ENROLLING_CODE, ENROLLING_COURSE, ENROLL_USER, QUIET, type CourseSummary } from '../../components/enrollment/operations';
import { Outcome } from '../../components/enrollment/Outcome';
import { CardPaymentForm, forgetCardholderName } from '../../components/payments/CardPaymentForm';
import { clearPendingInvite } from '../../lib/pendingInvite';
import { formatMoney } from '../../lib/money';
import { courseEnrollmentMachine, outcomeKey, type EnrollResult } from '../../machines/courseEnrollmentMachine';
import { useT } from '../../i18n/useT';

/** A code's shape (ten letters in two groups), the same in every language. */
const CODE_EXAMPLE = 'ABCDE FGHJK';
const STEPS = [
  'student.enroll.step.find',
  'student.enroll.step.acknowledge',
  'student.enroll.step.enroll',
  'student.enroll.step.outcome',
] as const;

function useEnrollmentActors() {
  const client = useApolloClient();
  return useMemo(
    () =>
      courseEnrollmentMachine.provide({
        actors: {
          findCourse: fromPromise(async ({ input }) => {
            try {
              const { data } = await client.query({
                query: ENROLLING_COURSE,
                variables: { inviteNumber: input.inviteNumber },
                fetchPolicy: 'network-only',
                ...QUIET,
              });
              return data.enrollingCourse as any;
            } catch (error) {
              throw flowErrorOf(error);
            }
          }),
          checkCode: fromPromise(async ({ input }) => {
            try {
              const { data } = await client.query({
                query: ENROLLING_CODE,
                variables: { code: input.code },
                fetchPolicy: 'network-only',
                ...QUIET,
              });
              return data.enrollingCode;
            } catch (error) {
              throw flowErrorOf(error);
            }
          }),
          enroll: fromPromise<EnrollResult, { inviteNumber: string; cardToken?: string; code?: string }>(async ({ input }) => {
            try {
              const { data } = await client.mutate({ mutation: ENROLL_USER, variables: { input }, ...QUIET });
              const result = data!.enrollUser;
              return {
                enrolledWith: result.courseEnrollment.enrolledWith as EnrollResult['enrolledWith'],
                amount: result.payment?.amount ?? null,
                minuteQuantity: result.courseEnrollment.minuteQuantity,
              };
            } catch (error) {
              throw flowErrorOf(error);
            }
          }),
        },
      }),
    [client],
  );
}

export function EnrollPanel({
  inviteNumber,
  onEnrolled,
  onClose,
}: {
  inviteNumber?: string | null;
  onEnrolled(): void;
  onClose?: () => void;
}) {
  const t = useT();
  const machine = useEnrollmentActors();
  const [state, send] = useMachine(machine, { input: { inviteNumber } });
  const [typed, setTyped] = useState(inviteNumber ? formatInviteNumber(inviteNumber) : '');
  const [code, setCode] = useState('');
  const started = useRef(false);
  const { context } = state;

  // From /join/{inviteNumber}: look the number up at once.
  useEffect(() => {
    if (inviteNumber && !started.current) {
      started.current = true;
      send({ type: 'FIND', inviteNumber });
    }
  }, [inviteNumber, send]);

  // A kept invite number that finds nothing to enroll in (already enrolled, unknown) is used up:
  // a reload must not look it up again.
  useEffect(() => {
    if (context.error && state.matches('finding')) clearPendingInvite();
  }, [context.error, state]);

  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (context.result && reported.current !== context.result) {
      reported.current = context.result;
      clearPendingInvite();
      forgetCardholderName();
      onEnrolled();
    }
  }, [context.result, onEnrolled]);

  const failedOutcome = state.matches('outcome') && !context.result;
  const step = state.matches('finding') ? 0 : state.matches('acknowledging') ? 1 : state.matches('outcome') ? 3 : 2;
  const course = context.course as unknown as CourseSummary | null;
  // A checked code waits for the student's word (confirming), then is redeemed with the comparison still shown.
  const confirmingCode = state.matches({ code: 'confirming' }) || state.matches({ code: 'redeeming' });
  const revert = () => {
    clearPendingInvite();
    setTyped('');
    setCode('');
    send({ type: 'REVERT' });
  };

  return (
    <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-label={t('student.enroll.title')}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('student.enroll.title')}
      </Typography>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {STEPS.map((id) => {
          // A failed enrollment (a declined card, a refused code) is not a finished Enroll step.
          const failed = id === 'student.enroll.step.enroll' && failedOutcome;
          return (
            <Step key={id} completed={failed ? false : undefined}>
              <StepLabel
                error={failed}
                optional={
                  failed ? (
                    <Typography variant="caption" color="error">
                      {t('student.enroll.notEnrolled')}
                    </Typography>
                  ) : undefined
                }
              >
                {t(id)}
              </StepLabel>
            </Step>
          );
        })}
      </Stepper>

      {state.matches('finding') && (
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'FIND', inviteNumber: typed });
          }}
        >
          <Typography gutterBottom>{t('student.enroll.enterNumber')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="flex-start">
            <TextField
              label={t('student.enroll.inviteNumber')}
              placeholder="123-456"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              error={!!context.error}
              helperText={context.error ?? ' '}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'invite-number' } }}
            />
            <Button type="submit" variant="contained" disabled={state.matches({ finding: 'searching' })} sx={{ mt: 1 }}>
              {state.matches({ finding: 'searching' }) ? t('student.enroll.finding') : t('student.enroll.find')}
            </Button>
            {onClose && (
              <Button onClick={onClose} sx={{ mt: 1 }}>
                {t('student.enroll.cancel')}
              </Button>
            )}
          </Stack>
        </Box>
      )}

      {state.matches('acknowledging') && course && (
        <Stack spacing={2}>
          <CourseFacts course={course} />
          <Agreement agreed={context.agreed} onChange={(agreed) => send({ type: 'AGREE', agreed })} />
          <Stack direction="row" spacing={2}>
            <Button variant="contained" disabled={!context.agreed} onClick={() => send({ type: 'CONTINUE' })}>
              {t('student.enroll.continue')}
            </Button>
            <Button onClick={revert}>{t('student.enroll.startOver')}</Button>
          </Stack>
        </Stack>
      )}

      {state.matches('institutionalEnrolling') && course && (
        <Stack spacing={2}>
          <Typography>
            {t('student.enroll.paidBySchool', { course: course.name, school: course.owner?.school ?? t('student.enroll.yourSchool') })}
          </Typography>
          <Stack direction="row" spacing={2}>
            <Button
              variant="contained"
              disabled={state.matches({ institutionalEnrolling: 'submitting' })}
              onClick={() => send({ type: 'ENROLL' })}
            >
              {t('student.enroll.enroll')}
            </Button>
            <Button onClick={revert}>{t('student.enroll.startOver')}</Button>
          </Stack>
        </Stack>
      )}

      {state.matches('cardEnrolling') && course && (
        <Stack spacing={2}>
          {course.prices ? (
            <>
              <Typography>
                {t('student.enroll.price', {
                  course: course.name,
                  count: course.prices.totalQuantity,
                  price: formatMoney(course.prices.unitPrice, course.prices.currency),
                })}
              </Typography>
              <CardPaymentForm
                amount={course.prices.totalPrice}
                currency={course.prices.currency}
                busy={state.matches({ cardEnrolling: 'paying' })}
                onToken={(cardToken) => send({ type: 'PAY', cardToken })}
              />
            </>
          ) : (
            <Typography>{t('student.enroll.noCardPrice')}</Typography>
          )}
          <Stack direction="row" spacing={2}>
            <Button onClick={() => send({ type: 'USE_CODE' })}>{t('student.enroll.useCode')}</Button>
            <Button onClick={revert}>{t('student.enroll.startOver')}</Button>
          </Stack>
        </Stack>
      )}

      {confirmingCode && course && context.codeWorth && (
        <CodeWorth
          worth={context.codeWorth}
          course={course}
          busy={state.matches({ code: 'redeeming' })}
          onConfirm={() => send({ type: 'CONFIRM' })}
          onBack={() => send({ type: 'BACK' })}
        />
      )}

      {state.matches('code') && !confirmingCode && course && (
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'REDEEM', code });
          }}
        >
          <Stack spacing={2}>
            <Typography>{t('student.enroll.enterCode', { course: course.name })}</Typography>
            <TextField
              label={t('student.enroll.code')}
              placeholder={CODE_EXAMPLE}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={!!context.error}
              helperText={context.error ?? ' '}
              slotProps={{ htmlInput: { 'data-testid': 'redemption-code', autoCapitalize: 'characters' } }}
            />
            <Stack direction="row" spacing={2}>
              <Button type="submit" variant="contained" disabled={state.matches({ code: 'checking' })}>
                {state.matches({ code: 'checking' }) ? t('student.enroll.checking') : t('student.enroll.check')}
              </Button>
              <Button onClick={() => send({ type: 'USE_CARD' })}>{t('student.enroll.useCard')}</Button>
              <Button onClick={revert}>{t('student.enroll.startOver')}</Button>
            </Stack>
          </Stack>
        </Box>
      )}

      {state.matches('outcome') && (
        <Outcome
          ok={!!context.result}
          title={t(`enrollment.outcome.title.${outcomeKey(context)}`)}
          message={
            context.result
              ? [
                  context.result.amount !== null ? t('student.enroll.charged', { amount: formatMoney(context.result.amount) }) : null,
                  t('student.enroll.minutesAdded', { minutes: context.result.minuteQuantity }),
                ]
                  .filter(Boolean)
                  .join(' ')
              : context.error
          }
          onRetry={() => send({ type: 'RETRY' })}
          onDone={
            context.result
              ? () => {
                  send({ type: 'REVERT' });
                  onClose?.();
                }
              : revert
          }
          doneLabel={t(context.result ? 'student.enroll.done' : 'student.enroll.startOver')}
          next={
            context.result
              ? { label: t('student.enroll.reserveFirst'), to: '/student/reserve', state: { courseId: course?.id } }
              : undefined
          }
        />
      )}
    </Paper>
  );
}
