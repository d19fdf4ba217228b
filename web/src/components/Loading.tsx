import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A labelled spinner for anything that is loading. */
export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
