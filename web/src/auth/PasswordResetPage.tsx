import { useId } from 'react';
import { useMutation } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { FormProvider, useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Messages } from '../../../contracts/errors';
import { checkPassword } from '../../../contracts/validation/password';
import { FormAlert } from '../components/FormAlert';
import { PasswordFields, SubmitBlockedReason, usePasswordFeedback } from '../components/PasswordFields';
import { errorMessage } from '../lib/errors';
import { AuthCard } from '../shell/AuthCard';
import { QUIET, RESET_PASSWORD } from './operations';

interface ResetForm {
  password: string;
  passwordConfirmation: string;
}

/** /auth/password_reset?token= — the link from the reset e-mail: choose a new password. */
export default function PasswordResetPage() {
  const [params] = useSearchParams();
  const resetToken = params.get('token');
  const [resetPassword, { loading, error, data }] = useMutation(RESET_PASSWORD, QUIET);
  const form = useForm<ResetForm>({ mode: 'onTouched', defaultValues: { password: '', passwordConfirmation: '' } });
  const feedback = usePasswordFeedback(...form.watch(['password', 'passwordConfirmation']));
  const blockedId = useId();

  if (!resetToken) {
    return (
      <AuthCard title="Choose a new password">
        <Alert severity="error">{Messages.resetTokenInvalid}</Alert>
        <Button component={RouterLink} to="/auth/request_password_reset" variant="contained" sx={{ mt: 3 }}>
          Request a new link
        </Button>
      </AuthCard>
    );
  }

  if (data?.resetPassword.reset) {
    return (
      <AuthCard title="Choose a new password">
        <Alert severity="success" role="status">
          Your password has been changed. Sign in with your new password.
        </Alert>
        <Button component={RouterLink} to="/auth/sign_in" variant="contained" sx={{ mt: 3 }} autoFocus>
          Sign in
        </Button>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit(async ({ password, passwordConfirmation }) => {
    if (!checkPassword(password, passwordConfirmation).valid) return;
    await resetPassword({ variables: { input: { resetToken, password, passwordConfirmation } } }).catch(() => null);
  });

  return (
    <AuthCard title="Choose a new password" subtitle="Enter it twice to be sure.">
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate>
          <PasswordFields feedback={feedback} label="New password" />
          <FormAlert message={error && errorMessage(error)} />
          {error && (
            <Link component={RouterLink} to="/auth/request_password_reset" sx={{ display: 'inline-block', mt: 1 }}>
              Request a new link
            </Link>
          )}
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={loading || !feedback.canSubmit}
            sx={{ mt: 3 }}
            aria-describedby={feedback.canSubmit ? undefined : blockedId}
          >
            {loading ? 'Saving ...' : 'Save the new password'}
          </Button>
          <SubmitBlockedReason id={blockedId} feedback={feedback} busy={loading} />
        </form>
      </FormProvider>
    </AuthCard>
  );
}
