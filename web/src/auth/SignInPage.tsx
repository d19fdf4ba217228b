import { useMutation } from '@apollo/client';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { EMAIL_REQUIRED_MESSAGE } from '../../../contracts/validation/email';
import { PASSWORD_REQUIRED_MESSAGE } from '../../../contracts/validation/password';
import { muiField } from '../components/fields';
import { EmailField } from '../components/EmailField';
import { FormAlert } from '../components/FormAlert';
import { useAuth } from '../lib/auth';
import { errorMessage } from '../lib/errors';
import { AuthCard } from '../shell/AuthCard';
import { LOGIN, QUIET } from './operations';
import { afterSignInPath } from './redirect';

interface SignInForm {
  emailAddress: string;
  password: string;
}

export default function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { signIn } = useAuth();
  const [login, { loading, error }] = useMutation(LOGIN, QUIET);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<SignInForm>({ defaultValues: { emailAddress: '', password: '' } });

  const onSubmit = handleSubmit(async ({ emailAddress, password }) => {
    const result = await login({ variables: { input: { emailAddress: emailAddress.trim(), password } } }).catch(() => null);
    const token = result?.data?.login.token;
    if (!token) return;
    await signIn(token);
    navigate(afterSignInPath(location.state), { replace: true });
  });

  const email = watch('emailAddress').trim();
  return (
    <AuthCard title="Sign in" subtitle="Welcome back to Tertulia.">
      <form onSubmit={onSubmit} noValidate>
        <EmailField registration={register('emailAddress', { validate: (v) => v.trim() !== '' || EMAIL_REQUIRED_MESSAGE })} error={errors.emailAddress?.message} />
        <TextField
          {...muiField(register('password', { required: PASSWORD_REQUIRED_MESSAGE }))}
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          fullWidth
          margin="normal"
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
        />
        <FormAlert message={error && errorMessage(error)} />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={loading} sx={{ mt: 3 }}>
          {loading ? 'Signing in ...' : 'Sign in'}
        </Button>
      </form>
      <Stack direction="row" sx={{ mt: 3, justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Link
          component={RouterLink}
          to={`/auth/request_password_reset${email ? `?email_address=${encodeURIComponent(email)}` : ''}`}
        >
          Forgot your password?
        </Link>
        <Link component={RouterLink} to="/auth/sign_up" state={location.state}>
          Create an account
        </Link>
      </Stack>
    </AuthCard>
  );
}
