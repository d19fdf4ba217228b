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
import type { MessageId } from '../i18n/catalog';
import { translate } from '../i18n/translate';
import { useT } from '../i18n/useT';
import { fieldLabel } from './fieldLabel';
import { SETTING_UPDATED_MESSAGE, applyServerErrors } from './ProfileSettingsForm';
import type { SettingsMe } from './operations';
import { localizeKnown } from '../i18n/translate';

export type BioField = 'bioHobbiesAre' | 'bioDreamCareer' | 'bioGoalsAre';

export function BioPanel({
  me,
  field,
  titleMessage,
  introMessage,
  titleId,
}: {
  me: SettingsMe;
  field: BioField;
  titleMessage: MessageId;
  introMessage: MessageId;
  titleId: string;
}) {
  const t = useT();
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
      notifyInfo(translate('profile.nothingChanged'));
      return;
    }
    try {
      await changeUser({ variables: { input: { [field]: value } } });
      setSaved(value);
      notifySuccess(translate(SETTING_UPDATED_MESSAGE));
    } catch (e) {
      notifyError(applyServerErrors(e, (f, message) => form.setError(f as BioField, { message }), [field]));
    }
  });

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2" gutterBottom tabIndex={-1}>
          {t(titleMessage)}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t(introMessage)}
        </Typography>
        <Box component="form" noValidate onSubmit={(e) => void save(e)}>
          <TextField
            {...muiField(form.register(field, { validate: (v) => localizeKnown(bioError(field, v)) ?? true }))}
            label={t(fieldLabel(field))}
            required
            fullWidth
            multiline
            minRows={5}
            error={!!error}
            helperText={error ?? t('profile.count', { count: length, max: BIO_MAX_LENGTH })}
          />
          <Button type="submit" variant="contained" disabled={loading} sx={{ mt: 2 }}>
            {loading ? t('profile.saving') : t('profile.save')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
