/**
 * The web's one money helper (spec 1, section 9): minor units divided by 100, no decimals for whole
 * amounts, and 'Contact Sales' where there is no price.
 */
import { CONTACT_SALES } from '../../../contracts/enrollment';
import { formatMoney } from '../../../contracts/money';

export { formatMoney };

export const priceOrContactSales = (minorUnits: number | null | undefined, currency = 'usd') =>
  minorUnits === null || minorUnits === undefined ? CONTACT_SALES : formatMoney(minorUnits, currency);
