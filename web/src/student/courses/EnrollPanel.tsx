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
import { courseEnrollmentMachine, outcomeTitle, type EnrollResult } from '../../machines/courseEnrollmentMachine';

const STEPS = ['Find', 'Acknowledge', 'Enroll', 'Outcome'];

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
    <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-label="Enroll in a course">
      <Typography variant="h6" component="h2" gutterBottom>
        Enroll in a course
      </Typography>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {STEPS.map((label) => {
          // A failed enrollment (a declined card, a refused code) is not a finished Enroll step.
          const failed = label === 'Enroll' && failedOutcome;
          return (
            <Step key={label} completed={failed ? false : undefined}>
              <StepLabel
                error={failed}
                optional={
                  failed ? (
                    <Typography variant="caption" color="error">
                      Not enrolled
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

      {state.matches('finding') && (
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'FIND', inviteNumber: typed });
          }}
        >
          <Typography gutterBottom>Enter the invite number your instructor gave you.</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="flex-start">
            <TextField
              label="Invite number"
              placeholder="123-456"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              error={!!context.error}
              helperText={context.error ?? ' '}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'invite-number' } }}
            />
            <Button type="submit" variant="contained" disabled={state.matches({ finding: 'searching' })} sx={{ mt: 1 }}>
              {state.matches({ finding: 'searching' }) ? 'Finding…' : 'Find course'}
            </Button>
            {onClose && (
              <Button onClick={onClose} sx={{ mt: 1 }}>
                Cancel
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
              Continue
            </Button>
            <Button onClick={revert}>Start over</Button>
          </Stack>
        </Stack>
      )}

      {state.matches('institutionalEnrolling') && course && (
        <Stack spacing={2}>
          <Typography>
            {course.name} is paid for by {course.owner?.school ?? 'your school'}: there is nothing to pay.
          </Typography>
          <Stack direction="row" spacing={2}>
            <Button
              variant="contained"
              disabled={state.matches({ institutionalEnrolling: 'submitting' })}
              onClick={() => send({ type: 'ENROLL' })}
            >
              Enroll
            </Button>
            <Button onClick={revert}>Start over</Button>
          </Stack>
        </Stack>
      )}

      {state.matches('cardEnrolling') && course && (
        <Stack spacing={2}>
          {course.prices ? (
            <>
              <Typography>
                {course.name}: {course.prices.totalQuantity} conversations at {formatMoney(course.prices.unitPrice, course.prices.currency)}{' '}
                each.
              </Typography>
              <CardPaymentForm
                amount={course.prices.totalPrice}
                currency={course.prices.currency}
                busy={state.matches({ cardEnrolling: 'paying' })}
                onToken={(cardToken) => send({ type: 'PAY', cardToken })}
              />
            </>
          ) : (
            <Typography>This course has no card price: Contact Sales, or use a redemption code.</Typography>
          )}
          <Stack direction="row" spacing={2}>
            <Button onClick={() => send({ type: 'USE_CODE' })}>Use a redemption code instead</Button>
            <Button onClick={revert}>Start over</Button>
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
            <Typography>Enter the ten-letter redemption code you were given for {course.name}.</Typography>
            <TextField
              label="Redemption code"
              placeholder="ABCDE FGHJK"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={!!context.error}
              helperText={context.error ?? ' '}
              slotProps={{ htmlInput: { 'data-testid': 'redemption-code', autoCapitalize: 'characters' } }}
            />
            <Stack direction="row" spacing={2}>
              <Button type="submit" variant="contained" disabled={state.matches({ code: 'checking' })}>
                {state.matches({ code: 'checking' }) ? 'Checking…' : 'Check code'}
              </Button>
              <Button onClick={() => send({ type: 'USE_CARD' })}>Pay by card instead</Button>
              <Button onClick={revert}>Start over</Button>
            </Stack>
          </Stack>
        </Box>
      )}

      {state.matches('outcome') && (
        <Outcome
          ok={!!context.result}
          title={outcomeTitle(context)}
          message={
            context.result
              ? [
                  context.result.amount !== null ? `Your card was charged ${formatMoney(context.result.amount)}.` : null,
                  `${context.result.minuteQuantity} minutes were added to your account.`,
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
          doneLabel={context.result ? 'Done' : 'Start over'}
          next={
            context.result
              ? { label: 'Reserve your first conversation', to: '/student/reserve', state: { courseId: course?.id } }
              : undefined
          }
        />
      )}
    </Paper>
  );
}
