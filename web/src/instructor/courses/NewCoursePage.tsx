/** /instructor/courses/new: createCourse with the shared course rules; on success, the course page. */
import { useMutation } from '@apollo/client';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { addMonths } from '../../../../contracts/calendarDate';
import { DURATIONS, LANGUAGES, PROFICIENCIES } from '../../../../contracts/enrollment';
import { courseFieldErrors } from '../../../../contracts/validation/enrollment';
import { FormAlert } from '../../components/FormAlert';
import { Page } from '../../components/Page';
import { notifySuccess } from '../../components/snackbars';
import { apiErrorsOf, errorMessage } from '../../lib/errors';
import { userToday } from '../../lib/time';
import { CREATE_COURSE } from './operations';

const QUIET = { context: { quiet: true } } as const;

export default function NewCoursePage() {
  const navigate = useNavigate();
  // The date fields hold calendar dates 'YYYY-MM-DD' and are sent as they are: a day, not an instant.
  const today = userToday();
  const [form, setForm] = useState({
    name: '',
    language: 'es',
    proficiency: 'beginner',
    durationRequirement: 15,
    completionRequirement: 4,
    startDate: today,
    endDate: addMonths(today, 3),
    school: '',
  });
  const [submitted, setSubmitted] = useState(false);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [create, { loading, error }] = useMutation(CREATE_COURSE, QUIET);
  const fields = courseFieldErrors({ ...form, startDate: form.startDate || null, endDate: form.endDate || null }, today);
  const problem = (key: string) => (submitted ? fields[key] ?? serverFields[key] : undefined);
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: ['durationRequirement', 'completionRequirement'].includes(key) ? Number(e.target.value) : e.target.value }));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(fields).length) return;
    try {
      const { data } = await create({
        variables: { input: { ...form, school: form.school.trim() || null } },
      });
      notifySuccess('The new course was created successfully!');
      navigate(`/instructor/courses/${data!.createCourse.course.id}`);
    } catch (err) {
      setServerFields((apiErrorsOf(err)[0]?.extensions?.fields as Record<string, string>) ?? {});
    }
  }

  return (
    <Page title="New course">
      <Stack component="form" noValidate spacing={2} sx={{ maxWidth: 560 }} onSubmit={submit}>
        <TextField label="Course name" value={form.name} onChange={set('name')} required error={!!problem('name')} helperText={problem('name')} />
        <TextField select label="Language" value={form.language} onChange={set('language')} error={!!problem('language')} helperText={problem('language')}>
          {LANGUAGES.map((l) => <MenuItem key={l.code} value={l.code}>{l.name}</MenuItem>)}
        </TextField>
        <TextField select label="Proficiency" value={form.proficiency} onChange={set('proficiency')}>
          {PROFICIENCIES.map((p) => <MenuItem key={p} value={p}>{p.charAt(0).toUpperCase() + p.slice(1)}</MenuItem>)}
        </TextField>
        <TextField select label="Conversation length" value={form.durationRequirement} onChange={set('durationRequirement')}>
          {DURATIONS.map((d) => <MenuItem key={d} value={d}>{d} minutes</MenuItem>)}
        </TextField>
        <TextField
          type="number"
          label="Required conversations"
          value={form.completionRequirement}
          onChange={set('completionRequirement')}
          error={!!problem('completionRequirement')}
          helperText={problem('completionRequirement')}
          slotProps={{ htmlInput: { min: 1, max: 100 } }}
        />
        <Stack direction="row" spacing={2}>
          <TextField type="date" label="Starts" value={form.startDate} onChange={set('startDate')} error={!!problem('startDate')} helperText={problem('startDate')} slotProps={{ inputLabel: { shrink: true } }} fullWidth />
          <TextField type="date" label="Ends" value={form.endDate} onChange={set('endDate')} error={!!problem('endDate')} helperText={problem('endDate')} slotProps={{ inputLabel: { shrink: true } }} fullWidth />
        </Stack>
        <TextField label="School (optional)" value={form.school} onChange={set('school')} />
        <FormAlert message={error ? errorMessage(error) : null} />
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={loading}>
            Create course
          </Button>
          <Button onClick={() => navigate('/instructor/courses/grid')}>Cancel</Button>
        </Stack>
      </Stack>
    </Page>
  );
}
