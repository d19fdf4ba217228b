/**
 * The back-office layout (spec 3, Administrator): a 344 px sidebar with the quick search box, the
 * action links, the support links and a footer (About, Terms, Privacy, the year), and the page.
 * Later resources (courses, conversations, codes, payroll, invitations) add their link to ACTIONS.
 */
import DashboardIcon from '@mui/icons-material/Dashboard';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import PaymentsIcon from '@mui/icons-material/Payments';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import SettingsIcon from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComponentType, ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { ExternalLink } from '../../components/ExternalLink';
import { currentYear } from '../../lib/time';
import { EXTERNAL_LINKS } from '../../shell/links';
import { PRODUCT_NAME } from '../../shell/usePageTitle';
import codes from '../codes';
import instructors from '../instructors';
import notifications from '../notifications';
import speakers from '../speakers';
import students from '../students';
import { QuickSearch } from './QuickSearch';

export const SIDEBAR_WIDTH = 344;

export const ACTIONS: { label: string; to: string; icon: ComponentType }[] = [
  { label: 'Dashboard', to: '/admin/dashboard', icon: DashboardIcon },
  { label: 'Students', to: '/admin/students', icon: students.icon },
  { label: 'Instructors', to: '/admin/instructors', icon: instructors.icon },
  { label: 'Speakers', to: '/admin/speakers', icon: speakers.icon },
  { label: 'Speaker invitations', to: '/admin/speakers/invitations', icon: ForwardToInboxIcon },
  { label: 'Speaker payroll', to: '/admin/speakers/payroll', icon: PaymentsIcon },
  { label: 'Notifications', to: '/admin/notifications', icon: notifications.icon },
  { label: 'Support inbox', to: '/admin/support', icon: SupportAgentIcon },
  { label: 'Redemption codes', to: '/admin/redemption_codes', icon: codes.icon },
  { label: 'Settings', to: '/admin/settings', icon: SettingsIcon },
];

const SUPPORT: { label: string; to?: string; href?: string }[] = [
  { label: 'Help', to: '/help' },
  { label: 'FAQ', href: EXTERNAL_LINKS.faq },
  { label: 'Sign out', to: '/auth/sign_out' },
];

function Sidebar() {
  const { pathname } = useLocation();
  // The longest matching link is the current one (Speaker invitations lives under Speakers).
  const activeAction = ACTIONS.filter(({ to }) => pathname === to || pathname.startsWith(`${to}/`)).sort((a, b) => b.to.length - a.to.length)[0]?.to;
  return (
    <Box
      component="aside"
      aria-label="Back-office"
      sx={{
        width: { xs: '100%', md: SIDEBAR_WIDTH },
        flexShrink: 0,
        borderRight: { md: '1px solid' },
        borderBottom: { xs: '1px solid', md: 'none' },
        borderColor: 'divider',
        bgcolor: 'grey.50',
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        minHeight: { md: 'calc(100vh - 64px)' },
      }}
    >
      <QuickSearch />
      <nav aria-label="Back-office sections">
        <List dense disablePadding>
          {ACTIONS.map(({ label, to, icon: Icon }) => (
            <ListItemButton key={to} component={RouterLink} to={to} selected={to === activeAction}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <Icon />
              </ListItemIcon>
              <ListItemText primary={label} />
            </ListItemButton>
          ))}
        </List>
      </nav>
      <Divider />
      <nav aria-label="Support">
        <Stack spacing={0.5}>
          {SUPPORT.map((item) =>
            item.href ? (
              <ExternalLink key={item.label} href={item.href} variant="body2">
                {item.label}
              </ExternalLink>
            ) : (
              <Link key={item.label} component={RouterLink} to={item.to!} variant="body2">
                {item.label}
              </Link>
            ),
          )}
        </Stack>
      </nav>
      <Box component="footer" sx={{ mt: 'auto', pt: 2 }}>
        <Stack direction="row" spacing={2} sx={{ mb: 0.5 }}>
          <ExternalLink href={EXTERNAL_LINKS.about} variant="caption">
            About
          </ExternalLink>
          <ExternalLink href={EXTERNAL_LINKS.terms} variant="caption">
            Terms
          </ExternalLink>
          <ExternalLink href={EXTERNAL_LINKS.privacy} variant="caption">
            Privacy
          </ExternalLink>
        </Stack>
        <Typography variant="caption" color="text.secondary">
          © {currentYear()} {PRODUCT_NAME}
        </Typography>
      </Box>
    </Box>
  );
}

export function AdminLayout({ children }: { children?: ReactNode }) {
  return (
    <Box sx={{ display: { xs: 'block', md: 'flex' }, alignItems: 'stretch' }}>
      <Sidebar />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>{children}</Box>
    </Box>
  );
}
