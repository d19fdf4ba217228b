import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';
import { usePageTitle } from '../shell/usePageTitle';

/**
 * A page with its title as the document title and the page's one h1. `focusHeading`: the heading
 * takes the focus when the page opens (a form page reached from a link, so keyboard and screen
 * reader users start at its top).
 */
export function Page({ title, children, focusHeading = false }: { title: string; children?: ReactNode; focusHeading?: boolean }) {
  usePageTitle(title);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <Typography
        ref={heading}
        variant="h4"
        component="h1"
        gutterBottom
        tabIndex={focusHeading ? -1 : undefined}
        sx={focusHeading ? { '&:focus': { outline: 'none' } } : undefined}
      >
        {title}
      </Typography>
      {children}
    </Container>
  );
}
