/**
 * {area}/settings for instructors, speakers and admins (spec 3): the profile with the role's
 * sections (section 6) — an instructor may change their own email address here, and so may an
 * admin — a speaker's headshot, and the way to the security page ({area}/settings/security: sign-in
 * details, a password reset by e-mail, role switching). 'The profile was changed successfully!'
 * after a save (section 8).
 */
import { useMutation, useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { HEADSHOT_MAX_BYTES, ProfileMessages, type SettingsRole } from '../../../contracts/validation/profile';
import { Loading } from '../components/Loading';
import { UPLOAD_HEADSHOT } from '../components/onboarding/operations';
import { Page } from '../components/Page';
import { SecuritySettings } from '../components/SecuritySettings';
import { notifyError, notifySuccess } from '../components/snackbars';
import { errorMessage } from '../lib/errors';
import { PROFILE_CHANGED_MESSAGE, ProfileSettingsForm } from './ProfileSettingsForm';
import { localizeKnown, translate } from '../i18n/translate';
import { useT } from '../i18n/useT';
import { SETTINGS_ME } from './operations';
import { LanguageSetting } from '../i18n/LanguageSetting';
import { DataExportCard } from './DataExportCard';
import { ErasureCard } from './ErasureCard';
import { DataAccessCard } from './DataAccessCard';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(localizeKnown(ProfileMessages.headshotUnreadable)));
    reader.readAsDataURL(file);
  });
}

/** A speaker's headshot: the current picture and a new upload (the server's 512×512 JPEG). */
function HeadshotCard({ url }: { url: string | null }) {
  const t = useT();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [upload, { loading }] = useMutation(UPLOAD_HEADSHOT, { context: { quiet: true } });
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    try {
      if (file.size > HEADSHOT_MAX_BYTES) throw new Error(localizeKnown(ProfileMessages.headshotTooLarge));
      const data = await readAsDataUrl(file);
      await upload({ variables: { input: { name: file.name.slice(0, 255), type: file.type.slice(0, 100), size: file.size, data } } });
      notifySuccess(translate(PROFILE_CHANGED_MESSAGE));
    } catch (e) {
      const message = e instanceof Error && !('graphQLErrors' in e) ? localizeKnown(e.message) : errorMessage(e);
      setProblem(message);
      notifyError(message);
    } finally {
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby="headshot-title">
      <CardContent>
        <Typography id="headshot-title" variant="h6" component="h2" gutterBottom>
          {t('profile.headshot.title')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="center">
          <Avatar
            src={url ?? undefined}
            alt={url ? t('profile.headshot.alt') : undefined}
            variant="rounded"
            sx={{ width: 120, height: 120 }}
          />
          <Stack spacing={1}>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              hidden
              onChange={(e) => void choose(e.target.files?.[0])}
            />
            <Button
              variant="outlined"
              onClick={() => input.current?.click()}
              disabled={loading}
              startIcon={loading ? <CircularProgress size={16} /> : undefined}
            >
              {loading ? t('profile.headshot.uploading') : url ? t('profile.headshot.another') : t('profile.headshot.upload')}
            </Button>
            <Typography variant="body2" color={problem ? 'error' : 'text.secondary'} role={problem ? 'alert' : undefined}>
              {problem ?? t('profile.headshot.help')}
            </Typography>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

export function AreaSettingsPage({ role, links }: { role: Exclude<SettingsRole, 'STUDENT'>; links: { to: string; label: string }[] }) {
  const { data, loading, error } = useQuery(SETTINGS_ME, { fetchPolicy: 'cache-and-network' });
  const t = useT();
  const me = data?.me ?? null;
  return (
    <Page title={t('profile.page.title')}>
      {!me ? (
        loading ? (
          <Loading label={t('profile.page.loading')} />
        ) : (
          <Alert severity="error">{error ? errorMessage(error) : t('profile.page.signInAgain')}</Alert>
        )
      ) : (
        <Stack spacing={3}>
          <ProfileSettingsForm
            me={me}
            role={role}
            successMessage={PROFILE_CHANGED_MESSAGE}
            emailEditable={role === 'INSTRUCTOR' || role === 'ADMIN'}
          />
          <LanguageSetting />
          {role === 'SPEAKER' && <HeadshotCard url={me.headshotUrl ?? null} />}
          <DataExportCard />
          <ErasureCard />
          <DataAccessCard />
          <Stack direction="row" spacing={2} component="nav" aria-label={t('profile.page.more')} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {links.map((link) => (
              <Button key={link.to} component={RouterLink} to={link.to} variant="outlined">
                {link.label}
              </Button>
            ))}
          </Stack>
        </Stack>
      )}
    </Page>
  );
}

/** {area}/settings/security: sign-in details, a password reset by e-mail, role switching. */
export function SecurityPage() {
  const t = useT();
  return (
    <Page title={t('security.title')}>
      <SecuritySettings />
    </Page>
  );
}
