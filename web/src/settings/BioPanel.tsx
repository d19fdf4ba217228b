/**
 * One biography of the student settings (hobbies, dream career, goals): the bio rules of spec 3,
 * section 5 (required, 10 to 10,000 characters), checked on blur by the shared module and again by
 * the server; 'The setting was updated successfully!' once saved.
 */
import { useMutation } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { BIO_MAX_LENGTH, bioError } from '../../../contracts/validation/profile';
import { CHANGE_USER } from '../components/onboarding/operations';
import { muiField } from '../components/fields';
import { notifyError, notifyInfo, notifySuccess } from '../components/snackbars';
import { FIELD_LABELS, NOTHING_CHANGED_MESSAGE, SETTING_UPDATED_MESSAGE, applyServerErrors } from './ProfileSettingsForm';
import type { SettingsMe } from './operations';

export type BioField = 'bioHobbiesAre' | 'bioDreamCareer' | 'bioGoalsAre';

export function BioPanel({
  me,
  field,
  title,
  intro,
  titleId,
}: {
  me: SettingsMe;
  field: BioField;
  title: string;
  intro: string;
  titleId: string;
}) {
  const [saved, setSaved] = useState(me[field] ?? '');
  const form = useForm<Record<BioField, string>>({
    defaultValues: { [field]: saved } as Record<BioField, string>,
    mode: 'onBlur',
    reValidateMode: 'onChange',
  });
  const [changeUser, { loading }] = useMutation(CHANGE_USER, { context: { quiet: true } });
  const error = form.formState.errors[field]?.message;
  const length = [...(form.watch(field) ?? '')].length;

  const save = form.handleSubmit(async (values) => {
    const value = values[field].trim();
    if (value === saved.trim()) {
      notifyInfo(NOTHING_CHANGED_MESSAGE);
      return;
    }
    try {
      await changeUser({ variables: { input: { [field]: value } } });
      setSaved(value);
      notifySuccess(SETTING_UPDATED_MESSAGE);
    } catch (e) {
      notifyError(applyServerErrors(e, (f, message) => form.setError(f as BioField, { message }), [field]));
    }
  });

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2" gutterBottom tabIndex={-1}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
        <Box component="form" noValidate onSubmit={(e) => void save(e)}>
          <TextField
            {...muiField(form.register(field, { validate: (v) => bioError(field, v) ?? true }))}
            label={FIELD_LABELS[field]}
            required
            fullWidth
            multiline
            minRows={5}
            error={!!error}
            helperText={error ?? `${length.toLocaleString('en-US')} / ${BIO_MAX_LENGTH.toLocaleString('en-US')}`}
          />
          <Button type="submit" variant="contained" disabled={loading} sx={{ mt: 2 }}>
            {loading ? 'Saving…' : 'Save'}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
