import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  PASSWORD_CHECK_DEBOUNCE_MS,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_REQUIRED_MESSAGE,
} from '../../../contracts/validation/password';
import { passwordFeedback, type PasswordFeedback, type PasswordPair } from '../lib/passwordFeedback';
import { useDebouncedValue } from '../lib/useDebouncedValue';
import { muiField } from './fields';

/** Live rule and mismatch feedback for the form's current `password` and `passwordConfirmation`. */
export function usePasswordFeedback(password = '', passwordConfirmation = ''): PasswordFeedback {
  const settledPassword = useDebouncedValue(password, PASSWORD_CHECK_DEBOUNCE_MS);
  const settledConfirmation = useDebouncedValue(passwordConfirmation, PASSWORD_CHECK_DEBOUNCE_MS);
  return passwordFeedback(
    { password, passwordConfirmation },
    { password: settledPassword, passwordConfirmation: settledConfirmation },
  );
}

/**
 * A new password and its confirmation (sign-up, invited sign-up, password reset): while the
 * password field has focus a popup lists the rules with a tick or cross; the confirm field says
 * when the two differ. Needs a FormProvider; the form submits only when `feedback.canSubmit`.
 */
export function PasswordFields({ feedback, label = 'Password' }: { feedback: PasswordFeedback; label?: string }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<PasswordPair>();
  const rulesId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [focused, setFocused] = useState(false);
  const password = muiField(register('password', { required: PASSWORD_REQUIRED_MESSAGE }));
  const confirmation = muiField(register('passwordConfirmation', { required: PASSWORD_REQUIRED_MESSAGE }));
  const confirmationMessage = feedback.showMismatch ? PASSWORD_MISMATCH_MESSAGE : errors.passwordConfirmation?.message;

  return (
    <>
      <TextField
        {...password}
        ref={setAnchor}
        label={label}
        type="password"
        autoComplete="new-password"
        required
        fullWidth
        margin="normal"
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          setFocused(false);
          return password.onBlur(event);
        }}
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
        slotProps={{ htmlInput: { 'aria-describedby': rulesId } }}
      />
      <Popper open={focused} anchorEl={anchor} placement="bottom-start" keepMounted sx={{ zIndex: 'modal' }}>
        <Paper id={rulesId} elevation={6} sx={{ p: 2, mt: 0.5, maxWidth: 360 }}>
          <Typography variant="subtitle2" component="p">
            Your password:
          </Typography>
          <List dense disablePadding>
            {feedback.rules.map((rule) => (
              <ListItem key={rule.key} disableGutters>
                <ListItemIcon sx={{ minWidth: 32 }}>
                  {rule.passed ? (
                    <CheckCircleIcon color="success" fontSize="small" aria-hidden />
                  ) : (
                    <CancelIcon color="error" fontSize="small" aria-hidden />
                  )}
                </ListItemIcon>
                <ListItemText
                  primary={
                    <>
                      {rule.message}
                      <span className="visually-hidden">{rule.passed ? ' (met)' : ' (not met)'}</span>
                    </>
                  }
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      </Popper>
      <TextField
        {...confirmation}
        label="Confirm password"
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
