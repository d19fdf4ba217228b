/**
 * The course form of /instructor/courses/new and /:id/edit: createCourse's rules from the shared
 * module (contracts/validation/enrollment), checked on submit; the server's field errors shown
 * beside their fields, anything else above the buttons; after a failed submit the first field in
 * error takes the focus. Fields the edit may not change (locks) are shown disabled with the reason.
 */
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type ReactNode } from 'react';
import { DURATIONS, LANGUAGES, PROFICIENCIES, type Proficiency } from '../../../../contracts/enrollment';
import { CourseMessages, courseFieldErrors } from '../../../../contracts/validation/enrollment';
import { FormAlert } from '../../components/FormAlert';
import { apiErrorsOf, errorMessage } from '../../lib/errors';
import { userToday } from '../../lib/time';
import { languageName } from '../../lib/languageName';
import { localizeKnown } from '../../i18n/translate';
import { useT } from '../../i18n/useT';

export interface CourseFormValues {
  name: string;
  language: string;
  proficiency: Proficiency;
  durationRequirement: number;
  completionRequirement: number;
  /** Calendar dates 'YYYY-MM-DD', sent as they are: a day, not an instant. */
  startDate: string;
  endDate: string;
  school: string;
}

/** Why a field cannot change (shown as its helper text), or nothing. */
export interface CourseFormLocks {
  language?: string | null;
  durationRequirement?: string | null;
  completionRequirement?: string | null;
}

const ORDER: (keyof CourseFormValues)[] = [
  'name',
  'language',
  'proficiency',
  'durationRequirement',
  'completionRequirement',
  'startDate',
  'endDate',
  'school',
];
const fieldId = (key: string) => `course-${key}`;

export function CourseForm({
  initial,
  submitLabel,
  busy,
  showSchool = false,
  locks = {},
  notes = {},
  keepEndDate = null,
  onSubmit,
  onCancel,
}: {
  initial: CourseFormValues;
  submitLabel: string;
  busy: boolean;
  showSchool?: boolean;
  locks?: CourseFormLocks;
  /** Helper text for a field when it shows no error (e.g. what a lower lesson count does). */
  notes?: Partial<Record<keyof CourseFormValues, ReactNode>>;
  /** An end date the course already has: kept as it is, it is never refused as past (the server's rule). */
  keepEndDate?: string | null;
  /** Saves; a thrown API error's field errors go beside the fields, anything else above the buttons. */
  onSubmit: (values: CourseFormValues) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useT();
  const [form, setForm] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [focusFirst, setFocusFirst] = useState(0);
  const today = userToday();
  const fields = courseFieldErrors({ ...form, startDate: form.startDate || null, endDate: form.endDate || null }, today);
  if (keepEndDate && form.endDate === keepEndDate && fields.endDate === CourseMessages.endInPast) delete fields.endDate;
  const problem = (key: string) => (submitted ? localizeKnown(fields[key] ?? serverFields[key]) : undefined);

  // After a failed submit: the first field in error takes the focus (its message is its description).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per failed submit (focusFirst counts them), not as the problems change while typing
  useEffect(() => {
    if (!focusFirst) return;
    const first = ORDER.find((key) => problem(key));
    if (first) document.getElementById(fieldId(first))?.focus();
  }, [focusFirst]);

  const set = (key: keyof CourseFormValues) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = ['durationRequirement', 'completionRequirement'].includes(key) ? Number(e.target.value) : e.target.value;
    setForm((f) => ({ ...f, [key]: value }));
    // A server error speaks of the value it was given: a new value clears it.
    setServerFields(({ [key]: _gone, ...rest }) => rest);
  };
  const helper = (key: keyof CourseFormValues) => problem(key) ?? (locks as Record<string, string | null | undefined>)[key] ?? notes[key];

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (Object.keys(fields).length) {
      setFocusFirst((n) => n + 1);
      return;
    }
    try {
      await onSubmit(form);
    } catch (err) {
      const given = (apiErrorsOf(err)[0]?.extensions?.fields as Record<string, string> | undefined) ?? {};
      const shown = ORDER.some((key) => given[key]);
      setServerFields(given);
      setFailure(shown ? null : errorMessage(err));
      setFocusFirst((n) => n + 1);
    }
  }

  const common = (key: keyof CourseFormValues) => ({ id: fieldId(key), error: !!problem(key), helperText: helper(key) });
  return (
    <Stack component="form" noValidate spacing={2} sx={{ maxWidth: 560 }} onSubmit={submit}>
      <TextField label={t('instructor.courseForm.name')} value={form.name} onChange={set('name')} required {...common('name')} />
      <TextField
        select
        label={t('instructor.courseForm.language')}
        value={form.language}
        onChange={set('language')}
        disabled={!!locks.language}
        {...common('language')}
      >
        {LANGUAGES.map((l) => (
          <MenuItem key={l.code} value={l.code}>
            {languageName(l.code)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('instructor.courseForm.proficiency')}
        value={form.proficiency}
        onChange={set('proficiency')}
        {...common('proficiency')}
      >
        {PROFICIENCIES.map((p) => (
          <MenuItem key={p} value={p}>
            {t(`student.courses.level.${p}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('instructor.courseForm.length')}
        value={form.durationRequirement}
        onChange={set('durationRequirement')}
        disabled={!!locks.durationRequirement}
        {...common('durationRequirement')}
      >
        {DURATIONS.map((d) => (
          <MenuItem key={d} value={d}>
            {t('instructor.courseForm.minutes', { minutes: d })}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="number"
        label={t('instructor.courseForm.required')}
        value={form.completionRequirement}
        onChange={set('completionRequirement')}
        disabled={!!locks.completionRequirement}
        slotProps={{ htmlInput: { min: 1, max: 100 } }}
        {...common('completionRequirement')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          type="date"
          label={t('instructor.courseForm.starts')}
          value={form.startDate}
          onChange={set('startDate')}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth
          {...common('startDate')}
        />
        <TextField
          type="date"
          label={t('instructor.courseForm.ends')}
          value={form.endDate}
          onChange={set('endDate')}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth
          {...common('endDate')}
        />
      </Stack>
      {showSchool && (
        <TextField label={t('instructor.courseForm.school')} value={form.school} onChange={set('school')} {...common('school')} />
      )}
      <FormAlert message={failure} />
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" disabled={busy}>
          {submitLabel}
        </Button>
        <Button onClick={onCancel}>{t('instructor.courseForm.cancel')}</Button>
      </Stack>
    </Stack>
  );
}
