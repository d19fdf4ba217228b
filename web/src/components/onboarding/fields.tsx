/**
 * The onboarding dialogs' fields and steps, each validated with the shared rules
 * (contracts/validation/profile.ts) through react-hook-form. The speaker dialog uses them all; the
 * student and instructor dialogs pick theirs.
 */
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import {
  BIO_MAX_LENGTH,
  CLEARABLE_FIELDS,
  HEADSHOT_MAX_BYTES,
  ProfileMessages,
  TEXT_RULES,
  dateOfBirthError,
  genderError,
  suggestDisplayName,
  textFieldError,
  type TextField as TextFieldName,
} from '../../../../contracts/validation/profile';
import { CountryField } from '../../settings/fields';
import type { MessageId } from '../../i18n/catalog';
import { useT } from '../../i18n/useT';
import { fieldLabel } from '../../settings/fieldLabel';
import { muiField } from '../fields';
import { localizeKnown } from '../../i18n/translate';

/** The form behind every step: strings, '' for nothing. */
export interface ProfileForm {
  givenName: string;
  surname: string;
  displayName: string;
  gender: string;
  dateOfBirth: string;
  currentCity: string;
  currentState: string;
  currentCountry: string;
  previousCity: string;
  previousCountry: string;
  school: string;
  bioDreamCareer: string;
  bioGoalsAre: string;
  bioHobbiesAre: string;
  headshotUrl: string;
}
export type FormField = keyof ProfileForm;

export interface StepProps {
  form: UseFormReturn<ProfileForm>;
  /** The person's today (YYYY-MM-DD, the browser's zone), for the birthday rule. */
  today: string;
  /** Whether the person typed their own display name (then no more suggestions). */
  displayNameEdited: MutableRefObject<boolean>;
  /** Uploads a picture and answers its URL (throws with the server's message). */
  uploadHeadshot(file: File): Promise<string>;
}

export interface OnboardingStepDef {
  key: string;
  title: MessageId;
  /** Fields validated before continuing and saved with changeUser. */
  fields: FormField[];
  /** Saves the browser's time zone with this step (the first one). */
  saveTimeZone?: boolean;
  render(props: StepProps): ReactNode;
}

/** A field's label in a step: the settings' own, but the hometown's city and country are just that on the hometown step. */
const labelOf = (name: TextFieldName): MessageId =>
  name === 'previousCity' ? fieldLabel('currentCity') : name === 'previousCountry' ? fieldLabel('currentCountry') : fieldLabel(name);

export function ProfileTextField({
  form,
  name,
  labelId,
  autoFocus,
  autoComplete,
  multiline,
  helper,
}: {
  form: UseFormReturn<ProfileForm>;
  name: TextFieldName;
  labelId?: MessageId;
  autoFocus?: boolean;
  autoComplete?: string;
  multiline?: boolean;
  helper?: MessageId;
}) {
  const t = useT();
  const required = !CLEARABLE_FIELDS.includes(name) || ['givenName', 'surname'].includes(name);
  const error = form.formState.errors[name]?.message;
  const length = [...(form.watch(name) ?? '')].length;
  const max = TEXT_RULES[name].max;
  const counter = multiline ? t('profile.count', { count: length, max: BIO_MAX_LENGTH }) : undefined;
  return (
    <TextField
      {...muiField(form.register(name, { validate: (v) => localizeKnown(textFieldError(name, v, { required })) ?? true }))}
      label={t(labelId ?? labelOf(name))}
      required={required}
      fullWidth
      autoFocus={autoFocus}
      autoComplete={autoComplete}
      multiline={multiline}
      minRows={multiline ? 5 : undefined}
      error={!!error}
      helperText={error ?? (helper ? t(helper) : counter)}
      slotProps={{ htmlInput: { maxLength: multiline ? undefined : max * 2 } }}
    />
  );
}

/** A step's opening words. */
export function StepIntro({ intro }: { intro: MessageId }) {
  const t = useT();
  return <Typography sx={{ mb: 2 }}>{t(intro)}</Typography>;
}

export const welcomeStep = (text: MessageId): OnboardingStepDef => ({
  key: 'welcome',
  title: 'onboarding.welcomeTitle',
  fields: [],
  saveTimeZone: true,
  render: () => <StepIntro intro={text} />,
});

export const realNameStep: OnboardingStepDef = {
  key: 'real-name',
  title: 'onboarding.realName.title',
  fields: ['givenName', 'surname'],
  render: ({ form }) => (
    <>
      <StepIntro intro="onboarding.realName.intro" />
      <Stack spacing={2}>
        <ProfileTextField form={form} name="givenName" autoComplete="given-name" />
        <ProfileTextField form={form} name="surname" autoComplete="family-name" />
      </Stack>
    </>
  ),
};

function DisplayNameField({ form, displayNameEdited }: StepProps) {
  const t = useT();
  // Suggested as the given name, the surname's initial and a period, until the person edits it.
  useEffect(() => {
    if (displayNameEdited.current) return;
    form.setValue('displayName', suggestDisplayName(form.getValues('givenName'), form.getValues('surname')));
  }, [form, displayNameEdited]);
  const registered = form.register('displayName', { validate: (v) => localizeKnown(textFieldError('displayName', v)) ?? true });
  const error = form.formState.errors.displayName?.message;
  return (
    <TextField
      {...muiField({
        ...registered,
        onChange: (event) => {
          displayNameEdited.current = true;
          return registered.onChange(event);
        },
      })}
      label={t('profile.field.displayName')}
      required
      fullWidth
      autoComplete="nickname"
      error={!!error}
      helperText={error ?? t('onboarding.displayName.help')}
    />
  );
}

export const displayNameStep: OnboardingStepDef = {
  key: 'display-name',
  title: 'onboarding.displayName.title',
  fields: ['displayName'],
  render: (props) => <DisplayNameField {...props} />,
};

/** A country with the server's suggestions, as the settings pages ask it (not free text alone). */
export function CountryInput({
  form,
  name = 'currentCountry',
  labelId = 'profile.field.currentCountry',
}: Pick<StepProps, 'form'> & { name?: 'currentCountry' | 'previousCountry'; labelId?: MessageId }) {
  const t = useT();
  const id = useId();
  const required = name === 'currentCountry';
  return (
    <Controller
      control={form.control}
      name={name}
      rules={{ validate: (v) => localizeKnown(textFieldError(name, v, { required })) ?? true }}
      render={({ field, fieldState }) => (
        <CountryField
          id={id}
          label={t(labelId)}
          required={required}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

export const currentLocationStep: OnboardingStepDef = {
  key: 'current-location',
  title: 'onboarding.currentLocation.title',
  fields: ['currentCity', 'currentState', 'currentCountry'],
  render: ({ form }) => (
    <Stack spacing={2}>
      <ProfileTextField form={form} name="currentCity" autoComplete="address-level2" />
      <ProfileTextField form={form} name="currentState" autoComplete="address-level1" />
      <CountryInput form={form} />
    </Stack>
  ),
};

export const hometownStep: OnboardingStepDef = {
  key: 'hometown',
  title: 'onboarding.hometown.title',
  fields: ['previousCity', 'previousCountry'],
  render: ({ form }) => (
    <>
      <StepIntro intro="onboarding.hometown.intro" />
      <Stack spacing={2}>
        <ProfileTextField form={form} name="previousCity" labelId="profile.field.previousCity" />
        <CountryInput form={form} name="previousCountry" labelId="profile.field.previousCountry" />
      </Stack>
    </>
  ),
};

export const schoolStep: OnboardingStepDef = {
  key: 'school',
  title: 'onboarding.school.title',
  fields: ['school'],
  render: ({ form }) => <ProfileTextField form={form} name="school" autoComplete="organization" />,
};

function GenderField({ form }: StepProps) {
  const t = useT();
  const labelId = useId();
  const error = form.formState.errors.gender?.message;
  return (
    <Controller
      control={form.control}
      name="gender"
      rules={{ validate: (v) => localizeKnown(genderError(v)) ?? true }}
      render={({ field }) => (
        <FormControl error={!!error} required>
          <FormLabel id={labelId}>{t('profile.field.gender')}</FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            name={field.name}
            value={field.value}
            onChange={(_e, v) => field.onChange(v)}
            onBlur={field.onBlur}
          >
            <FormControlLabel value="male" control={<Radio inputRef={field.ref} />} label={t('profile.gender.male')} />
            <FormControlLabel value="female" control={<Radio />} label={t('profile.gender.female')} />
          </RadioGroup>
          {error && <FormHelperText>{error}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

export const genderStep: OnboardingStepDef = {
  key: 'gender',
  title: 'onboarding.gender.title',
  fields: ['gender'],
  render: (props) => <GenderField {...props} />,
};

export const birthdayStep: OnboardingStepDef = {
  key: 'birthday',
  title: 'onboarding.birthday.title',
  fields: ['dateOfBirth'],
  render: (props) => <BirthdayField {...props} />,
};

function BirthdayField({ form, today }: StepProps) {
  const t = useT();
  const error = form.formState.errors.dateOfBirth?.message;
  return (
    <TextField
      {...muiField(form.register('dateOfBirth', { validate: (v) => localizeKnown(dateOfBirthError(v, today)) ?? true }))}
      type="date"
      label={t('profile.field.dateOfBirth')}
      required
      fullWidth
      autoComplete="bday"
      error={!!error}
      helperText={error ?? t('profile.birthdayHelp')}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
    />
  );
}

export const bioStep = (
  name: 'bioHobbiesAre' | 'bioDreamCareer' | 'bioGoalsAre',
  title: MessageId,
  intro: MessageId,
): OnboardingStepDef => ({
  key: name,
  title,
  fields: [name],
  render: ({ form }) => (
    <>
      <StepIntro intro={intro} />
      <ProfileTextField form={form} name={name} multiline />
    </>
  ),
});

function HeadshotField({ form, uploadHeadshot }: StepProps) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const url = form.watch('headshotUrl');
  const error = form.formState.errors.headshotUrl?.message;
  form.register('headshotUrl', { validate: (v) => (v ? true : localizeKnown(ProfileMessages.headshotRequired)) });

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > HEADSHOT_MAX_BYTES) {
      form.setError('headshotUrl', { message: localizeKnown(ProfileMessages.headshotTooLarge) });
      return;
    }
    setBusy(true);
    form.clearErrors('headshotUrl');
    try {
      form.setValue('headshotUrl', await uploadHeadshot(file), { shouldValidate: true });
    } catch (e) {
      form.setError('headshotUrl', { message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Stack spacing={2} alignItems="center">
      <Avatar src={url || undefined} alt={url ? t('profile.headshot.alt') : undefined} sx={{ width: 160, height: 160 }} variant="rounded" />
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hidden
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      <Button
        variant="outlined"
        component="label"
        htmlFor={inputId}
        disabled={busy}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            input.current?.click();
          }
        }}
        tabIndex={0}
        role="button"
      >
        {busy ? (
          <CircularProgress size={20} aria-label={t('profile.headshot.uploading')} />
        ) : url ? (
          t('profile.headshot.another')
        ) : (
          t('profile.headshot.upload')
        )}
      </Button>
      <Box role={error ? 'alert' : undefined}>
        <FormHelperText error={!!error} sx={{ textAlign: 'center' }}>
          {error ?? t('profile.headshot.help')}
        </FormHelperText>
      </Box>
    </Stack>
  );
}

export const headshotStep: OnboardingStepDef = {
  key: 'headshot',
  title: 'onboarding.headshot.title',
  fields: ['headshotUrl'],
  render: (props) => <HeadshotField {...props} />,
};
