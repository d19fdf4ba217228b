import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  /** A drawing from ./illustrations (decorative), e.g. <CalendarIllustration />. */
  illustration?: ReactNode;
  /** What is empty, in the spec's words where it has them. */
  title: ReactNode;
  /** What to do about it. */
  description?: ReactNode;
  /** The next step: a button or link. */
  action?: ReactNode;
  /** Smaller, for a side panel or a card. */
  compact?: boolean;
  /** The heading level of the title (default: a paragraph, so it never breaks the page's outline). */
  headingComponent?: 'h2' | 'h3' | 'p';
  /** data-testid (default 'empty-state'). */
  testId?: string;
}

/**
 * An empty state (issue 11): a friendly drawing, what is empty, what to do next. Announced politely
 * when it appears (role="status"), so a list that empties after a filter is heard, not only seen.
 */
export function EmptyState({
  illustration,
  title,
  description,
  action,
  compact = false,
  headingComponent = 'p',
  testId = 'empty-state',
}: EmptyStateProps) {
  return (
    <Box
      role="status"
      data-testid={testId}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1, px: 2, py: compact ? 2 : 5 }}
    >
      {illustration && <Box sx={{ width: compact ? 112 : 168, maxWidth: '60%', mb: 1, '& svg': { width: '100%' } }}>{illustration}</Box>}
      <Typography component={headingComponent} variant={compact ? 'subtitle1' : 'h6'} sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {description && (
        <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
          {description}
        </Typography>
      )}
      {action && <Box sx={{ mt: 1 }}>{action}</Box>}
    </Box>
  );
}
