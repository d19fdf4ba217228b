/** The offer to show times in the browser's zone when it differs from the saved one (zoneOffer.ts). */
import { useMutation, useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useT } from '../i18n/useT';
import { errorMessage } from '../lib/errors';
import { browserTimeZone } from '../lib/time';
import { MY_ZONE, SAVE_ZONE, rememberKept, safeLocalStorage, zoneToOffer } from './zoneOffer';

const QUIET = { context: { quiet: true } } as const;

export function ZoneOffer() {
  const t = useT();
  const { data } = useQuery(MY_ZONE, { fetchPolicy: 'cache-first', ...QUIET });
  const [save, { loading }] = useMutation(SAVE_ZONE, QUIET);
  const [kept, setKept] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const saved = data?.me?.tzIdentifier;
  const browser = browserTimeZone();
  const offer = kept ? null : zoneToOffer(saved, browser, safeLocalStorage());
  if (!offer || !saved) return null;

  const keep = () => {
    rememberKept(saved, offer, safeLocalStorage());
    setKept(true);
  };
  const use = () => {
    setError(null);
    // The saved zone changes in the cache (User by id), and every page shows times in it.
    save({ variables: { input: { tzIdentifier: offer } } }).catch((e: unknown) => setError(errorMessage(e)));
  };
  return (
    <Alert
      severity={error ? 'error' : 'info'}
      role="region"
      aria-label={t('time.zoneOffer.label')}
      sx={{ borderRadius: 0, '& .MuiAlert-message': { flex: 1 } }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} justifyContent="space-between">
        <span>{error ?? t('time.zoneOffer.text', { saved, offer })}</span>
        {/* Each label on one line: on a phone a long zone's button takes a row of its own. */}
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexShrink: 0, flexWrap: 'wrap', '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
        >
          <Button size="small" variant="contained" disabled={loading} onClick={use}>
            {t('time.zoneOffer.use', { zone: offer })}
          </Button>
          <Button size="small" color="inherit" disabled={loading} onClick={keep}>
            {t('time.zoneOffer.keep', { zone: saved })}
          </Button>
        </Stack>
      </Stack>
    </Alert>
  );
}
