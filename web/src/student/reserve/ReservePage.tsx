/**
 * /student/reserve (spec 2, Reservation; the reserve flow): choose a course and lesson (or a
 * language without a course), search speakers and dates, pick an opening, confirm, reserve. The
 * flow is `reservationMachine`; this page gives it the calls and shows its states. Times are in
 * the student's zone (`me.tzIdentifier`, else America/New_York) in the spec's `h:mma`.
 */
import { useApolloClient, useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { Suspense, useEffect, useMemo } from 'react';
import { lazyNamed } from '../../lib/lazyNow';
import { useLocation, useNavigate } from 'react-router-dom';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { notifySuccess } from '../../components/snackbars';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';
import { userZone } from '../../lib/time';
import { preloadWhenPageLoaded } from '../../lib/whenPageLoaded';
import type { ReservationInput } from '../../machines/reservationMachine';
import { RESERVE_SETUP, reservableLessons, type ReserveSetupData } from './operations';
import { ChooseStep } from './ChooseStep';
import { useReservation, type Me } from './flow';

// The speaker search (its autocomplete, tabs and chips: about 25 KB) and the confirmation (the
// speaker's profile with its tabs) load when the flow reaches them, or once the page has loaded,
// not with the page, which opens on the first step (issue 31).
const loadSearchStep = () => import('./SearchStep');
const loadConfirmStep = () => import('./ConfirmStep');
const SearchStep = lazyNamed(loadSearchStep, (m) => m.SearchStep);
const ConfirmStep = lazyNamed(loadConfirmStep, (m) => m.ConfirmStep);

const STEPS = ['student.reserve.step.choose', 'student.reserve.step.search', 'student.reserve.step.confirm'] as const;

function ReservationFlow({ data, input }: { data: ReserveSetupData & { me: Me }; input: ReservationInput }) {
  const t = useT();
  const client = useApolloClient();
  const navigate = useNavigate();
  const zone = userZone(data.me.tzIdentifier);
  const [state, send] = useReservation(client, zone, input);
  const step = state.matches('choosing') ? 0 : state.matches('searching') ? 1 : 2;
  useEffect(() => preloadWhenPageLoaded(loadSearchStep, loadConfirmStep), []);
  if (state.matches('reserved')) {
    // Leave once; the header's minutes follow through their subscription.
    queueMicrotask(() => {
      notifySuccess(t('student.reserve.reserved'));
      navigate('/student/home', { replace: true });
    });
  }
  return (
    <Stack spacing={3}>
      <Stepper activeStep={step} alternativeLabel aria-label={t('student.reserve.steps')}>
        {STEPS.map((id) => (
          <Step key={id}>
            <StepLabel>{t(id)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {step === 0 && <ChooseStep me={data.me} languages={data.lookupLanguages} state={state} send={send} />}
      {step === 1 && (
        <Suspense fallback={<Loading />}>
          <SearchStep zone={zone} state={state} send={send} />
        </Suspense>
      )}
      {step === 2 && state.context.opening && (
        <Suspense fallback={<Loading />}>
          <ConfirmStep me={data.me} zone={zone} state={state} send={send} />
        </Suspense>
      )}
    </Stack>
  );
}

export default function ReservePage() {
  const t = useT();
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
    <Page title={t('student.reserve.title')}>
      {error && !data ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : !me || !data ? (
        <Loading label={t('student.reserve.loading')} />
      ) : (
        <ReservationFlow data={{ ...data, me }} input={input} />
      )}
    </Page>
  );
}
