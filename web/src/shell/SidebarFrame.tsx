/**
 * An area's frame with a sidebar (the back-office's, the instructor's, the speaker's): the sidebar
 * beside the page from 900 px (md) up; below, a drawer opened by a labelled menu button above the
 * page, closed by any navigation. Only one of the two is mounted at a time, so a drawer left open
 * while the window widens is gone with it (no scroll lock or hidden page left behind).
 */
import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

export function SidebarFrame({ sidebar, menuLabel, drawerId, width, children }: {
  /** The sidebar; `onNavigate` is set in the drawer (to close it), not beside the page. */
  sidebar(onNavigate?: () => void): ReactNode;
  /** The phone's menu button, e.g. 'Instructor menu'. */
  menuLabel: string;
  drawerId: string;
  /** The drawer's width in px (at most 88 % of the screen). */
  width: number;
  children?: ReactNode;
}) {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [open, setOpen] = useState(false);
  // Any navigation closes the drawer (a result may change only the hash and the state).
  const { key } = useLocation();
  useEffect(() => setOpen(false), [key]);
  if (wide) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'stretch' }}>
        {sidebar()}
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>{children}</Box>
      </Box>
    );
  }
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ px: 2, pt: 1.5 }}>
        <Button variant="outlined" startIcon={<MenuIcon />} onClick={() => setOpen(true)} aria-expanded={open} aria-controls={drawerId}>
          {menuLabel}
        </Button>
      </Box>
      <Drawer id={drawerId} open={open} onClose={() => setOpen(false)} slotProps={{ paper: { sx: { width, maxWidth: '88vw' } } }}>
        {sidebar(() => setOpen(false))}
      </Drawer>
      <Box sx={{ minWidth: 0 }}>{children}</Box>
    </Box>
  );
}
