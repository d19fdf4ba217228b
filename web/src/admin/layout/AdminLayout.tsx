/**
 * The back-office layout (spec 3, Administrator): a 344 px sidebar with the quick search box, the
 * action links, the support links (with Settings, Help, FAQ and Sign out, as the instructor's and
 * the speaker's sidebars hold them: the header then shows no menu of its own, so a phone has one
 * menu) and a footer (About, Terms, Privacy, the year), and the page. Later resources add their
 * link to ACTIONS.
 */
import DashboardIcon from '@mui/icons-material/Dashboard';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import LinkIcon from '@mui/icons-material/Link';
import LogoutIcon from '@mui/icons-material/Logout';
import PaymentsIcon from '@mui/icons-material/Payments';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import SettingsIcon from '@mui/icons-material/Settings';
import StorageIcon from '@mui/icons-material/Storage';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
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
import { useSidebarHoldsLinks } from '../../shell/areaSidebar';
import { EXTERNAL_LINKS } from '../../shell/links';
import { PRODUCT_NAME } from '../../shell/usePageTitle';
import type { MessageId } from '../../i18n/catalog';
import { useT } from '../../i18n/useT';
import { RESOURCE_ICONS } from '../resourceIcons';
import { QuickSearch } from './QuickSearch';
import { SidebarLayout } from '../../components/SidebarLayout';

export const SIDEBAR_WIDTH = 344;

interface NavItem {
  label: MessageId;
  icon: ComponentType;
  /** A page of the product. */
  to?: string;
  /** Another site, opened in a new tab. */
  href?: string;
}

export const ACTIONS: NavItem[] = [
  { label: 'admin.nav.dashboard', to: '/admin/dashboard', icon: DashboardIcon },
  { label: 'admin.nav.students', to: '/admin/students', icon: RESOURCE_ICONS.students },
  { label: 'admin.nav.instructors', to: '/admin/instructors', icon: RESOURCE_ICONS.instructors },
  { label: 'admin.nav.speakers', to: '/admin/speakers', icon: RESOURCE_ICONS.speakers },
  { label: 'admin.nav.profiles', to: '/admin/profiles', icon: RESOURCE_ICONS.profiles },
  { label: 'admin.nav.courses', to: '/admin/courses', icon: RESOURCE_ICONS.courses },
  { label: 'admin.nav.lessons', to: '/admin/lessons', icon: RESOURCE_ICONS.lessons },
  { label: 'admin.nav.groups', to: '/admin/groups', icon: RESOURCE_ICONS.groups },
  { label: 'admin.nav.conversations', to: '/admin/conversations', icon: RESOURCE_ICONS.conversations },
  { label: 'admin.nav.speakerInvitations', to: '/admin/speakers/invitations', icon: ForwardToInboxIcon },
  { label: 'admin.nav.speakerCandidates', to: '/admin/speakers/candidates', icon: HowToRegIcon },
  { label: 'admin.nav.speakerPayroll', to: '/admin/speakers/payroll', icon: PaymentsIcon },
  { label: 'admin.nav.redemptionCodes', to: '/admin/redemption_codes', icon: RESOURCE_ICONS.codes },
  { label: 'admin.nav.pricingPlans', to: '/admin/pricing_plans', icon: RESOURCE_ICONS.pricingPlans },
  { label: 'admin.lti.nav', to: '/admin/lti_platforms', icon: LinkIcon },
  { label: 'admin.nav.identityProviders', to: '/admin/identity_providers', icon: RESOURCE_ICONS.identityProviders },
  { label: 'admin.nav.readModels', to: '/admin/read_models', icon: StorageIcon },
];

/** Support links: where an admin answers people, then the account's links (the header shows none here). */
const SUPPORT: NavItem[] = [
  { label: 'admin.nav.supportInbox', to: '/admin/support', icon: SupportAgentIcon },
  { label: 'admin.nav.notifications', to: '/admin/notifications', icon: RESOURCE_ICONS.notifications },
  { label: 'admin.nav.mailTemplates', to: '/admin/mail_templates', icon: RESOURCE_ICONS.mailTemplates },
  { label: 'admin.nav.settings', to: '/admin/settings', icon: SettingsIcon },
  { label: 'admin.nav.help', to: '/help', icon: HelpOutlineIcon },
  { label: 'admin.nav.faq', href: EXTERNAL_LINKS.faq, icon: QuizOutlinedIcon },
  { label: 'admin.nav.signOut', to: '/auth/sign_out', icon: LogoutIcon },
];

function NavList({ items, active, label, onNavigate }: { items: NavItem[]; active?: string; label: string; onNavigate?(): void }) {
  const t = useT();
  return (
    <nav aria-label={label}>
      <List dense disablePadding>
        {items.map(({ label: key, to, href, icon: Icon }) => {
          const text = t(key);
          const content = (
            <>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <Icon />
              </ListItemIcon>
              <ListItemText primary={text} />
            </>
          );
          return (
            <li key={key}>
              {href ? (
                <ListItemButton component="a" href={href} target="_blank" rel="noopener noreferrer">
                  {content}
                  <span className="visually-hidden">{t('common.opensInNewTab')}</span>
                </ListItemButton>
              ) : (
                <ListItemButton component={RouterLink} to={to!} selected={to === active} onClick={onNavigate}>
                  {content}
                </ListItemButton>
              )}
            </li>
          );
        })}
      </List>
    </nav>
  );
}

function Sidebar({ onNavigate }: { onNavigate?(): void }) {
  const t = useT();
  const { pathname } = useLocation();
  // The longest matching link is the current one (Speaker invitations lives under Speakers).
  const active = [...ACTIONS, ...SUPPORT]
    .flatMap(({ to }) => (to && (pathname === to || pathname.startsWith(`${to}/`)) ? [to] : []))
    .sort((a, b) => b.length - a.length)[0];
  return (
    <Box
      component="aside"
      aria-label={t('admin.area.title')}
      sx={{
        width: SIDEBAR_WIDTH,
        maxWidth: '100%',
        flexShrink: 0,
        borderRight: '1px solid',
        borderColor: 'divider',
        bgcolor: 'grey.50',
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        minHeight: { xs: '100%', md: 'calc(100vh - 64px)' },
      }}
    >
      <QuickSearch />
      <NavList items={ACTIONS} active={active} label={t('admin.nav.sections')} onNavigate={onNavigate} />
      <Divider />
      <Typography variant="overline" color="text.secondary" component="h2" sx={{ lineHeight: 1, mb: -1 }}>
        {t('admin.nav.support')}
      </Typography>
      <NavList items={SUPPORT} active={active} label={t('admin.nav.support')} onNavigate={onNavigate} />
      <Box component="footer" sx={{ mt: 'auto', pt: 2 }}>
        <Stack direction="row" spacing={2} sx={{ mb: 0.5 }}>
          <ExternalLink href={EXTERNAL_LINKS.about} variant="caption">
            {t('admin.nav.about')}
          </ExternalLink>
          <ExternalLink href={EXTERNAL_LINKS.terms} variant="caption">
            {t('admin.nav.terms')}
          </ExternalLink>
          <ExternalLink href={EXTERNAL_LINKS.privacy} variant="caption">
            {t('admin.nav.privacy')}
          </ExternalLink>
        </Stack>
        <Typography variant="caption" color="text.secondary">
          © {currentYear()} {PRODUCT_NAME}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * The sidebar beside the page from 900 px (md) up; on a phone or a narrow window it folds into a
 * drawer opened by the 'Back-office menu' button above the page (the only menu: the header has
 * none in the back-office), and closes on navigation.
 */
export function AdminLayout({ children }: { children?: ReactNode }) {
  const t = useT();
  useSidebarHoldsLinks();
  return (
    <SidebarLayout
      sidebar={(onNavigate) => <Sidebar onNavigate={onNavigate} />}
      menuLabel={t('admin.nav.menu')}
      drawerId="admin-drawer"
      drawerWidth={SIDEBAR_WIDTH}
    >
      {children}
    </SidebarLayout>
  );
}
