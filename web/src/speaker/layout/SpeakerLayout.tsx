/**
 * The speaker area's frame (spec 3, Speaker): a 344 px sidebar — Planner, Conversations,
 * Availability, Payroll, Compatibility, Settings; a search over conversations; support links Help,
 * FAQ, Sign out — beside the page from 900 px up; below, the same sidebar is a drawer behind
 * 'Speaker menu' (components/SidebarLayout.tsx, as in the instructor's and the back-office areas).
 * While it is on screen the header leaves out the links it holds (shell/areaSidebar.tsx): each link
 * once, as in the instructor's area.
 */
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import ForumIcon from '@mui/icons-material/Forum';
import PaymentsIcon from '@mui/icons-material/Payments';
import SearchIcon from '@mui/icons-material/Search';
import SettingsIcon from '@mui/icons-material/Settings';
import VideocamIcon from '@mui/icons-material/Videocam';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import InputAdornment from '@mui/material/InputAdornment';
import { TextBox } from '../../components/TextBox';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useState, type ComponentType, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useSidebarHoldsLinks } from '../../shell/areaSidebar';
import { EXTERNAL_LINKS } from '../../shell/links';
import { ListItemLink } from '../../components/ListItemLink';
import { SidebarLayout } from '../../components/SidebarLayout';
import { ExternalLink } from '../../components/ExternalLink';
import type { MessageId } from '../../i18n/catalog';
import { useT } from '../../i18n/useT';

export const SPEAKER_SIDEBAR_WIDTH = 344;

const SECTIONS: { label: MessageId; to: string; icon: ComponentType }[] = [
  { label: 'speaker.planner.title', to: '/speaker/planner', icon: CalendarMonthIcon },
  { label: 'speaker.conversations.title', to: '/speaker/conversations', icon: ForumIcon },
  { label: 'speaker.planner.availability', to: '/speaker/availability', icon: EventAvailableIcon },
  { label: 'speaker.nav.payroll', to: '/speaker/payroll', icon: PaymentsIcon },
  { label: 'speaker.nav.compatibility', to: '/speaker/compatibility', icon: VideocamIcon },
  { label: 'shell.nav.settings', to: '/speaker/settings', icon: SettingsIcon },
];

function ConversationSearch({ onDone }: { onDone(): void }) {
  const t = useT();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  return (
    <Box
      component="form"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        navigate(`/speaker/conversations${q.trim() ? `?q=${encodeURIComponent(q.trim().slice(0, 100))}` : ''}`);
        onDone();
      }}
    >
      <TextBox
        label={t('speaker.nav.search')}
        value={q}
        onChange={(e) => setQ(e.target.value.slice(0, 100))}
        endAdornment={
          <InputAdornment position="end">
            <SearchIcon aria-hidden />
          </InputAdornment>
        }
      />
    </Box>
  );
}

function SidebarContent({ onNavigate }: { onNavigate(): void }) {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <ConversationSearch onDone={onNavigate} />
      <nav aria-label={t('speaker.nav.label')}>
        <List dense disablePadding>
          {SECTIONS.map(({ label, to, icon: Icon }) => (
            <ListItemLink key={to} to={to} selected={pathname === to || pathname.startsWith(`${to}/`)} onClick={onNavigate}>
              <ListItemIcon sx={{ minWidth: 40 }}>
                <Icon />
              </ListItemIcon>
              <ListItemText primary={t(label)} />
            </ListItemLink>
          ))}
        </List>
      </nav>
      <Divider />
      <Stack spacing={1} component="nav" aria-label={t('speaker.nav.support')}>
        <Link component={RouterLink} to="/help" onClick={onNavigate}>
          {t('shell.nav.help')}
        </Link>
        <ExternalLink href={EXTERNAL_LINKS.faq}>{t('shell.nav.faq')}</ExternalLink>
        <Link component={RouterLink} to="/auth/sign_out">
          {t('speaker.nav.signOut')}
        </Link>
      </Stack>
    </Stack>
  );
}

function Sidebar({ onNavigate }: { onNavigate?(): void }) {
  const t = useT();
  return (
    <Box
      component="aside"
      aria-label={t('speaker.nav.area')}
      sx={{
        width: SPEAKER_SIDEBAR_WIDTH,
        maxWidth: '100%',
        flexShrink: 0,
        borderRight: '1px solid',
        borderColor: 'divider',
        bgcolor: 'grey.50',
        minHeight: { xs: '100%', md: 'calc(100vh - 64px)' },
      }}
    >
      <SidebarContent onNavigate={onNavigate ?? (() => undefined)} />
    </Box>
  );
}

export function SpeakerLayout({ children }: { children: ReactNode }) {
  const t = useT();
  useSidebarHoldsLinks();
  return (
    <SidebarLayout
      sidebar={(onNavigate) => <Sidebar onNavigate={onNavigate} />}
      menuLabel={t('speaker.nav.menu')}
      drawerId="speaker-drawer"
      drawerWidth={SPEAKER_SIDEBAR_WIDTH}
    >
      {children}
    </SidebarLayout>
  );
}
