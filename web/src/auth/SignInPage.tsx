import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { EMAIL_REQUIRED_MESSAGE } from '../../../contracts/validation/email';
import { PASSWORD_REQUIRED_MESSAGE } from '../../../contracts/validation/password';
import { EmailField } from '../components/EmailField';
import { FormAlert } from '../components/FormAlert';
import { loadApollo } from '../lib/apolloLoader';
import { useAuth } from '../lib/auth';
import { errorMessage } from '../lib/errors';
import { AuthCard } from '../shell/AuthCard';
import { afterSignInPath } from './redirect';
import { localizeKnown } from '../i18n/translate';
import { useT } from '../i18n/useT';

interface SignInForm {
  emailAddress: string;
  password: string;
}

/** The form's refusals, each field's first; none once both are filled. */
function validate({ emailAddress, password }: SignInForm): Partial<Record<keyof SignInForm, string>> {
  return {
    ...(emailAddress.trim() === '' ? { emailAddress: localizeKnown(EMAIL_REQUIRED_MESSAGE) } : {}),
    ...(password === '' ? { password: localizeKnown(PASSWORD_REQUIRED_MESSAGE) } : {}),
  };
}

export default function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { signIn } = useAuth();
  const t = useT();
  // The Apollo client and the login mutation load when the person submits (or starts typing, see
  // below), not with the page: this page is the first most visitors see (issue 11, first load).
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const warmUp = () => void Promise.all([loadApollo(), import('./operations')]).catch(() => undefined);
  // Two fields, checked as react-hook-form checks the other forms (on submit, then as they change,
  // the first refused field focused), without its 9 KB on the page most visitors load first.
  const [values, setValues] = useState<SignInForm>({ emailAddress: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? validate(values) : {};
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const change = (name: keyof SignInForm) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const refused = validate(values);
    if (refused.emailAddress) return emailInput.current?.focus();
    if (refused.password) return passwordInput.current?.focus();
    const { emailAddress, password } = values;
    setLoading(true);
    setError(null);
    let token: string | undefined;
    try {
      const [{ client }, { LOGIN, QUIET }] = await Promise.all([loadApollo(), import('./operations')]);
      const result = await client.mutate({
        mutation: LOGIN,
        variables: { input: { emailAddress: emailAddress.trim(), password } },
        ...QUIET,
      });
      token = result.data?.login.token;
    } catch (e) {
      setError(e);
    } finally {
      setLoading(false);
    }
    if (!token) return;
    await signIn(token);
    navigate(afterSignInPath(location.state), { replace: true });
  };

  const email = values.emailAddress.trim();
  return (
    <AuthCard title={t('auth.signIn.title')} subtitle={t('auth.signIn.subtitle')}>
      <form onSubmit={onSubmit} onInput={warmUp} noValidate>
        <EmailField
          field={{ name: 'emailAddress', value: values.emailAddress, onChange: change('emailAddress'), inputRef: emailInput }}
          error={errors.emailAddress}
        />
        <TextField
          name="password"
          value={values.password}
          onChange={change('password')}
          inputRef={passwordInput}
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          required
          fullWidth
          margin="normal"
          error={Boolean(errors.password)}
          helperText={localizeKnown(errors.password)}
        />
        <FormAlert message={error ? errorMessage(error) : null} />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={loading} sx={{ mt: 3 }}>
          {t(loading ? 'auth.signIn.busy' : 'auth.signIn.submit')}
        </Button>
      </form>
      <Button component={RouterLink} to="/auth/school_sign_in" variant="outlined" size="large" fullWidth sx={{ mt: 2 }}>
        {t('auth.signIn.school')}
      </Button>
      <Stack direction="row" sx={{ mt: 3, justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Link component={RouterLink} to={`/auth/request_password_reset${email ? `?email_address=${encodeURIComponent(email)}` : ''}`}>
          {t('auth.signIn.forgot')}
        </Link>
        <Link component={RouterLink} to="/auth/sign_up" state={location.state}>
          {t('auth.signIn.createAccount')}
        </Link>
      </Stack>
    </AuthCard>
  );
}
