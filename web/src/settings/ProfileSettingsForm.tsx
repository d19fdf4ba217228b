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
import { CHANGE_EMAIL_ADDRESS, type SettingsMe } from './operations';

/** The student settings' success message (spec 3, section 8, Student). */
export const SETTING_UPDATED_MESSAGE = 'The setting was updated successfully!';
/** The instructor's and speaker's (spec 3, section 8, Instructor and speaker). */
export const PROFILE_CHANGED_MESSAGE = 'The profile was changed successfully!';
export const NOTHING_CHANGED_MESSAGE = 'Nothing to save: no field was changed.';

export const FIELD_LABELS: Record<ProfileField, string> = {
  givenName: 'Given name',
  surname: 'Surname',
  displayName: 'Display name',
  gender: 'Gender',
  dateOfBirth: 'Birthday',
  currentCity: 'City',
  currentState: 'State or province',
  currentCountry: 'Country',
  previousCity: 'Hometown city',
  previousCountry: 'Hometown country',
  school: 'School',
  bioDreamCareer: 'Your dream career',
  bioGoalsAre: 'Your goals',
  bioHobbiesAre: 'Your hobbies',
  tzIdentifier: 'Time zone',
  locale: 'Language',
};

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
  const id = useId();
  const required = (SETTINGS_FIELDS[role].required as readonly ProfileField[]).includes(field);
  const rules = { validate: (v: string) => settingsFieldError(role, field, v, today) ?? true };
  const error = form.formState.errors[field]?.message;
  const label = FIELD_LABELS[field];

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
              <FormControlLabel value="male" control={<Radio inputRef={f.ref} />} label="Male" />
              <FormControlLabel value="female" control={<Radio />} label="Female" />
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
        helperText={error ?? 'Students see your age, never your birthday.'}
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
      helperText={error ?? (multiline ? `${length.toLocaleString('en-US')} / ${BIO_MAX_LENGTH.toLocaleString('en-US')}` : undefined)}
      slotProps={{ htmlInput: { maxLength: multiline ? undefined : TEXT_RULES[field as TextFieldName].max * 2 } }}
    />
  );
}

/** The email address: read-only, or a field of its own with its own Save for the roles that may change it. */
function EmailAddress({ me, editable }: { me: SettingsMe; editable: boolean }) {
  const current = me.account.emailAddress;
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [change, { loading }] = useMutation(CHANGE_EMAIL_ADDRESS, { context: { quiet: true } });
  if (!editable) {
    return (
      <TextField
        label="Email address"
        value={current}
        fullWidth
        slotProps={{ htmlInput: { readOnly: true } }}
        helperText="Only Tertulia's staff can change it."
      />
    );
  }
  const save = async () => {
    const problem = emailError(value);
    setError(problem);
    if (problem) return;
    if (value.trim().toLowerCase() === current) {
      notifyInfo(NOTHING_CHANGED_MESSAGE);
      return;
    }
    try {
      await change({ variables: { input: { userId: me.id, emailAddress: value.trim() } } });
      notifySuccess(PROFILE_CHANGED_MESSAGE);
    } catch (e) {
      const fields = apiErrorsOf(e)[0]?.extensions?.fields as Record<string, string> | undefined;
      setError(fields?.emailAddress ?? null);
      notifyError(errorMessage(e));
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => setError(emailError(value))}
        error={!!error}
        helperText={error ?? 'You sign in with it; Tertulia mails you there.'}
        required
        fullWidth
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
      <Button variant="outlined" onClick={() => void save()} disabled={loading} sx={{ flexShrink: 0, mt: { sm: 1 } }}>
        {loading ? 'Saving…' : 'Change email'}
      </Button>
    </Stack>
  );
}

/** Which sections a role's form shows, and their fields (spec 3, section 6). */
function sectionsOf(role: SettingsRole): { title: string; fields: ProfileField[] }[] {
  const has = new Set(settingsFieldsOf(role));
  const pick = (fields: ProfileField[]) => fields.filter((f) => has.has(f));
  return [
    { title: 'Name', fields: pick(['givenName', 'surname', 'displayName']) },
    { title: 'Where you live', fields: pick(['currentCity', 'currentState', 'currentCountry']) },
    { title: 'Hometown (optional)', fields: pick(['previousCity', 'previousCountry']) },
    { title: 'About you', fields: pick(['school', 'gender', 'dateOfBirth']) },
    { title: 'Biography', fields: pick(['bioHobbiesAre', 'bioDreamCareer']) },
    { title: 'Preferences', fields: pick(['tzIdentifier']) },
  ].filter((s) => s.fields.length);
}

export interface ProfileSettingsFormProps {
  me: SettingsMe;
  role: SettingsRole;
  /** The message after a save: the student's or the others'. */
  successMessage: string;
  /** Whether the email address may be changed here (instructors, admins). */
  emailEditable?: boolean;
  titleId?: string;
}

export function ProfileSettingsForm({ me, role, successMessage, emailEditable = false, titleId }: ProfileSettingsFormProps) {
  const fields = settingsFieldsOf(role);
  const [saved, setSaved] = useState(() => formValuesOf(me, fields));
  const form = useForm<Values>({ defaultValues: saved, mode: 'onBlur', reValidateMode: 'onChange' });
  const [changeUser, { loading }] = useMutation(CHANGE_USER, { context: { quiet: true } });
  const today = todayIn(form.watch('tzIdentifier') || me.tzIdentifier);

  const save = form.handleSubmit(
    async (values) => {
      const input = changedFields(saved, values, fields);
      if (!Object.keys(input).length) {
        notifyInfo(NOTHING_CHANGED_MESSAGE);
        return;
      }
      try {
        await changeUser({ variables: { input } });
        setSaved(values);
        form.reset(values);
        notifySuccess(successMessage);
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
          Profile
        </Typography>
        <Stack spacing={3}>
          <Section title="Identification">
            <TextField label="User ID" value={me.id} fullWidth slotProps={{ htmlInput: { readOnly: true } }} />
            <EmailAddress me={me} editable={emailEditable} />
          </Section>
          <Box component="form" noValidate onSubmit={(e) => void save(e)} aria-label="Profile">
            <Grid container spacing={3}>
              {sectionsOf(role).map((section) => (
                <Grid key={section.title} size={{ xs: 12, md: section.title === 'Biography' ? 12 : 6 }}>
                  <Section title={section.title}>
                    {section.fields.map((f) => (
                      <ProfileInput key={f} form={form} role={role} field={f} today={today} />
                    ))}
                  </Section>
                </Grid>
              ))}
            </Grid>
            <Box sx={{ mt: 3 }}>
              <Button type="submit" variant="contained" disabled={loading}>
                {loading ? 'Saving…' : 'Save'}
              </Button>
            </Box>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
