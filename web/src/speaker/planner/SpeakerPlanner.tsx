/**
 * /speaker/planner — the speaker planner order (spec 3): no speaking record → needs_invitation;
 * not promoted → the interview dialog (refreshed every 10 s); onboarding → the onboarding dialog;
 * otherwise the planner. A speaker who sees the promotion arrive in the interview dialog moves on
 * with 'Begin Onboarding'.
 */
import { useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import { lazy, Suspense, useEffect, useState } from 'react';
import { lazyNamed } from '../../lib/lazyNow';
import { Navigate } from 'react-router-dom';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { useT } from '../../i18n/useT';
import { withMessages } from '../../i18n/withMessages';
import { errorMessage } from '../../lib/errors';
import { PlannerWeek } from './PlannerWeek';
import { INTERVIEW_POLL_MS, MY_SPEAKING } from './speakingOperations';

// A candidate's and an onboarding speaker's dialogs load when shown: the planner is the speaker's landing page (issue 31).
const InterviewDialog = lazyNamed(
  () => import('./InterviewDialog'),
  (m) => m.InterviewDialog,
);
const SpeakerOnboardingDialog = lazy(withMessages('onboarding', () => import('../onboarding/SpeakerOnboardingDialog')));

export default function SpeakerPlanner() {
  const t = useT();
  const [inInterview, setInInterview] = useState(false);
  const [beganOnboarding, setBeganOnboarding] = useState(false);
  const { data, error, refetch } = useQuery(MY_SPEAKING, { fetchPolicy: 'cache-and-network', notifyOnNetworkStatusChange: false });
  const speaking = data?.me?.speaking ?? null;
  const promoted = !!speaking?.isPromoted;
  const showInterview = !!speaking && (!promoted || (inInterview && !beganOnboarding));

  useEffect(() => {
    if (speaking && !promoted) setInInterview(true);
  }, [speaking, promoted]);
  useEffect(() => {
    if (!showInterview) return;
    const timer = setInterval(() => void refetch().catch(() => {}), INTERVIEW_POLL_MS);
    return () => clearInterval(timer);
  }, [showInterview, refetch]);

  if (!data) {
    if (error) {
      return (
        <Page title={t('speaker.planner.title')}>
          <Alert severity="error">{errorMessage(error)}</Alert>
        </Page>
      );
    }
    return <Loading label={t('speaker.planner.loading')} />;
  }
  if (!speaking) return <Navigate to="/speaker/planner/needs_invitation" replace />;
  if (showInterview) {
    return (
      <Page title={t('speaker.planner.title')}>
        <Suspense fallback={<Loading />}>
          <InterviewDialog speaking={speaking} onBeginOnboarding={() => setBeganOnboarding(true)} />
        </Suspense>
      </Page>
    );
  }
  if (data.me?.account.isOnboarding) {
    return (
      <Page title={t('speaker.planner.title')}>
        <Suspense fallback={<Loading />}>
          <SpeakerOnboardingDialog onDone={() => void refetch()} />
        </Suspense>
      </Page>
    );
  }
  return <PlannerWeek />;
}
