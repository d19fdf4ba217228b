import TextField from '@mui/material/TextField';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { muiField } from './fields';

/** The email address field of the auth forms: labelled, autofocused, with its error shown under it. */
export function EmailField({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  return (
    <TextField
      {...muiField(registration)}
      label="Email address"
      type="email"
      autoComplete="email"
      required
      fullWidth
      margin="normal"
      autoFocus
      error={Boolean(error)}
      helperText={error}
    />
  );
}
