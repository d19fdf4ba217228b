/**
 * /admin/settings/privacy (issue 34): the school's recording age threshold. A student younger than
 * it (or whose birthday is not known) is recorded only in a course whose instructor allows it;
 * lessons reserved from then on follow the new value (docs/decisions/recordings.md).
 */
import { useMutation, useQuery } from '@apollo/client';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
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
    }
  }
`);

const CHANGE_PRIVACY_SETTINGS = graphql(`
  mutation ChangePrivacySettings($input: ChangePrivacySettingsInput!) {
    changePrivacySettings(input: $input) {
      privacySettings {
        recordingAgeThreshold
      }
    }
  }
`);

export function PrivacySettingsPage() {
  const t = useT();
  const { data, error } = useQuery(PRIVACY_SETTINGS);
  const [change, changing] = useMutation(CHANGE_PRIVACY_SETTINGS, { context: { quiet: true } });
  const [age, setAge] = useState('');
  const saved = data?.privacySettings.recordingAgeThreshold;
  useEffect(() => {
    if (saved !== undefined) setAge(String(saved));
  }, [saved]);
  return (
    <Page title={t('admin.privacy.title')}>
      {saved === undefined ? (
        error ? (
          <FormAlert message={errorMessage(error)} />
        ) : (
          <Loading label={t('admin.privacy.loading')} />
        )
      ) : (
        <Stack
          component="form"
          spacing={2}
          sx={{ maxWidth: 560 }}
          onSubmit={(e) => {
            e.preventDefault();
            void change({ variables: { input: { recordingAgeThreshold: Number(age) } } })
              .then(() => notifySuccess(t('admin.privacy.saved')))
              .catch(() => undefined);
          }}
        >
          <Typography color="text.secondary">{t('admin.privacy.help')}</Typography>
          <TextField
            label={t('admin.privacy.ageThreshold')}
            type="number"
            value={age}
            onChange={(e) => setAge(e.target.value)}
            slotProps={{ htmlInput: { min: 0, max: 25, step: 1 } }}
            required
          />
          <FormAlert message={changing.error ? errorMessage(changing.error) : null} />
          <Button type="submit" variant="contained" disabled={changing.loading} sx={{ alignSelf: 'flex-start' }}>
            {t('admin.privacy.save')}
          </Button>
        </Stack>
      )}
    </Page>
  );
}
