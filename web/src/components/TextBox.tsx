/**
 * A labelled, outlined, small text box as MUI's TextField draws one, made of its parts: TextField
 * itself imports Select (with SelectInput, NativeSelect and the filled and standard inputs), which a
 * page then loaded for a text box (issue 31). The sidebars' searches and the conversation's chat.
 * A hint under the box is drawn as FormHelperText draws it (caption, secondary, 3 px × 14 px) with
 * Typography, which every page has: FormHelperText would add ~1 KB to every staff page's first load.
 */
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

type InputProps = Pick<
  OutlinedInputProps,
  'value' | 'onChange' | 'onKeyDown' | 'inputRef' | 'startAdornment' | 'endAdornment' | 'inputProps' | 'multiline' | 'maxRows'
>;

export function TextBox({ label, helperText, ...input }: InputProps & { label: string; helperText?: string }) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl size="small" fullWidth variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} {...input} aria-describedby={helperText ? helperId : undefined} />
      {helperText && (
        <Typography id={helperId} variant="caption" color="text.secondary" sx={{ mt: '3px', mx: '14px' }}>
          {helperText}
        </Typography>
      )}
    </FormControl>
  );
}
