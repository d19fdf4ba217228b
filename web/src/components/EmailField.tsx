import TextField from '@mui/material/TextField';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { muiField } from './fields';
import { localizeKnown } from '../i18n/translate';
import { useT } from '../i18n/useT';

/** The email address field of the auth forms: labelled, autofocused, with its error shown under it. */
export function EmailField({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  const t = useT();
  return (
    <TextField
      {...muiField(registration)}
      label={t('auth.email')}
      type="email"
      autoComplete="email"
      required
      fullWidth
      margin="normal"
      autoFocus
      error={Boolean(error)}
      helperText={localizeKnown(error)}
    />
  );
}
