/**
 * /auth/school_sign_in (issue 33): "Sign in with your school". The person's address finds the
 * identity provider of its domain, and the browser goes there; it comes back through the server's
 * callback to ./SchoolSignInDonePage, or here with the reason of a refusal (?problem=).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { EMAIL_REQUIRED_MESSAGE } from '../../../contracts/validation/email';
import { EmailField } from '../components/EmailField';
import { muiField } from '../components/fields';
import { FormAlert } from '../components/FormAlert';
import { loadApollo } from '../lib/apolloLoader';
import { browserJar } from '../lib/authCookies';
import { apiErrorsOf, errorMessage } from '../lib/errors';
import { AuthCard } from '../shell/AuthCard';
import type { MessageId } from '../i18n/catalog';
import { useT } from '../i18n/useT';
import { QUIET } from './operations';
import { START_SCHOOL_SIGN_IN } from './schoolOperations';
import { localizeKnown } from '../i18n/translate';

const PROBLEMS = {
  state_unknown: 'schoolSignIn.problem.stateUnknown',
  state_used: 'schoolSignIn.problem.stateUsed',
  state_expired: 'schoolSignIn.problem.stateExpired',
  other_browser: 'schoolSignIn.problem.otherBrowser',
  idp_refused: 'schoolSignIn.problem.idpRefused',
  verification_failed: 'schoolSignIn.problem.verificationFailed',
  email_missing: 'schoolSignIn.problem.emailMissing',
  email_not_verified: 'schoolSignIn.problem.emailNotVerified',
  email_outside_domains: 'schoolSignIn.problem.emailOutsideDomains',
  subject_mismatch: 'schoolSignIn.problem.subjectMismatch',
  failed: 'schoolSignIn.problem.failed',
  logout_refused: 'schoolSignIn.problem.logoutRefused',
} as const satisfies Record<string, MessageId>;

/**
 * A random value kept in a cookie that only this origin's pages can write, and sent with the start:
 * the callback signs in only the browser that started (a callback link carried elsewhere is refused).
 */
function bindThisBrowser(): string {
  const binding = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  // A SAML IdP POSTs back from its own site: only SameSite=None (which needs Secure) comes with that POST.
  browserJar.write(
    `school_sign_in=${binding}; path=/api/sso; max-age=600; ${browserJar.secure ? 'SameSite=None; Secure' : 'SameSite=Lax'}`,
  );
  return binding;
}

export default function SchoolSignInPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const problem = params.get('problem');
  const problemId = problem && Object.hasOwn(PROBLEMS, problem) ? PROBLEMS[problem as keyof typeof PROBLEMS] : null;
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors },
  } = useForm<{ emailAddress: string }>({ defaultValues: { emailAddress: params.get('email_address') ?? '' } });

  const onSubmit = handleSubmit(async ({ emailAddress }) => {
    // A new attempt: the last refusal's reason no longer applies.
    if (problem) setParams({}, { replace: true });
    setLeaving(true);
    setError(null);
    try {
      const { client } = await loadApollo();
      const result = await client.mutate({
        mutation: START_SCHOOL_SIGN_IN,
        variables: { input: { emailAddress: emailAddress.trim(), browserBinding: bindThisBrowser() } },
        ...QUIET,
      });
      const url = result.data?.startSchoolSignIn.authorizationUrl;
      if (url) {
        window.location.assign(url);
        return;
      }
    } catch (e) {
      const [first] = apiErrorsOf(e);
      const reason = first?.extensions?.reason;
      const field = (first?.extensions?.fields as Record<string, string> | undefined)?.emailAddress;
      if (reason === 'no_school' || reason === 'school_away') {
        setFieldError('emailAddress', { message: t(reason === 'no_school' ? 'schoolSignIn.noSchool' : 'schoolSignIn.schoolAway') });
      } else if (field) setFieldError('emailAddress', { message: field });
      else setError(e);
    }
    setLeaving(false);
  });

  return (
    <AuthCard title={t('schoolSignIn.title')} subtitle={t('schoolSignIn.subtitle')}>
      {problemId && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {t(problemId)}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <EmailField
          field={muiField(register('emailAddress', { validate: (v) => v.trim() !== '' || localizeKnown(EMAIL_REQUIRED_MESSAGE) }))}
          error={errors.emailAddress?.message}
        />
        <FormAlert message={error ? errorMessage(error) : null} />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={leaving} sx={{ mt: 3 }}>
          {t(leaving ? 'schoolSignIn.busy' : 'schoolSignIn.submit')}
        </Button>
      </form>
      <Typography variant="body2" sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/auth/sign_in">
          {t('schoolSignIn.withPassword')}
        </Link>
      </Typography>
    </AuthCard>
  );
}
