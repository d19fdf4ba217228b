/**
 * The instructor area's frame (spec 3, Instructor): a 344 px sidebar with the search over the
 * instructor's courses and lessons, the sections (Courses, Templates, Gallery, Settings) and the
 * support links (Quick Start, Help, FAQ, Sign out), beside the page from 900 px (md) up; below, it
 * folds into a drawer opened by 'Instructor menu' above the page and closed on navigation. While it
 * is on screen the header leaves out the links it holds (shell/areaSidebar.tsx): each link once.
 */
import CollectionsIcon from '@mui/icons-material/Collections';
import DescriptionIcon from '@mui/icons-material/Description';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import LogoutIcon from '@mui/icons-material/Logout';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import SchoolIcon from '@mui/icons-material/School';
import SettingsIcon from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ComponentType, ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ListItemLink } from '../../components/ListItemLink';
import { useSidebarHoldsLinks } from '../../shell/areaSidebar';
import { EXTERNAL_LINKS } from '../../shell/links';
import { InstructorSearch } from './InstructorSearch';
import { SidebarLayout } from '../../components/SidebarLayout';
import type { MessageId } from '../../i18n/catalog';
import { useT } from '../../i18n/useT';

export const INSTRUCTOR_SIDEBAR_WIDTH = 344;

interface SidebarLink {
  label: MessageId;
  icon: ComponentType;
  /** A page of the product. */
  to?: string;
  /** Another site, opened in a new tab. */
  href?: string;
  /** Paths under which the link is the current one (besides its own). */
  under?: string[];
}

export const SECTIONS: SidebarLink[] = [
  // A course's page and a student's conversation are reached from the courses.
  {
    label: 'instructor.nav.courses',
    to: '/instructor/courses/grid',
    icon: SchoolIcon,
    under: ['/instructor/courses', '/instructor/conversations'],
  },
  { label: 'instructor.nav.templates', to: '/instructor/templates', icon: DescriptionIcon },
  { label: 'instructor.nav.gallery', to: '/instructor/gallery', icon: CollectionsIcon },
  { label: 'instructor.nav.settings', to: '/instructor/settings', icon: SettingsIcon },
];

export const SUPPORT_LINKS: SidebarLink[] = [
  { label: 'instructor.nav.quickStart', href: EXTERNAL_LINKS.instructorQuickStart, icon: RocketLaunchIcon },
  { label: 'instructor.nav.help', to: '/help', icon: HelpOutlineIcon },
  { label: 'instructor.nav.faq', href: EXTERNAL_LINKS.faq, icon: QuizOutlinedIcon },
  { label: 'instructor.nav.signOut', to: '/auth/sign_out', icon: LogoutIcon },
];

const isCurrent = (link: SidebarLink, pathname: string) =>
  [link.to, ...(link.under ?? [])].some((p) => p && (pathname === p || pathname.startsWith(`${p}/`)));

function LinkList({ links, label, onNavigate }: { links: SidebarLink[]; label: string; onNavigate?(): void }) {
  const { pathname } = useLocation();
  const t = useT();
  return (
    <nav aria-label={label}>
      <List dense disablePadding>
        {links.map((link) => {
          const { icon: Icon } = link;
          const text = t(link.label);
          const content = (
            <>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <Icon />
              </ListItemIcon>
              <ListItemText primary={text} />
            </>
          );
          return link.href ? (
            <ListItem key={text} disablePadding>
              <ListItemButton component="a" href={link.href} target="_blank" rel="noopener noreferrer">
                {content}
                <span className="visually-hidden">{t('common.opensInNewTab')}</span>
              </ListItemButton>
            </ListItem>
          ) : (
            <ListItemLink key={text} to={link.to!} selected={isCurrent(link, pathname)} onClick={onNavigate}>
              {content}
            </ListItemLink>
          );
        })}
      </List>
    </nav>
  );
}

function Sidebar({ onNavigate }: { onNavigate?(): void }) {
  const t = useT();
  return (
    <Box
      component="aside"
      aria-label={t('instructor.nav.area')}
      sx={{
        width: INSTRUCTOR_SIDEBAR_WIDTH,
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
      <InstructorSearch onNavigate={onNavigate} />
      <LinkList links={SECTIONS} label={t('instructor.nav.label')} onNavigate={onNavigate} />
      <Divider />
      <Typography variant="overline" color="text.secondary" component="h2" sx={{ lineHeight: 1, mb: -1 }}>
        {t('instructor.nav.support')}
      </Typography>
      <LinkList links={SUPPORT_LINKS} label={t('instructor.nav.support')} onNavigate={onNavigate} />
    </Box>
  );
}

export function InstructorLayout({ children }: { children: ReactNode }) {
  useSidebarHoldsLinks();
  const t = useT();
  return (
    <SidebarLayout
      sidebar={(onNavigate) => <Sidebar onNavigate={onNavigate} />}
      menuLabel={t('instructor.nav.menu')}
      drawerId="instructor-drawer"
      drawerWidth={INSTRUCTOR_SIDEBAR_WIDTH}
    >
      {children}
    </SidebarLayout>
  );
}
