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
import { bioStep, welcomeStep, type OnboardingStepDef } from '../components/onboarding/fields';
import { locationStep, nameStep } from './steps';

export const STUDENT_ONBOARDING_STEPS: OnboardingStepDef[] = [
  welcomeStep(
    <>
      Welcome! Before your first conversation, tell us a little about yourself: your speakers read it to get to know you. It takes two
      minutes, and your answers are saved as you go.
    </>,
  ),
  nameStep('Your speakers see your display name; only Tertulia’s staff and your instructors see your full name.'),
  locationStep,
  bioStep('bioHobbiesAre', 'What are your hobbies?', 'What do you enjoy doing? It gives you and your speaker something to talk about.'),
  bioStep('bioDreamCareer', 'What is your dream career?', 'What would you love to do one day, and why?'),
  bioStep('bioGoalsAre', 'What are your goals?', 'What do you want to be able to do with the language you are learning?'),
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
  const enrolled = (useQuery(STUDENT_COURSES_COUNT).data?.me?.coursesCount ?? 0) > 0;
  return (
    <OnboardingDialog
      open
      role="STUDENT"
      steps={STUDENT_ONBOARDING_STEPS}
      congratulations={{
        title: 'Congratulations!',
        body: (
          <Typography>
            {enrolled
              ? 'Your profile is ready. Next, reserve a conversation with a native speaker from Reserve Time.'
              : 'Your profile is ready. Next, join your course with its invite number, or try a course adventure.'}
          </Typography>
        ),
        action: 'Go to my home',
      }}
      onDone={onDone}
    />
  );
}
