import { useMutation } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { emailError } from '../../../contracts/validation/email';
import { EmailField } from '../components/EmailField';
import { muiField } from '../components/fields';
import { FormAlert } from '../components/FormAlert';
import { notifySuccess } from '../components/snackbars';
import { errorMessage } from '../lib/errors';
import { RECOVER_PASSWORD } from '../lib/operations';
import { AuthCard } from '../shell/AuthCard';
import { QUIET } from './operations';
import { Message } from '../i18n/Message';
import { useT } from '../i18n/useT';

/** /auth/request_password_reset?email_address= — asks for a reset message by e-mail. */
export default function RequestPasswordResetPage() {
  const [params] = useSearchParams();
  const t = useT();
  const [recoverPassword, { loading, error, data }] = useMutation(RECOVER_PASSWORD, QUIET);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<{ emailAddress: string }>({ defaultValues: { emailAddress: params.get('email_address') ?? '' } });
  // The success box belongs to the address it was sent to: it goes once the address changes or
  // the form shows an error, so a validation error never stands beside an earlier success.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const typed = watch('emailAddress').trim();
  const sent = !!data?.recoverPassword.recovered && sentTo === typed && !errors.emailAddress && !error;

  const onSubmit = handleSubmit(
    async ({ emailAddress }) => {
      setSentTo(null);
      const result = await recoverPassword({ variables: { input: { emailAddress: emailAddress.trim() } } }).catch(() => null);
      if (result?.data?.recoverPassword.recovered) {
        setSentTo(emailAddress.trim());
        notifySuccess(t('auth.requestReset.sent'));
      }
    },
    () => setSentTo(null),
  );

  return (
    <AuthCard title={t('auth.requestReset.title')} subtitle={t('auth.requestReset.subtitle')}>
      <form onSubmit={onSubmit} noValidate>
        <EmailField
          field={muiField(register('emailAddress', { validate: (v) => emailError(v) ?? true }))}
          error={errors.emailAddress?.message}
        />
        <FormAlert message={error && errorMessage(error)} />
        {sent && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {t('auth.requestReset.sent')}{' '}
            <Message
              id="auth.requestReset.notArrived"
              tags={{
                link: (words) => (
                  <Link component={RouterLink} to="/help">
                    {words}
                  </Link>
                ),
              }}
            />
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={loading} sx={{ mt: 3 }}>
          {t(loading ? 'auth.requestReset.busy' : sent ? 'auth.requestReset.again' : 'auth.requestReset.submit')}
        </Button>
      </form>
      <Typography sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/auth/sign_in">
          {t('auth.requestReset.back')}
        </Link>
      </Typography>
    </AuthCard>
  );
}
