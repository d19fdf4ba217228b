/** One part of the equipment check: an outlined section named by its heading. */
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

export type HeadingLevel = 2 | 3;

export function CheckSection({ title, level, children }: { title: string; level: HeadingLevel; children: ReactNode }) {
  const id = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <Typography id={id} variant="h6" component={`h${level}`} sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
