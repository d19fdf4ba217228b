import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * An area's sidebar beside the page from 900 px (md) up; on a phone or a narrow window it folds
 * into a drawer opened by a menu button above the page, and closes on navigation. The page keeps
 * its place in the tree whichever way it is laid out: crossing the breakpoint (a window resized, a
 * tablet turned, a full-page screenshot) must not mount the page afresh, which closed its open
 * dialogs and rows and dropped what was typed.
 */
export function SidebarLayout({
  sidebar,
  menuLabel,
  drawerId,
  drawerWidth,
  children,
}: {
  sidebar: (onNavigate?: () => void) => ReactNode;
  menuLabel: string;
  drawerId: string;
  drawerWidth: number;
  children?: ReactNode;
}) {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [open, setOpen] = useState(false);
  // Any navigation closes the drawer (a lesson result may only change the hash and state).
  const { key } = useLocation();
  useEffect(() => setOpen(false), [key]);
  return (
    <Box sx={wide ? { display: 'flex', alignItems: 'stretch' } : { minWidth: 0 }}>
      {wide ? (
        sidebar()
      ) : (
        <Box sx={{ px: 2, pt: 1.5 }}>
          <Button variant="outlined" startIcon={<MenuIcon />} onClick={() => setOpen(true)} aria-expanded={open} aria-controls={drawerId}>
            {menuLabel}
          </Button>
          <Drawer id={drawerId} open={open} onClose={() => setOpen(false)} slotProps={{ paper: { sx: { width: drawerWidth, maxWidth: '88vw' } } }}>
            {sidebar(() => setOpen(false))}
          </Drawer>
        </Box>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>{children}</Box>
    </Box>
  );
}
