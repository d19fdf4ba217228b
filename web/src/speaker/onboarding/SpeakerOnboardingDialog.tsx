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
import { useT } from '../../i18n/useT';
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
  welcomeStep('onboarding.speaker.welcome'),
  realNameStep,
  displayNameStep,
  currentLocationStep,
  hometownStep,
  schoolStep,
  genderStep,
  birthdayStep,
  bioStep('bioHobbiesAre', 'onboarding.hobbies.title', 'onboarding.speaker.hobbies'),
  bioStep('bioDreamCareer', 'onboarding.career.title', 'onboarding.speaker.career'),
  headshotStep,
];

export function SpeakerOnboardingDialog({ open = true, onDone }: { open?: boolean; onDone?(): void }) {
  const t = useT();
  return (
    <OnboardingDialog
      open={open}
      role="SPEAKER"
      steps={SPEAKER_ONBOARDING_STEPS}
      congratulations={{
        title: t('onboarding.congratulations'),
        body: <Typography>{t('onboarding.speaker.ready')}</Typography>,
        action: t('onboarding.speaker.toPlanner'),
      }}
      onDone={() => onDone?.()}
    />
  );
}

export default SpeakerOnboardingDialog;
