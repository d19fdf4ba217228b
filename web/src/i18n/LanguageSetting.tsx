import { useMutation } from '@apollo/client';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client';
import { useEffect, useState } from 'react';
import { LOCALE_NAMES, SUPPORTED_LOCALES, isSupportedLocale } from '../../../contracts/i18n/locales';
import { FormAlert } from '../components/FormAlert';
import { notifySuccess } from '../components/snackbars';
import { errorMessage } from '../lib/errors';
import { useLocale } from './LocaleProvider';
import { ACCOUNT_LOCALE, SAVE_LOCALE } from './operations';
import { useT } from './useT';

const FOLLOW_BROWSER = '';

/**
 * Every role's settings: the language Tertulia speaks to this person (pages and mails), or their
 * browser's. Saved on its own, apart from the profile form.
 */
export function LanguageSetting() {
  const t = useT();
  const { chooseLocale } = useLocale();
  const { data } = useQuery(ACCOUNT_LOCALE);
  const saved = data?.me?.locale ?? FOLLOW_BROWSER;
  const [choice, setChoice] = useState(saved);
  useEffect(() => setChoice(saved), [saved]);
  const [save, { loading, error }] = useMutation(SAVE_LOCALE, { context: { quiet: true } });

  const onSave = async () => {
    const result = await save({ variables: { input: { locale: choice || null } } }).catch(() => null);
    if (!result?.data) return;
    chooseLocale(isSupportedLocale(choice) ? choice : null);
    notifySuccess(t('settings.language.saved'));
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="language-setting-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="language-setting-title" variant="h6" component="h2" gutterBottom>
        {t('settings.language.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('settings.language.help')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          label={t('shell.language')}
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          sx={{ minWidth: 240 }}
          slotProps={{ select: { inputProps: { 'data-testid': 'language-setting' } } }}
        >
          <MenuItem value={FOLLOW_BROWSER}>{t('shell.language.browser')}</MenuItem>
          {SUPPORTED_LOCALES.map((locale) => (
            <MenuItem key={locale} value={locale} lang={locale}>
              {LOCALE_NAMES[locale]}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" onClick={onSave} disabled={loading || choice === saved}>
          {t('settings.language.save')}
        </Button>
      </Stack>
      <FormAlert message={error && errorMessage(error)} />
    </Paper>
  );
}
