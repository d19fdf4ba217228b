/**
 * The student onboarding dialog (spec 3, /student/home): welcome, name, location, hobbies, dream
 * career, goals, congratulations. The shared dialog (components/onboarding) validates each step with
 * the shared rules, saves it with changeUser before the next (the welcome step saves the browser's
 * time zone) and calls onboardAccount(STUDENT) after the goals. The congratulations name the next step:
 * reserving a conversation for a student already in a course (one who came by an invite link),
 * joining one otherwise.
 */
import { useQuery } from '@apollo/client';
import Typography from '@mui/material/Typography';
import { OnboardingDialog } from '../components/onboarding/OnboardingDialog';
import { graphql } from '../gql';
import { useT } from '../i18n/useT';
import { bioStep, welcomeStep, type OnboardingStepDef } from '../components/onboarding/fields';
import { locationStep, nameStep } from './steps';

export const STUDENT_ONBOARDING_STEPS: OnboardingStepDef[] = [
  welcomeStep('onboarding.student.welcome'),
  nameStep('onboarding.student.displayName'),
  locationStep,
  bioStep('bioHobbiesAre', 'onboarding.hobbies.title', 'onboarding.student.hobbies'),
  bioStep('bioDreamCareer', 'onboarding.career.title', 'onboarding.student.career'),
  bioStep('bioGoalsAre', 'onboarding.goals.title', 'onboarding.student.goals'),
];

const STUDENT_COURSES_COUNT = graphql(`
  query StudentCoursesCount {
    me {
      id
      coursesCount(scope: current_or_upcoming)
    }
  }
`);

export function StudentOnboardingDialog({ onDone }: { onDone(): void }) {
  const t = useT();
  const enrolled = (useQuery(STUDENT_COURSES_COUNT).data?.me?.coursesCount ?? 0) > 0;
  return (
    <OnboardingDialog
      open
      role="STUDENT"
      steps={STUDENT_ONBOARDING_STEPS}
      congratulations={{
        title: t('onboarding.congratulations'),
        body: <Typography>{t(enrolled ? 'onboarding.student.readyEnrolled' : 'onboarding.student.ready')}</Typography>,
        action: t('onboarding.student.toHome'),
      }}
      onDone={onDone}
    />
  );
}
