/**
 * The web's one money helper (spec 1, section 9): minor units divided by 100, no decimals for whole
 * amounts, and 'Contact Sales' (in the page's language) where there is no price.
 */
import { formatMoney } from '../../../contracts/money';
import { translateOr } from '../i18n/translate';

export { formatMoney };

export const priceOrContactSales = (minorUnits: number | null | undefined, currency = 'usd') =>
  minorUnits === null || minorUnits === undefined ? translateOr('common.contactSales', 'Contact Sales') : formatMoney(minorUnits, currency);
