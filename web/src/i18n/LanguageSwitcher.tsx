import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { LOCALE_NAMES, SUPPORTED_LOCALES, isSupportedLocale } from '../../../contracts/i18n/locales';
import { useLocale } from './LocaleProvider';
import { useT } from './useT';

/** Signed out (the auth pages' footer): this device's language, until an account's setting says otherwise. */
export function LanguageSwitcher() {
  const t = useT();
  const { locale, chooseLocale } = useLocale();
  return (
    <TextField
      select
      size="small"
      variant="standard"
      label={t('shell.language')}
      value={locale}
      onChange={(event) => isSupportedLocale(event.target.value) && chooseLocale(event.target.value)}
      sx={{ minWidth: 150 }}
    >
      {SUPPORTED_LOCALES.map((l) => (
        <MenuItem key={l} value={l} lang={l}>
          {LOCALE_NAMES[l]}
        </MenuItem>
      ))}
    </TextField>
  );
}
