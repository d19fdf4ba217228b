/**
 * Steps of the student and instructor onboarding dialogs (spec 3) beside the shared ones
 * (components/onboarding/fields): the name step (real name and display name together, the display
 * name suggested as 'Ana G.' until edited), the location step with the country suggested from
 * lookupCountries, and the school step suggested from lookupSchools. Every field keeps the shared
 * rules (contracts/validation/profile.ts).
 */
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { suggestDisplayName, textFieldError } from '../../../contracts/validation/profile';
import { CountryInput, ProfileTextField, StepIntro, type OnboardingStepDef, type StepProps } from '../components/onboarding/fields';
import type { MessageId } from '../i18n/catalog';
import { useT } from '../i18n/useT';
import { SchoolField } from '../settings/fields';
import { localizeKnown } from '../i18n/translate';

function NameFields({ form, displayNameEdited }: StepProps) {
  const suggest = () => {
    if (displayNameEdited.current) return;
    form.setValue('displayName', suggestDisplayName(form.getValues('givenName'), form.getValues('surname')));
  };
  return (
    <Stack spacing={2}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: hears the change and blur events bubbling up from the two fields inside; it is not a control itself */}
      <div onChange={suggest} onBlur={suggest}>
        <Stack spacing={2}>
          <ProfileTextField form={form} name="givenName" autoComplete="given-name" />
          <ProfileTextField form={form} name="surname" autoComplete="family-name" />
        </Stack>
      </div>
      <div
        onChange={(e) => {
          if ((e.target as HTMLInputElement).name === 'displayName') displayNameEdited.current = true;
        }}
      >
        <ProfileTextField form={form} name="displayName" autoComplete="nickname" helper="onboarding.name.displayHelp" />
      </div>
    </Stack>
  );
}

export const nameStep = (intro: MessageId): OnboardingStepDef => ({
  key: 'name',
  title: 'onboarding.name.title',
  fields: ['givenName', 'surname', 'displayName'],
  render: (props) => (
    <>
      <StepIntro intro={intro} />
      <NameFields {...props} />
    </>
  ),
});

export const locationStep: OnboardingStepDef = {
  key: 'location',
  title: 'onboarding.location.title',
  fields: ['currentCity', 'currentState', 'currentCountry'],
  render: (props) => (
    <>
      <StepIntro intro="onboarding.location.intro" />
      <Stack spacing={2}>
        <ProfileTextField form={props.form} name="currentCity" autoComplete="address-level2" />
        <ProfileTextField form={props.form} name="currentState" autoComplete="address-level1" />
        <CountryInput {...props} />
      </Stack>
    </>
  ),
};

function SchoolInput({ form }: StepProps) {
  const t = useT();
  const id = useId();
  return (
    <Controller
      control={form.control}
      name="school"
      rules={{ validate: (v) => localizeKnown(textFieldError('school', v)) ?? true }}
      render={({ field, fieldState }) => (
        <SchoolField
          id={id}
          label={t('profile.field.school')}
          required
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
          helperText={t('onboarding.teach.help')}
        />
      )}
    />
  );
}

export const instructorSchoolStep: OnboardingStepDef = {
  key: 'school',
  title: 'onboarding.teach.title',
  fields: ['school'],
  render: (props) => <SchoolInput {...props} />,
};
