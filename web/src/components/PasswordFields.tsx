import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { PASSWORD_CHECK_DEBOUNCE_MS, PASSWORD_MISMATCH_MESSAGE, PASSWORD_REQUIRED_MESSAGE } from '../../../contracts/validation/password';
import { PASSWORD_BLOCKED, passwordFeedback, type PasswordFeedback, type PasswordPair } from '../lib/passwordFeedback';
import { useDebouncedValue } from '../lib/useDebouncedValue';
import { muiField } from './fields';
import { localizeKnown } from '../i18n/translate';
import { useT } from '../i18n/useT';

const BLOCKED_REASONS = Object.keys(PASSWORD_BLOCKED) as (keyof typeof PASSWORD_BLOCKED)[];

/** Live rule and mismatch feedback for the form's current `password` and `passwordConfirmation`. */
export function usePasswordFeedback(password = '', passwordConfirmation = ''): PasswordFeedback {
  const settledPassword = useDebouncedValue(password, PASSWORD_CHECK_DEBOUNCE_MS);
  const settledConfirmation = useDebouncedValue(passwordConfirmation, PASSWORD_CHECK_DEBOUNCE_MS);
  return passwordFeedback({ password, passwordConfirmation }, { password: settledPassword, passwordConfirmation: settledConfirmation });
}

/**
 * A new password and its confirmation (sign-up, invited sign-up, password reset): the rules are
 * listed under the password field, each ticked or crossed live as the person types (never a popup
 * over the fields below); the confirm field says when the two differ (after the debounce). Needs
 * a FormProvider; the form submits only when `feedback.canSubmit`, and `SubmitBlockedReason`
 * says why not beside the button.
 */
export function PasswordFields({ feedback, label }: { feedback: PasswordFeedback; label?: string }) {
  const t = useT();
  const {
    register,
    formState: { errors },
  } = useFormContext<PasswordPair>();
  const rulesId = useId();
  const password = muiField(register('password', { required: localizeKnown(PASSWORD_REQUIRED_MESSAGE) }));
  const confirmation = muiField(register('passwordConfirmation', { required: localizeKnown(PASSWORD_REQUIRED_MESSAGE) }));
  const confirmationMessage = localizeKnown(feedback.showMismatch ? PASSWORD_MISMATCH_MESSAGE : errors.passwordConfirmation?.message);

  return (
    <>
      <TextField
        {...password}
        label={label ?? t('auth.password')}
        type="password"
        autoComplete="new-password"
        required
        fullWidth
        margin="normal"
        error={Boolean(errors.password)}
        helperText={localizeKnown(errors.password?.message)}
        slotProps={{ htmlInput: { 'aria-describedby': rulesId } }}
      />
      <Box id={rulesId} sx={{ px: 1.5, pb: 0.5 }}>
        <Typography variant="body2" component="p" color="text.secondary">
          {t('auth.password.rulesIntro')}
        </Typography>
        <List dense disablePadding>
          {feedback.rules.map((rule) => (
            <ListItem key={rule.key} disableGutters sx={{ py: 0 }}>
              <ListItemIcon sx={{ minWidth: 28 }}>
                {rule.passed ? (
                  <CheckCircleIcon color="success" fontSize="small" aria-hidden />
                ) : (
                  <CancelIcon color="error" fontSize="small" aria-hidden />
                )}
              </ListItemIcon>
              <ListItemText
                sx={{ my: 0.25 }}
                primary={
                  <>
                    {localizeKnown(rule.message)}
                    <span className="visually-hidden">{t(rule.passed ? 'auth.password.ruleMet' : 'auth.password.ruleNotMet')}</span>
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
      </Box>
      <TextField
        {...confirmation}
        label={t('auth.password.confirm')}
        type="password"
        autoComplete="new-password"
        required
        fullWidth
        margin="normal"
        error={Boolean(confirmationMessage)}
        helperText={confirmationMessage}
        slotProps={{ formHelperText: { role: feedback.showMismatch ? 'alert' : undefined } }}
      />
    </>
  );
}

/** Says why the form's button is disabled (a disabled button cannot say it itself). */
export function SubmitBlockedReason({ id, feedback, busy }: { id: string; feedback: PasswordFeedback; busy?: boolean }) {
  const t = useT();
  if (busy || !feedback.blockedBecause) return null;
  const reason = BLOCKED_REASONS.find((key) => PASSWORD_BLOCKED[key] === feedback.blockedBecause);
  return (
    <Typography id={id} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      {reason ? t(`auth.password.blocked.${reason}`) : feedback.blockedBecause}
    </Typography>
  );
}
