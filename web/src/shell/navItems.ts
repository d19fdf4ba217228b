/** The header's links, as buttons (wide screens) and as its menu's items (HeaderMenu.tsx). */
import { Link as RouterLink } from 'react-router-dom';
import type { MessageId } from '../i18n/catalog';

export interface NavItem {
  label: MessageId;
  to?: string;
  href?: string;
}

/** An item's link: a route of the app, or an outside page in a new tab. */
export const linkProps = (item: NavItem) =>
  item.href
    ? { component: 'a' as const, href: item.href, target: '_blank', rel: 'noopener noreferrer' }
    : { component: RouterLink, to: item.to! };

/** The narrow screens' menu (HeaderMenu.tsx), named by its button's aria-controls. */
export const HEADER_MENU_ID = 'header-menu';
