import { useId } from 'react';
import { useMutation } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { FormProvider, useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { checkPassword } from '../../../contracts/validation/password';
import { FormAlert } from '../components/FormAlert';
import { PasswordFields, SubmitBlockedReason, usePasswordFeedback } from '../components/PasswordFields';
import { errorMessage } from '../lib/errors';
import { AuthCard } from '../shell/AuthCard';
import { QUIET, RESET_PASSWORD } from './operations';
import { useT } from '../i18n/useT';

interface ResetForm {
  password: string;
  passwordConfirmation: string;
}

/** /auth/password_reset?token= — the link from the reset e-mail: choose a new password. */
export default function PasswordResetPage() {
  const [params] = useSearchParams();
  const t = useT();
  const resetToken = params.get('token');
  const [resetPassword, { loading, error, data }] = useMutation(RESET_PASSWORD, QUIET);
  const form = useForm<ResetForm>({ mode: 'onTouched', defaultValues: { password: '', passwordConfirmation: '' } });
  const feedback = usePasswordFeedback(...form.watch(['password', 'passwordConfirmation']));
  const blockedId = useId();

  if (!resetToken) {
    return (
      <AuthCard title={t('auth.reset.title')}>
        <Alert severity="error">{t('known.resetTokenInvalid')}</Alert>
        <Button component={RouterLink} to="/auth/request_password_reset" variant="contained" sx={{ mt: 3 }}>
          {t('auth.reset.requestNew')}
        </Button>
      </AuthCard>
    );
  }

  if (data?.resetPassword.reset) {
    return (
      <AuthCard title={t('auth.reset.title')}>
        <Alert severity="success" role="status">
          {t('auth.reset.done')}
        </Alert>
        <Button component={RouterLink} to="/auth/sign_in" variant="contained" sx={{ mt: 3 }} autoFocus>
          {t('auth.reset.signIn')}
        </Button>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit(async ({ password, passwordConfirmation }) => {
    if (!checkPassword(password, passwordConfirmation).valid) return;
    await resetPassword({ variables: { input: { resetToken, password, passwordConfirmation } } }).catch(() => null);
  });

  return (
    <AuthCard title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate>
          <PasswordFields feedback={feedback} label={t('auth.reset.newPassword')} />
          <FormAlert message={error && errorMessage(error)} />
          {error && (
            <Link component={RouterLink} to="/auth/request_password_reset" sx={{ display: 'inline-block', mt: 1 }}>
              {t('auth.reset.requestNew')}
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
            {t(loading ? 'auth.reset.busy' : 'auth.reset.submit')}
          </Button>
          <SubmitBlockedReason id={blockedId} feedback={feedback} busy={loading} />
        </form>
      </FormProvider>
    </AuthCard>
  );
}
