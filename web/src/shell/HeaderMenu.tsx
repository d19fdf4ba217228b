/**
 * The header's menu on narrow screens. In a chunk of its own: MUI's Menu brings Popover, Modal,
 * the focus trap and their transitions (about 9 KB brotli), which no page needs before a click
 * (issue 31); Header.tsx loads it after the page has loaded, or with the first click.
 */
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useT } from '../i18n/useT';
import { HEADER_MENU_ID, linkProps, type NavItem } from './navItems';

export function HeaderMenu({ anchor, items, onClose }: { anchor: HTMLElement | null; items: NavItem[]; onClose: () => void }) {
  const t = useT();
  return (
    <Menu id={HEADER_MENU_ID} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {items.map((item) => (
        <MenuItem key={item.label} onClick={onClose} {...linkProps(item)}>
          {t(item.label)}
          {item.href && <span className="visually-hidden">{t('common.opensInNewTab')}</span>}
        </MenuItem>
      ))}
    </Menu>
  );
}
