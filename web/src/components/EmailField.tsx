import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { localizeKnown } from '../i18n/translate';
import { useT } from '../i18n/useT';

/** How a form wires an input: react-hook-form's `muiField(register(…))`, or a plain value and handler. */
export type FieldWiring = Pick<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'disabled'>;

/** The email address field of the auth forms: labelled, autofocused, with its error shown under it. */
export function EmailField({ field, error }: { field: FieldWiring; error?: string }) {
  const t = useT();
  return (
    <TextField
      {...field}
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
