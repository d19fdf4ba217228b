import Link, { type LinkProps } from '@mui/material/Link';
import { useT } from '../i18n/useT';

/** A link to another site, opened in a new tab and announced as such. */
export function ExternalLink({ children, ...props }: LinkProps) {
  const t = useT();
  return (
    <Link target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <span className="visually-hidden">{t('common.opensInNewTab')}</span>
    </Link>
  );
}
