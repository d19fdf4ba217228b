import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useT } from '../i18n/useT';

/** A labelled spinner for anything that is loading. */
export function Loading({ label }: { label?: string }) {
  const t = useT();
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <CircularProgress aria-label={label ?? t('common.loading')} />
    </Box>
  );
}
