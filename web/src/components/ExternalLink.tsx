import Link, { type LinkProps } from '@mui/material/Link';

/** A link to another site, opened in a new tab and announced as such. */
export function ExternalLink({ children, ...props }: LinkProps) {
  return (
    <Link target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </Link>
  );
}
