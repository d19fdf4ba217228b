import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { MessageId } from '../i18n/catalog';
import { useT } from '../i18n/useT';
import { WithApollo } from '../lib/apolloLoader';
import { useAuth } from '../lib/auth';
import { lazyNow } from '../lib/lazyNow';
import { loadRemainingMinutes } from './firstPage';
import { useAreaSidebarHoldsLinks } from './areaSidebar';
import { EXTERNAL_LINKS } from './links';
import { PRODUCT_NAME } from './usePageTitle';

// Signed in only, and it asks the API: loaded with the Apollo client (lib/apolloLoader.ts).
const RemainingMinutesButton = lazyNow(loadRemainingMinutes, (m) => m.RemainingMinutesButton);

interface NavItem {
  label: MessageId;
  to?: string;
  href?: string;
}

const FAQ: NavItem = { label: 'shell.nav.faq', href: EXTERNAL_LINKS.faq };
const HELP: NavItem = { label: 'shell.nav.help', to: '/help' };

/** Header menus (spec 1, Shell): the full menu when signed in, only FAQ and Help when not. */
export const SIGNED_IN_ITEMS: NavItem[] = [
  { label: 'shell.nav.home', to: '/' },
  { label: 'shell.nav.courses', to: '/student/courses' },
  { label: 'shell.nav.reserveTime', to: '/student/reserve' },
  { label: 'shell.nav.conversations', to: '/student/conversations' },
  { label: 'shell.nav.adventures', to: '/student/adventures' },
  FAQ,
  HELP,
  { label: 'shell.nav.settings', to: '/student/settings' },
  { label: 'shell.nav.signOut', to: '/auth/sign_out' },
];
export const SIGNED_OUT_ITEMS: NavItem[] = [FAQ, HELP];

/** The staff areas have their own sidebars; their header keeps only what is common to every role. */
const STAFF_AREA = /^\/(admin|instructor|speaker)(\/|$)/;
const staffItems = (area: string): NavItem[] => [
  { label: 'shell.nav.home', to: '/' },
  FAQ,
  HELP,
  { label: 'shell.nav.settings', to: `/${area}/settings` },
  { label: 'shell.nav.signOut', to: '/auth/sign_out' },
];

/**
 * Signed in but in no area yet (signing in, the role selection, `/`): whose header it is is not
 * known here, so neither the student's menu nor minutes; an admin saw both flash by (issue 28).
 */
const ARRIVING = /^\/(auth(\/|$)|$)/;

const linkProps = (item: NavItem) =>
  item.href
    ? { component: 'a' as const, href: item.href, target: '_blank', rel: 'noopener noreferrer' }
    : { component: RouterLink, to: item.to! };

/** Two speech bubbles: the product's mark beside its name (decorative; the name is the link's text). */
function LogoMark() {
  return (
    <svg width="28" height="24" viewBox="0 0 28 24" aria-hidden="true" focusable="false">
      <path d="M3 2h14a3 3 0 0 1 3 3v7a3 3 0 0 1-3 3H9l-4 3.5V15H3a3 3 0 0 1-3-3V5a3 3 0 0 1 3-3z" fill="#ffffff" />
      <path d="M25 8h-4v5a4 4 0 0 1-4 4h-5v1a3 3 0 0 0 3 3h5l4 3v-3h1a3 3 0 0 0 3-3v-7a3 3 0 0 0-3-3z" fill="#f0a27f" />
    </svg>
  );
}

export function Header() {
  const { signedIn } = useAuth();
  const { pathname } = useLocation();
  const staffArea = pathname.match(STAFF_AREA)?.[1];
  const arriving = ARRIVING.test(pathname);
  // An area sidebar holding Settings, Help, FAQ and Sign out (the instructor's, the speaker's):
  // nothing left to repeat here but Home, which the logo already is.
  const sidebarHoldsLinks = useAreaSidebarHoldsLinks();
  const items = !signedIn || arriving ? SIGNED_OUT_ITEMS : sidebarHoldsLinks ? [] : staffArea ? staffItems(staffArea) : SIGNED_IN_ITEMS;
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const t = useT();

  return (
    <AppBar position="static" component="header">
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/" color="inherit" sx={{ textTransform: 'none', gap: 1 }}>
          <LogoMark />
          <Typography variant="h6" component="span" sx={{ fontWeight: 700, letterSpacing: '-0.01em' }}>
            {PRODUCT_NAME}
          </Typography>
        </Button>
        {items.length > 0 && (
          <>
            <Box
              component="nav"
              aria-label={t('shell.nav.main')}
              sx={{ flexGrow: 1, display: { xs: 'none', md: 'flex' }, flexWrap: 'wrap', justifyContent: 'flex-end' }}
            >
              {items.map((item) => (
                <Button key={item.label} color="inherit" {...linkProps(item)}>
                  {t(item.label)}
                  {item.href && <span className="visually-hidden">{t('common.opensInNewTab')}</span>}
                </Button>
              ))}
            </Box>
            <Box sx={{ flexGrow: 1, display: { xs: 'flex', md: 'none' }, justifyContent: 'flex-end' }}>
              <IconButton
                color="inherit"
                aria-label={t('shell.nav.openMenu')}
                aria-controls={menuAnchor ? 'header-menu' : undefined}
                aria-haspopup="true"
                aria-expanded={menuAnchor ? 'true' : undefined}
                onClick={(event) => setMenuAnchor(event.currentTarget)}
              >
                <MenuIcon />
              </IconButton>
              <Menu id="header-menu" anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
                {items.map((item) => (
                  <MenuItem key={item.label} onClick={() => setMenuAnchor(null)} {...linkProps(item)}>
                    {t(item.label)}
                    {item.href && <span className="visually-hidden">{t('common.opensInNewTab')}</span>}
                  </MenuItem>
                ))}
              </Menu>
            </Box>
          </>
        )}
        {signedIn && !staffArea && !arriving && (
          <Suspense fallback={null}>
            <WithApollo>
              <RemainingMinutesButton />
            </WithApollo>
          </Suspense>
        )}
      </Toolbar>
    </AppBar>
  );
}
