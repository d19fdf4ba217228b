import { useId } from 'react';
import { useMutation } from '@apollo/client';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { emailError } from '../../../contracts/validation/email';
import { checkPassword } from '../../../contracts/validation/password';
import { EmailField } from '../components/EmailField';
import { muiField } from '../components/fields';
import { FormAlert } from '../components/FormAlert';
import { PasswordFields, SubmitBlockedReason, usePasswordFeedback } from '../components/PasswordFields';
import { useAuth } from '../lib/auth';
import type { SelfAssignedRole } from '../gql/graphql';
import { errorMessage } from '../lib/errors';
import { AuthCard } from '../shell/AuthCard';
import { QUIET, SIGNUP, SIGNUP_INVITED } from './operations';
import { afterSignInPath } from './redirect';
import { SAVE_ZONE } from '../components/zoneOffer';
import { browserTimeZone } from '../lib/time';
import { useT } from '../i18n/useT';

interface SignUpForm {
  emailAddress: string;
  password: string;
  passwordConfirmation: string;
  role: SelfAssignedRole;
}

/** ?role=INSTRUCTOR picks the instructor option; anything else (speakers included) is a student. */
const roleFromQuery = (role: string | null): SelfAssignedRole => (role?.toUpperCase() === 'INSTRUCTOR' ? 'INSTRUCTOR' : 'STUDENT');

/**
 * /auth/sign_up?role=&email_address=&token= — a self sign-up (student or instructor), or with an
 * invitation token an invited one whose email address is fixed by the invitation.
 */
export default function SignUpPage() {
  const [params] = useSearchParams();
  const invitationToken = params.get('token');
  const invitedEmail = params.get('email_address') ?? '';
  const navigate = useNavigate();
  const location = useLocation();
  const { signIn } = useAuth();
  const t = useT();
  const [signup, selfCall] = useMutation(SIGNUP, QUIET);
  const [signupInvited, invitedCall] = useMutation(SIGNUP_INVITED, QUIET);
  const [saveZone] = useMutation(SAVE_ZONE, QUIET);
  const { loading, error } = invitationToken ? invitedCall : selfCall;

  const form = useForm<SignUpForm>({
    mode: 'onTouched',
    defaultValues: { emailAddress: invitedEmail, password: '', passwordConfirmation: '', role: roleFromQuery(params.get('role')) },
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;
  const feedback = usePasswordFeedback(...form.watch(['password', 'passwordConfirmation']));
  const blockedId = useId();

  const onSubmit = handleSubmit(async ({ emailAddress, password, passwordConfirmation, role }) => {
    if (!checkPassword(password, passwordConfirmation).valid) return;
    let token: string | undefined;
    if (invitationToken) {
      const result = await signupInvited({ variables: { input: { invitationToken, password, passwordConfirmation } } }).catch(() => null);
      token = result?.data?.signupInvited.token;
    } else {
      const input = { emailAddress: emailAddress.trim(), password, passwordConfirmation, selfAssignedRole: role };
      const result = await signup({ variables: { input } }).catch(() => null);
      token = result?.data?.signup.token;
    }
    if (!token) return;
    await signIn(token);
    // Times are shown in the saved zone: record the browser's now, since a student who comes by an
    // invite link never passes the onboarding dialog that would. Best effort: the zone offer
    // (ZoneOffer) asks again if this did not land.
    const zone = browserTimeZone();
    if (zone)
      await saveZone({ variables: { input: { tzIdentifier: zone } } }).catch((e: unknown) =>
        console.warn('The time zone was not saved:', e),
      );
    navigate(afterSignInPath(location.state), { replace: true });
  });

  return (
    <AuthCard
      title={t(invitationToken ? 'auth.signUp.invitedTitle' : 'auth.signUp.title')}
      subtitle={t(invitationToken ? 'auth.signUp.invitedSubtitle' : 'auth.signUp.subtitle')}
    >
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate>
          {invitationToken ? (
            invitedEmail && (
              <TextField
                label={t('auth.email')}
                value={invitedEmail}
                fullWidth
                margin="normal"
                helperText={t('auth.signUp.invitedEmailHelp')}
                slotProps={{ htmlInput: { readOnly: true } }}
              />
            )
          ) : (
            <>
              <EmailField
                field={muiField(register('emailAddress', { validate: (v) => emailError(v) ?? true }))}
                error={errors.emailAddress?.message}
              />
              <Controller
                name="role"
                control={control}
                render={({ field }) => (
                  <FormControl component="fieldset" margin="normal">
                    <FormLabel component="legend">{t('auth.signUp.roleLegend')}</FormLabel>
                    <RadioGroup row {...field}>
                      <FormControlLabel value="STUDENT" control={<Radio />} label={t('auth.signUp.roleStudent')} />
                      <FormControlLabel value="INSTRUCTOR" control={<Radio />} label={t('auth.signUp.roleInstructor')} />
                    </RadioGroup>
                  </FormControl>
                )}
              />
            </>
          )}
          <PasswordFields feedback={feedback} />
          <FormAlert message={error && errorMessage(error)} />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={loading || !feedback.canSubmit}
            sx={{ mt: 3 }}
            aria-describedby={feedback.canSubmit ? undefined : blockedId}
          >
            {t(loading ? 'auth.signUp.busy' : 'auth.signUp.submit')}
          </Button>
          <SubmitBlockedReason id={blockedId} feedback={feedback} busy={loading} />
        </form>
      </FormProvider>
      <Typography sx={{ mt: 3 }}>
        {t('auth.signUp.haveAccount')}{' '}
        <Link component={RouterLink} to="/auth/sign_in" state={location.state}>
          {t('auth.signUp.signIn')}
        </Link>
      </Typography>
    </AuthCard>
  );
}
