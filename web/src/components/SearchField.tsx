/**
 * The sidebars' search boxes: a labelled, outlined, small text box as MUI's TextField draws one,
 * made of its parts. TextField itself imports Select (and Menu, Popover and the popover's
 * transitions behind it), which the staff areas' every first page then loaded for a search box
 * (issue 31).
 */
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId } from 'react';

type InputProps = Pick<
  OutlinedInputProps,
  'value' | 'onChange' | 'onKeyDown' | 'inputRef' | 'startAdornment' | 'endAdornment' | 'inputProps'
>;

export function SearchField({ label, ...input }: InputProps & { label: string }) {
  const id = useId();
  return (
    <FormControl size="small" fullWidth variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} {...input} />
    </FormControl>
  );
}
