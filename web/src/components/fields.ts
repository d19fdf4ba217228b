import type { UseFormRegisterReturn } from 'react-hook-form';

/** react-hook-form's register() for an MUI TextField (whose `ref` is the wrapper, not the input). */
export function muiField({ ref, ...rest }: UseFormRegisterReturn) {
  return { ...rest, inputRef: ref };
}
