import { checkPassword, type PasswordCheck } from '../../../contracts/validation/password';

export interface PasswordPair {
  password: string;
  passwordConfirmation: string;
}

export interface PasswordFeedback {
  /** The rules popup: each rule with a tick or cross, from the settled (debounced) password. */
  rules: PasswordCheck['rules'];
  /** The confirm field's mismatch message shows: both filled, different, and no edit since. */
  showMismatch: boolean;
  /** Submitting is possible: every rule passes, both match, and the checks are up to date. */
  canSubmit: boolean;
}

/**
 * Spec 1, sections 4 and 5: rule and mismatch checks run on values debounced by 1000 ms;
 * `live` is what the fields hold now, `settled` what they held when the debounce last fired.
 * Any edit since (live differs from settled) clears the mismatch and blocks submitting.
 */
export function passwordFeedback(live: PasswordPair, settled: PasswordPair): PasswordFeedback {
  const check = checkPassword(settled.password, settled.passwordConfirmation);
  const upToDate = live.password === settled.password && live.passwordConfirmation === settled.passwordConfirmation;
  const bothFilled = settled.password !== '' && settled.passwordConfirmation !== '';
  return {
    rules: check.rules,
    showMismatch: upToDate && bothFilled && check.mismatch,
    canSubmit: upToDate && check.valid,
  };
}
