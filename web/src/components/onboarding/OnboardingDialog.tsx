/**
 * A role's onboarding dialog (spec 3): steps validated with the shared rules before continuing,
 * each saved as it goes (changeUser; the first also saves the browser's time zone; the headshot is
 * uploaded when chosen), onboardAccount at the end, 'Huh, something went wrong' with Back when it
 * fails, then congratulations. The speaker dialog is one use; the student and instructor dialogs
 * pass their own steps. Driven by machines/onboardingMachine.
 */
import { useApolloClient, useMutation, useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { fromPromise } from 'xstate';
import { todayIn } from '../../../../contracts/calendarDate';
import type { ChangeUserInput, Role } from '../../gql/graphql';
import { apiErrorsOf, errorMessage } from '../../lib/errors';
import { browserTimeZone } from '../../lib/time';
import { onboardingMachine } from '../../machines/onboardingMachine';
import { FormAlert } from '../FormAlert';
import { Loading } from '../Loading';
import { useT } from '../../i18n/useT';
import { translateOr } from '../../i18n/translate';
import type { FormField, OnboardingStepDef, ProfileForm } from './fields';
import { CHANGE_USER, ONBOARDING_PROFILE, ONBOARD_ACCOUNT, UPLOAD_HEADSHOT, type OnboardingProfile } from './operations';

/** The heading takes focus at each step: a visible ring only when reached by keyboard. */
const TITLE_FOCUS = { outline: 'none', '&:focus-visible': { outline: '2px solid', outlineOffset: -2 } };

export interface OnboardingDialogProps {
  open: boolean;
  role: Extract<Role, 'SPEAKER' | 'STUDENT' | 'INSTRUCTOR'>;
  steps: OnboardingStepDef[];
  /** The last step's content. */
  congratulations: { title: string; body: ReactNode; action: string };
  onDone(): void;
}

const EMPTY: ProfileForm = {
  givenName: '',
  surname: '',
  displayName: '',
  gender: '',
  dateOfBirth: '',
  currentCity: '',
  currentState: '',
  currentCountry: '',
  previousCity: '',
  previousCountry: '',
  school: '',
  bioDreamCareer: '',
  bioGoalsAre: '',
  bioHobbiesAre: '',
  headshotUrl: '',
};

const valuesOf = (me: OnboardingProfile): ProfileForm =>
  Object.fromEntries(Object.keys(EMPTY).map((k) => [k, (me as Record<string, unknown>)[k] ?? ''])) as unknown as ProfileForm;

function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () =>
      reject(new Error(translateOr('onboarding.pictureUnreadable', 'The picture could not be read. Please upload a different one.')));
    reader.readAsDataURL(file);
  });
}

export function OnboardingDialog({ open, role, steps, congratulations, onDone }: OnboardingDialogProps) {
  const { data, loading, error } = useQuery(ONBOARDING_PROFILE, { fetchPolicy: 'network-only', skip: !open });
  const t = useT();
  const me = data?.me ?? null;
  if (!open) return null;
  return (
    <ResponsiveDialog titleId="onboarding-title">
      {me ? (
        <OnboardingSteps me={me} role={role} steps={steps} congratulations={congratulations} onDone={onDone} />
      ) : (
        <>
          <DialogTitle id="onboarding-title">{t('onboarding.welcomeTitle')}</DialogTitle>
          <DialogContent>{loading ? <Loading /> : <FormAlert message={errorMessage(error)} />}</DialogContent>
        </>
      )}
    </ResponsiveDialog>
  );
}

function ResponsiveDialog({ titleId, children }: { titleId: string; children: ReactNode }) {
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open fullScreen={small} fullWidth maxWidth="sm" aria-labelledby={titleId} disableEscapeKeyDown>
      {children}
    </Dialog>
  );
}

function OnboardingSteps({ me, role, steps, congratulations, onDone }: Omit<OnboardingDialogProps, 'open'> & { me: OnboardingProfile }) {
  const client = useApolloClient();
  const [changeUser] = useMutation(CHANGE_USER);
  const [upload] = useMutation(UPLOAD_HEADSHOT);
  const [onboardAccount] = useMutation(ONBOARD_ACCOUNT);
  const form = useForm<ProfileForm>({ defaultValues: valuesOf(me), mode: 'onTouched' });
  const displayNameEdited = useRef(!!me.displayName);
  const zone = browserTimeZone();
  const today = todayIn(zone);
  const stepCount = steps.length + 1;
  const t = useT();

  // The machine's services call the latest closures.
  const save = useRef<(step: number, values: Record<string, unknown>) => Promise<void>>(async () => {});
  const finish = useRef<() => Promise<void>>(async () => {});
  save.current = async (step, values) => {
    const def = steps[step];
    const input: ChangeUserInput = {};
    for (const field of def.fields.filter((f): f is Exclude<FormField, 'headshotUrl'> => f !== 'headshotUrl')) {
      const value = String(values[field] ?? '').trim();
      (input as Record<string, unknown>)[field] = value || null;
    }
    if (def.saveTimeZone && zone) input.tzIdentifier = zone;
    if (!Object.keys(input).length) return;
    try {
      await changeUser({ variables: { input } });
    } catch (e) {
      const fields = apiErrorsOf(e)[0]?.extensions?.fields as Record<string, string> | undefined;
      for (const [field, message] of Object.entries(fields ?? {})) {
        if (field in EMPTY) form.setError(field as FormField, { message });
      }
      throw new Error(errorMessage(e));
    }
  };
  finish.current = async () => {
    try {
      await onboardAccount({ variables: { input: { role } } });
    } catch (e) {
      throw new Error(errorMessage(e));
    }
  };

  const machine = useMemo(
    () =>
      onboardingMachine.provide({
        actors: {
          saveStep: fromPromise(async ({ input }) => save.current(input.step, input.values)),
          onboard: fromPromise(async () => finish.current()),
        },
      }),
    [],
  );
  const [state, send] = useMachine(machine, { input: { stepCount } });
  const { step, error } = state.context;
  const def = steps[Math.min(step, steps.length - 1)];
  const saving = state.matches('saving') || state.matches('finishing');

  // Each step change moves focus to the new step's heading (keyboard and screen reader users hear
  // where they are; Tab reaches the step's first field), and the content scrolls back to the top.
  const content = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const view = state.matches('done') ? 'done' : state.matches('failed') ? 'failed' : 'editing';
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each step change
  useEffect(() => {
    // (A block: Chromium's scrollTo returns a promise, which React would take for a cleanup.)
    content.current?.scrollTo?.({ top: 0 });
  }, [step]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each step or view change
  useEffect(() => {
    heading.current?.focus();
  }, [step, view]);

  const uploadHeadshot = async (file: File) => {
    try {
      const data = await readAsBase64(file);
      const res = await upload({
        variables: { input: { name: file.name.slice(0, 255), type: file.type.slice(0, 100), size: file.size, data } },
      });
      return res.data!.uploadHeadshot.url;
    } catch (e) {
      throw new Error(errorMessage(e));
    }
  };

  const validateStep = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!(await form.trigger(def.fields, { shouldFocus: true }))) return;
    const values = form.getValues();
    send({ type: 'NEXT', values: Object.fromEntries(def.fields.map((f) => [f, values[f]])) });
  };

  if (state.matches('done')) {
    return (
      <>
        <DialogTitle id="onboarding-title" ref={heading} tabIndex={-1} sx={TITLE_FOCUS}>
          {congratulations.title}
        </DialogTitle>
        <Progress step={stepCount - 1} stepCount={stepCount} />
        <DialogContent>{congratulations.body}</DialogContent>
        <DialogActions>
          <Button
            variant="contained"
            onClick={async () => {
              await client.refetchQueries({ include: 'active' }).catch(() => {});
              onDone();
            }}
          >
            {congratulations.action}
          </Button>
        </DialogActions>
      </>
    );
  }

  if (state.matches('failed')) {
    return (
      <>
        <DialogTitle id="onboarding-title" ref={heading} tabIndex={-1} sx={TITLE_FOCUS}>
          {t('onboarding.failed')}
        </DialogTitle>
        <DialogContent>
          <Alert severity="error" role="alert">
            {error || t('onboarding.notCompleted')} {t('onboarding.goBack')}
          </Alert>
          {/* In the content, not the actions: a snackbar at the bottom of a phone's screen cannot cover it. */}
          <Button variant="contained" sx={{ mt: 3 }} onClick={() => send({ type: 'BACK' })}>
            {t('onboarding.back')}
          </Button>
        </DialogContent>
      </>
    );
  }

  return (
    <>
      <DialogTitle id="onboarding-title" ref={heading} tabIndex={-1} sx={TITLE_FOCUS}>
        {t(def.title)}
      </DialogTitle>
      <Progress step={step} stepCount={stepCount} />
      <DialogContent ref={content}>
        <Box component="form" id="onboarding-step" noValidate onSubmit={validateStep} sx={{ pt: 1 }} key={def.key}>
          {def.render({ form, today, displayNameEdited, uploadHeadshot })}
        </Box>
        <FormAlert message={error} />
        {state.matches('finishing') && (
          <Typography role="status" sx={{ mt: 2, display: 'flex', gap: 1, alignItems: 'center' }}>
            <CircularProgress size={18} /> {t('onboarding.finishing')}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', px: 3, pb: 2 }}>
        <Button onClick={() => send({ type: 'BACK' })} disabled={step === 0 || saving}>
          {t('onboarding.back')}
        </Button>
        <Button type="submit" form="onboarding-step" variant="contained" disabled={saving}>
          {t(saving ? 'onboarding.saving' : step === 0 ? 'onboarding.begin' : 'onboarding.continue')}
        </Button>
      </DialogActions>
    </>
  );
}

function Progress({ step, stepCount }: { step: number; stepCount: number }) {
  const t = useT();
  const label = t('onboarding.step', { step: step + 1, count: stepCount });
  return (
    <Box sx={{ px: 3 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <LinearProgress variant="determinate" value={((step + 1) / stepCount) * 100} aria-label={label} />
    </Box>
  );
}
