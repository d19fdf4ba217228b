/**
 * /admin/settings/privacy (issue 34): the school's recording age threshold (a student younger than
 * it, or whose birthday is not known, is recorded only in a course whose instructor allows it;
 * lessons reserved from then on follow it) and how long a course's recordings are kept after it
 * ends: the default and the most an instructor may set (docs/decisions/recordings.md).
 */
import { useMutation, useQuery } from '@apollo/client';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormAlert } from '../../components/FormAlert';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { notifySuccess } from '../../components/snackbars';
import { graphql } from '../../gql';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';

const PRIVACY_SETTINGS = graphql(`
  query AdminPrivacySettings {
    privacySettings {
      recordingAgeThreshold
      retentionDays
      maxRetentionDays
    }
  }
`);

const CHANGE_PRIVACY_SETTINGS = graphql(`
  mutation ChangePrivacySettings($input: ChangePrivacySettingsInput!) {
    changePrivacySettings(input: $input) {
      privacySettings {
        recordingAgeThreshold
        retentionDays
        maxRetentionDays
      }
    }
  }
`);

type Fields = { recordingAgeThreshold: string; retentionDays: string; maxRetentionDays: string };
const FIELDS = ['recordingAgeThreshold', 'retentionDays', 'maxRetentionDays'] as const;
const LABELS = {
  recordingAgeThreshold: 'admin.privacy.ageThreshold',
  retentionDays: 'admin.privacy.retentionDays',
  maxRetentionDays: 'admin.privacy.maxRetentionDays',
} as const;

export function PrivacySettingsPage() {
  const t = useT();
  const { data, error } = useQuery(PRIVACY_SETTINGS);
  const saved = data?.privacySettings;
  return (
    <Page title={t('admin.privacy.title')}>
      {saved ? (
        <PrivacySettingsForm saved={saved} />
      ) : error ? (
        <FormAlert message={errorMessage(error)} />
      ) : (
        <Loading label={t('admin.privacy.loading')} />
      )}
    </Page>
  );
}

/**
 * The form, drawn with the saved values from its first frame (it was once drawn empty for a frame
 * and filled by an effect, which a reader, or a test, could catch); a later refresh of the settings
 * leaves what the admin is typing alone.
 */
function PrivacySettingsForm({ saved }: { saved: Record<keyof Fields, number> }) {
  const t = useT();
  const [change, changing] = useMutation(CHANGE_PRIVACY_SETTINGS, { context: { quiet: true } });
  const [fields, setFields] = useState<Fields>(() => ({
    recordingAgeThreshold: String(saved.recordingAgeThreshold),
    retentionDays: String(saved.retentionDays),
    maxRetentionDays: String(saved.maxRetentionDays),
  }));
  return (
    <Stack
      component="form"
      spacing={2}
      sx={{ maxWidth: 560 }}
      onSubmit={(e) => {
        e.preventDefault();
        const input = {
          recordingAgeThreshold: Number(fields.recordingAgeThreshold),
          retentionDays: Number(fields.retentionDays),
          maxRetentionDays: Number(fields.maxRetentionDays),
        };
        void change({ variables: { input } })
          .then(() => notifySuccess(t('admin.privacy.saved')))
          .catch(() => undefined);
      }}
    >
      <Typography color="text.secondary">{t('admin.privacy.help')}</Typography>
      {FIELDS.map((field) => (
        <TextField
          key={field}
          label={t(LABELS[field])}
          type="number"
          value={fields[field]}
          onChange={(e) => setFields((f) => ({ ...f, [field]: e.target.value }))}
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
          required
        />
      ))}
      <FormAlert message={changing.error ? errorMessage(changing.error) : null} />
      <Button type="submit" variant="contained" disabled={changing.loading} sx={{ alignSelf: 'flex-start' }}>
        {t('admin.privacy.save')}
      </Button>
    </Stack>
  );
}
