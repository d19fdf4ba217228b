/**
 * A person's profile settings (spec 3, section 6, "Profile sections by role"; section 5 for the
 * rules): identification (the user ID read-only, the email address read-only unless the role may
 * change it), real names, display name and time zone for everyone; location for students and
 * speakers; school for instructors and speakers; hometown, gender, birthday and the hobbies and
 * dream career bios for speakers. Validated on blur with the shared rules (settingsFieldError, the
 * same module the server runs); only the fields that changed are sent with changeUser; the
 * server's field errors land on their fields and its message in an error snackbar.
 */
import { useMutation } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { todayIn } from '../../../contracts/calendarDate';
import { emailError } from '../../../contracts/validation/email';
import {
  BIO_MAX_LENGTH,
  SETTINGS_FIELDS,
  TEXT_RULES,
  settingsFieldError,
  settingsFieldsOf,
  type ProfileField,
  type SettingsRole,
  type TextField as TextFieldName,
} from '../../../contracts/validation/profile';
import { CHANGE_USER } from '../components/onboarding/operations';
import { muiField } from '../components/fields';
import { notifyError, notifyInfo, notifySuccess } from '../components/snackbars';
import { apiErrorsOf, errorMessage } from '../lib/errors';
import { CountryField, SchoolField, TimeZoneField } from './fields';
import { changedFields, formValuesOf, type Values } from './formValues';
import { fieldLabel } from './fieldLabel';
import { CHANGE_EMAIL_ADDRESS, type SettingsMe } from './operations';
import type { MessageId } from '../i18n/catalog';
import { translate } from '../i18n/translate';
import { useT } from '../i18n/useT';
import { localizeKnown } from '../i18n/translate';

/** The student settings' success message (spec 3, section 8, Student): 'The setting was updated successfully!'. */
export const SETTING_UPDATED_MESSAGE = 'profile.savedSetting' satisfies MessageId;
/** The instructor's and speaker's (spec 3, section 8, Instructor and speaker): 'The profile was changed successfully!'. */
export const PROFILE_CHANGED_MESSAGE = 'profile.saved' satisfies MessageId;

/** Puts the server's field errors on their fields; answers the message for a snackbar. */
export function applyServerErrors(
  error: unknown,
  setError: (field: ProfileField, message: string) => void,
  known: readonly string[],
): string {
  const fields = apiErrorsOf(error)[0]?.extensions?.fields as Record<string, string> | undefined;
  for (const [field, message] of Object.entries(fields ?? {})) if (known.includes(field)) setError(field as ProfileField, message);
  return errorMessage(error);
}

const AUTOCOMPLETE: Partial<Record<ProfileField, string>> = {
  givenName: 'given-name',
  surname: 'family-name',
  displayName: 'nickname',
  currentCity: 'address-level2',
  currentState: 'address-level1',
  previousCity: 'off',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" fontWeight={600} sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Box>
  );
}

function ProfileInput({
  form,
  role,
  field,
  today,
}: {
  form: UseFormReturn<Values>;
  role: SettingsRole;
  field: ProfileField;
  today: string;
}) {
  const t = useT();
  const id = useId();
  const required = (SETTINGS_FIELDS[role].required as readonly ProfileField[]).includes(field);
  const rules = { validate: (v: string) => localizeKnown(settingsFieldError(role, field, v, today)) ?? true };
  const error = form.formState.errors[field]?.message;
  const label = t(fieldLabel(field));

  if (field === 'currentCountry' || field === 'previousCountry' || field === 'school' || field === 'tzIdentifier') {
    const Field = field === 'school' ? SchoolField : field === 'tzIdentifier' ? TimeZoneField : CountryField;
    return (
      <Controller
        control={form.control}
        name={field}
        rules={rules}
        render={({ field: f }) => (
          <Field
            id={id}
            label={label}
            value={f.value}
            onChange={f.onChange}
            onBlur={f.onBlur}
            inputRef={f.ref}
            error={error}
            required={required}
            autoComplete={field === 'previousCountry' ? 'off' : undefined}
          />
        )}
      />
    );
  }
  if (field === 'gender') {
    return (
      <Controller
        control={form.control}
        name="gender"
        rules={rules}
        render={({ field: f }) => (
          <FormControl error={!!error} required>
            <FormLabel id={id}>{label}</FormLabel>
            <RadioGroup row aria-labelledby={id} name={f.name} value={f.value} onChange={(_e, v) => f.onChange(v)} onBlur={f.onBlur}>
              <FormControlLabel value="male" control={<Radio inputRef={f.ref} />} label={t('profile.gender.male')} />
              <FormControlLabel value="female" control={<Radio />} label={t('profile.gender.female')} />
            </RadioGroup>
            {error && <FormHelperText>{error}</FormHelperText>}
          </FormControl>
        )}
      />
    );
  }
  if (field === 'dateOfBirth') {
    return (
      <TextField
        {...muiField(form.register('dateOfBirth', rules))}
        type="date"
        label={label}
        required
        fullWidth
        autoComplete="bday"
        error={!!error}
        helperText={error ?? t('profile.birthdayHelp')}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
      />
    );
  }
  const multiline = field.startsWith('bio');
  const length = multiline ? [...(form.watch(field) ?? '')].length : 0;
  return (
    <TextField
      {...muiField(form.register(field, rules))}
      label={label}
      required={required}
      fullWidth
      multiline={multiline}
      minRows={multiline ? 4 : undefined}
      autoComplete={AUTOCOMPLETE[field]}
      error={!!error}
      helperText={error ?? (multiline ? t('profile.count', { count: length, max: BIO_MAX_LENGTH }) : undefined)}
      slotProps={{ htmlInput: { maxLength: multiline ? undefined : TEXT_RULES[field as TextFieldName].max * 2 } }}
    />
  );
}

/** The email address: read-only, or a field of its own with its own Save for the roles that may change it. */
function EmailAddress({ me, editable }: { me: SettingsMe; editable: boolean }) {
  const t = useT();
  const current = me.account.emailAddress;
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [change, { loading }] = useMutation(CHANGE_EMAIL_ADDRESS, { context: { quiet: true } });
  if (!editable) {
    return (
      <TextField
        label={t('auth.email')}
        value={current}
        fullWidth
        slotProps={{ htmlInput: { readOnly: true } }}
        helperText={t('profile.email.staffOnly')}
      />
    );
  }
  const save = async () => {
    const problem = emailError(value);
    setError(problem);
    if (problem) return;
    if (value.trim().toLowerCase() === current) {
      notifyInfo(translate('profile.nothingChanged'));
      return;
    }
    try {
      await change({ variables: { input: { userId: me.id, emailAddress: value.trim() } } });
      notifySuccess(translate(PROFILE_CHANGED_MESSAGE));
    } catch (e) {
      const fields = apiErrorsOf(e)[0]?.extensions?.fields as Record<string, string> | undefined;
      setError(fields?.emailAddress ?? null);
      notifyError(errorMessage(e));
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
      <TextField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => setError(emailError(value))}
        error={!!error}
        helperText={error ?? t('profile.email.help')}
        required
        fullWidth
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
      <Button variant="outlined" onClick={() => void save()} disabled={loading} sx={{ flexShrink: 0, mt: { sm: 1 } }}>
        {loading ? t('profile.saving') : t('profile.email.change')}
      </Button>
    </Stack>
  );
}

type SectionKey = 'name' | 'whereYouLive' | 'hometown' | 'aboutYou' | 'biography' | 'preferences';
interface SectionDef {
  key: SectionKey;
  fields: ProfileField[];
}

/** Which sections a role's form shows, and their fields (spec 3, section 6). */
function sectionsOf(role: SettingsRole): SectionDef[] {
  const has = new Set(settingsFieldsOf(role));
  const pick = (fields: ProfileField[]) => fields.filter((f) => has.has(f));
  const sections: SectionDef[] = [
    { key: 'name', fields: pick(['givenName', 'surname', 'displayName']) },
    { key: 'whereYouLive', fields: pick(['currentCity', 'currentState', 'currentCountry']) },
    { key: 'hometown', fields: pick(['previousCity', 'previousCountry']) },
    { key: 'aboutYou', fields: pick(['school', 'gender', 'dateOfBirth']) },
    { key: 'biography', fields: pick(['bioHobbiesAre', 'bioDreamCareer']) },
    { key: 'preferences', fields: pick(['tzIdentifier']) },
  ];
  return sections.filter((s) => s.fields.length);
}

export interface ProfileSettingsFormProps {
  me: SettingsMe;
  role: SettingsRole;
  /** The message after a save: the student's or the others'. */
  successMessage: MessageId;
  /** Whether the email address may be changed here (instructors, admins). */
  emailEditable?: boolean;
  titleId?: string;
}

export function ProfileSettingsForm({ me, role, successMessage, emailEditable = false, titleId }: ProfileSettingsFormProps) {
  const t = useT();
  const fields = settingsFieldsOf(role);
  const [saved, setSaved] = useState(() => formValuesOf(me, fields));
  const form = useForm<Values>({ defaultValues: saved, mode: 'onBlur', reValidateMode: 'onChange' });
  const [changeUser, { loading }] = useMutation(CHANGE_USER, { context: { quiet: true } });
  const today = todayIn(form.watch('tzIdentifier') || me.tzIdentifier);

  const save = form.handleSubmit(
    async (values) => {
      const input = changedFields(saved, values, fields);
      if (!Object.keys(input).length) {
        notifyInfo(translate('profile.nothingChanged'));
        return;
      }
      try {
        await changeUser({ variables: { input } });
        setSaved(values);
        form.reset(values);
        notifySuccess(translate(successMessage));
      } catch (e) {
        notifyError(applyServerErrors(e, (f, message) => form.setError(f, { message }), fields));
      }
    },
    () => undefined,
  );

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId ?? 'profile-settings-title'}>
      <CardContent>
        <Typography id={titleId ?? 'profile-settings-title'} variant="h6" component="h2" gutterBottom tabIndex={-1}>
          {t('profile.title')}
        </Typography>
        <Stack spacing={3}>
          <Section title={t('profile.section.identification')}>
            <TextField label={t('profile.userId')} value={me.id} fullWidth slotProps={{ htmlInput: { readOnly: true } }} />
            <EmailAddress me={me} editable={emailEditable} />
          </Section>
          <Box component="form" noValidate onSubmit={(e) => void save(e)} aria-label={t('profile.title')}>
            <Grid container spacing={3}>
              {sectionsOf(role).map((section) => (
                <Grid key={section.key} size={{ xs: 12, md: section.key === 'biography' ? 12 : 6 }}>
                  <Section title={t(`profile.section.${section.key}`)}>
                    {section.fields.map((f) => (
                      <ProfileInput key={f} form={form} role={role} field={f} today={today} />
                    ))}
                  </Section>
                </Grid>
              ))}
            </Grid>
            <Box sx={{ mt: 3 }}>
              <Button type="submit" variant="contained" disabled={loading}>
                {loading ? t('profile.saving') : t('profile.save')}
              </Button>
            </Box>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
