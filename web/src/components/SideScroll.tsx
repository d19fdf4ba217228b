/**
 * A box that scrolls sideways and shows that it does: while content lies beyond an edge, that edge
 * fades with a shadow, and a line under the box says "Scroll sideways for more columns" (a phone
 * hides its scroll bars, so a clipped table looked complete).
 */
import Box, { type BoxProps } from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

export const SIDE_SCROLL_HINT = 'Scroll sideways for more columns';

interface Overflow {
  left: boolean;
  right: boolean;
}

const edge = (side: 'left' | 'right') => ({
  position: 'absolute' as const,
  top: 0,
  bottom: 0,
  [side]: 0,
  width: 24,
  pointerEvents: 'none' as const,
  background: `linear-gradient(to ${side === 'left' ? 'right' : 'left'}, rgba(0,0,0,0.14), rgba(0,0,0,0))`,
  zIndex: 2,
});

export function SideScroll({ children, sx, ...props }: Omit<BoxProps, 'children' | 'ref'> & { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ left: false, right: false });
  const measure = useCallback(() => {
    const el = box.current;
    if (!el) return;
    const next = { left: el.scrollLeft > 1, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 };
    setOverflow((now) => (now.left === next.left && now.right === next.right ? now : next));
  }, []);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    const mutations = new MutationObserver(measure);
    mutations.observe(el, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      mutations.disconnect();
    };
  }, [measure]);
  const scrolls = overflow.left || overflow.right;
  return (
    <>
      <Box sx={{ position: 'relative' }}>
        <Box ref={box} onScroll={measure} {...props} sx={[{ overflowX: 'auto' }, ...(Array.isArray(sx) ? sx : [sx])]}>
          {children}
        </Box>
        {overflow.left && <Box aria-hidden sx={edge('left')} />}
        {overflow.right && <Box aria-hidden sx={edge('right')} />}
      </Box>
      {scrolls && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2, py: 0.5 }}>
          {SIDE_SCROLL_HINT} {overflow.right ? '→' : '←'}
        </Typography>
      )}
    </>
  );
}
