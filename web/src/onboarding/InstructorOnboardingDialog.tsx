/**
 * The instructor onboarding dialog (spec 3, Instructor): welcome, name, school, congratulations,
 * over the instructor's area while the account is onboarding. Each step is saved as it goes (the
 * welcome step saves the browser's time zone); onboardAccount(INSTRUCTOR) after the school.
 */
import Typography from '@mui/material/Typography';
import { OnboardingDialog } from '../components/onboarding/OnboardingDialog';
import { welcomeStep, type OnboardingStepDef } from '../components/onboarding/fields';
import { instructorSchoolStep, nameStep } from './steps';

export const INSTRUCTOR_ONBOARDING_STEPS: OnboardingStepDef[] = [
  welcomeStep(
    <>Welcome to Tertulia! Two quick questions, so your students know who runs their course. Your answers are saved as you go.</>,
  ),
  nameStep('Students see your display name beside your courses.'),
  instructorSchoolStep,
];

export function InstructorOnboardingDialog({ onDone }: { onDone(): void }) {
  return (
    <OnboardingDialog
      open
      role="INSTRUCTOR"
      steps={INSTRUCTOR_ONBOARDING_STEPS}
      congratulations={{
        title: 'Congratulations!',
        body: (
          <Typography>Your profile is ready. Next, create your first course and share its invite number with your students.</Typography>
        ),
        action: 'Go to my courses',
      }}
      onDone={onDone}
    />
  );
}
