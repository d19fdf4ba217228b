/**
 * Shows a role's onboarding dialog over a page while the account is still onboarding for that role
 * (spec 3: the student's over /student/home, the instructor's over the instructor's area). The page
 * renders underneath either way; the dialog (and its form code) loads only when it is needed.
 */
import { useQuery } from '@apollo/client';
import { graphql } from '../gql';
import { Suspense, lazy, type ReactNode } from 'react';
import { withMessages } from '../i18n/withMessages';

type OnboardingRole = 'STUDENT' | 'INSTRUCTOR';

const STUDENT_ONBOARDING = graphql(`
  query StudentOnboardingStatus {
    me {
      id
      account {
        id
        isOnboarding(role: STUDENT)
      }
    }
  }
`);
const INSTRUCTOR_ONBOARDING = graphql(`
  query InstructorOnboardingStatus {
    me {
      id
      account {
        id
        isOnboarding(role: INSTRUCTOR)
      }
    }
  }
`);

const StudentDialog = lazy(() =>
  withMessages('onboarding', () => import('./StudentOnboardingDialog'))().then((m) => ({ default: m.StudentOnboardingDialog })),
);
const InstructorDialog = lazy(() =>
  withMessages('instructor', () => import('./InstructorOnboardingDialog'))().then((m) => ({ default: m.InstructorOnboardingDialog })),
);

export function OnboardingGate({ role, children }: { role: OnboardingRole; children: ReactNode }) {
  const { data, refetch } = useQuery(role === 'STUDENT' ? STUDENT_ONBOARDING : INSTRUCTOR_ONBOARDING, { fetchPolicy: 'cache-and-network' });
  const onboarding = !!data?.me?.account.isOnboarding;
  const Dialog = role === 'STUDENT' ? StudentDialog : InstructorDialog;
  return (
    <>
      {children}
      {onboarding && (
        <Suspense fallback={null}>
          <Dialog onDone={() => void refetch().catch(() => null)} />
        </Suspense>
      )}
    </>
  );
}
