import { withMessages } from '../i18n/withMessages';
import { once } from '../lib/lazyNow';

/** The back-office behind the admin's area, which a first load asks for with the area (shell/firstPage.ts). */
export const ADMIN_PAGES = {
  backOffice: once(withMessages('adminPages', () => import('./BackOffice'))),
};
