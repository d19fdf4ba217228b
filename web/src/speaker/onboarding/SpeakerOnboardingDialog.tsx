/**
 * The speaker onboarding dialog (spec 3, "Speaker onboarding steps"): welcome, real name, display
 * name (suggested as 'Ana G.' until edited), current location, hometown (optional), school, gender,
 * birthday, hobbies, dream career, headshot, congratulations. The planner order
 * (speaker/planner/SpeakerPlanner.tsx) renders it while `me.account.isOnboarding(SPEAKER)` is true
 * and refetches on `onDone`. The steps and the dialog are shared with the other roles'
 * (components/onboarding).
 */
import Typography from '@mui/material/Typography';
import { OnboardingDialog } from '../../components/onboarding/OnboardingDialog';
import {
  bioStep,
  birthdayStep,
  currentLocationStep,
  displayNameStep,
  genderStep,
  headshotStep,
  hometownStep,
  realNameStep,
  schoolStep,
  welcomeStep,
  type OnboardingStepDef,
} from '../../components/onboarding/fields';

export const SPEAKER_ONBOARDING_STEPS: OnboardingStepDef[] = [
  welcomeStep(
    <>
      You passed your interview: welcome aboard! A few questions about you come next, so students know who they talk with. Your answers are
      saved as you go.
    </>,
  ),
  realNameStep,
  displayNameStep,
  currentLocationStep,
  hometownStep,
  schoolStep,
  genderStep,
  birthdayStep,
  bioStep('bioHobbiesAre', 'What are your hobbies?', 'Tell students what you enjoy: it gives them something to talk about.'),
  bioStep('bioDreamCareer', 'What is your dream career?', 'What would you love to do, and why?'),
  headshotStep,
];

export function SpeakerOnboardingDialog({ open = true, onDone }: { open?: boolean; onDone?(): void }) {
  return (
    <OnboardingDialog
      open={open}
      role="SPEAKER"
      steps={SPEAKER_ONBOARDING_STEPS}
      congratulations={{
        title: 'Congratulations!',
        body: <Typography>Your profile is ready. Next, open your availability so students can reserve conversations with you.</Typography>,
        action: 'Go to the planner',
      }}
      onDone={() => onDone?.()}
    />
  );
}

export default SpeakerOnboardingDialog;
