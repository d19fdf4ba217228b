/**
 * The instructor onboarding dialog (spec 3, Instructor): welcome, name, school, congratulations,
 * over the instructor's area while the account is onboarding. Each step is saved as it goes (the
 * welcome step saves the browser's time zone); onboardAccount(INSTRUCTOR) after the school.
 */
import Typography from '@mui/material/Typography';
import { OnboardingDialog } from '../components/onboarding/OnboardingDialog';
import { welcomeStep, type OnboardingStepDef } from '../components/onboarding/fields';
import { useT } from '../i18n/useT';
import { instructorSchoolStep, nameStep } from './steps';

export const INSTRUCTOR_ONBOARDING_STEPS: OnboardingStepDef[] = [
  welcomeStep('instructor.onboarding.welcome'),
  nameStep('instructor.onboarding.displayName'),
  instructorSchoolStep,
];

export function InstructorOnboardingDialog({ onDone }: { onDone(): void }) {
  const t = useT();
  return (
    <OnboardingDialog
      open
      role="INSTRUCTOR"
      steps={INSTRUCTOR_ONBOARDING_STEPS}
      congratulations={{
        title: t('instructor.onboarding.congratulations'),
        body: <Typography>{t('instructor.onboarding.ready')}</Typography>,
        action: t('instructor.onboarding.toCourses'),
      }}
      onDone={onDone}
    />
  );
}
