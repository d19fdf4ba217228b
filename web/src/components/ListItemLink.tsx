import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/**
 * A link in a navigation list (sidebars, menus): a list item holding the link, so the `<ul>` of a
 * `<List>` only holds `<li>` (WCAG 1.3.1; axe's `list` rule). The selected one is marked with
 * aria-current="page" as well as by colour.
 */
export function ListItemLink({
  to,
  selected = false,
  onClick,
  children,
}: {
  to: string;
  selected?: boolean;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <ListItem disablePadding>
      <ListItemButton component={RouterLink} to={to} selected={selected} onClick={onClick} aria-current={selected ? 'page' : undefined}>
        {children}
      </ListItemButton>
    </ListItem>
  );
}
