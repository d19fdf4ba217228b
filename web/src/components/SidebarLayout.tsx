import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router-dom';

/**
 * An area's sidebar beside the page from 900 px (md) up; on a phone or a narrow window it folds
 * into a drawer opened by a menu button above the page, and closes on navigation. The page keeps
 * its place in the tree whichever way it is laid out: crossing the breakpoint (a window resized, a
 * tablet turned, a full-page screenshot) must not mount the page afresh, which closed its open
 * dialogs and rows and dropped what was typed. The sidebar keeps its state too (the search typed
 * into it, its results): it is rendered once, through a portal, into one element that is moved
 * between its place beside the page and the drawer, so React never mounts it twice.
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location key is the navigation that closes it
  useEffect(() => setOpen(false), [key]);
  // The sidebar's one element, attached wherever the layout has a place for it.
  const [host] = useState(() => {
    const element = document.createElement('div');
    element.style.display = 'contents';
    return element;
  });
  const place = useCallback(
    (slot: HTMLElement | null) => {
      if (slot && host.parentElement !== slot) slot.appendChild(host);
    },
    [host],
  );
  const slot = <Box ref={place} sx={{ display: 'contents' }} />;
  return (
    <Box sx={wide ? { display: 'flex', alignItems: 'stretch' } : { minWidth: 0 }}>
      {createPortal(sidebar(wide ? undefined : () => setOpen(false)), host)}
      {wide ? (
        slot
      ) : (
        <Box sx={{ px: 2, pt: 1.5 }}>
          <Button variant="outlined" startIcon={<MenuIcon />} onClick={() => setOpen(true)} aria-expanded={open} aria-controls={drawerId}>
            {menuLabel}
          </Button>
          {/* Kept mounted while closed, so the sidebar has its place in it at all times. */}
          <Drawer
            id={drawerId}
            open={open}
            keepMounted
            onClose={() => setOpen(false)}
            slotProps={{ paper: { sx: { width: drawerWidth, maxWidth: '88vw' } } }}
          >
            {slot}
          </Drawer>
        </Box>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>{children}</Box>
    </Box>
  );
}
