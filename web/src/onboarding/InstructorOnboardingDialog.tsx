/**
 * The instructor onboarding dialog (spec 3, Instructor): welcome, name, school, congratulations,
 * over the instructor's area while the account is onboarding. Each step is saved as it goes (the
 * welcome step saves the browser's time zone); onboardAccount(INSTRUCTOR) after the school.
 */
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { OnboardingDialog } from '../components/onboarding/OnboardingDialog';
import { welcomeStep, type OnboardingStepDef } from '../components/onboarding/fields';
import { type Translate, useT } from '../i18n/useT';
import { instructorSchoolStep, nameStep } from './steps';

export const instructorOnboardingSteps = (t: Translate): OnboardingStepDef[] => [
  welcomeStep(t('instructor.onboarding.welcome')),
  nameStep(t('instructor.onboarding.displayName')),
  instructorSchoolStep,
];

export function InstructorOnboardingDialog({ onDone }: { onDone(): void }) {
  const t = useT();
  const steps = useMemo(() => instructorOnboardingSteps(t), [t]);
  return (
    <OnboardingDialog
      open
      role="INSTRUCTOR"
      steps={steps}
      congratulations={{
        title: t('instructor.onboarding.congratulations'),
        body: <Typography>{t('instructor.onboarding.ready')}</Typography>,
        action: t('instructor.onboarding.toCourses'),
      }}
      onDone={onDone}
    />
  );
}
