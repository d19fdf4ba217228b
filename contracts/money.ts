/**
 * Money as the spec shows it (spec 1, section 9; spec 3, section 9): amounts are minor currency
 * units, shown divided by 100, with no decimals for whole amounts: 2500 → $25, 1250 → $12.50.
 * The web uses it through web/src/lib/money.ts; the local gateway's receipt page uses it too.
 */
export function formatMoney(minorUnits: number, currency = 'usd'): string {
  const whole = minorUnits % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(minorUnits / 100);
}

/** The form's dollars ('12.5', '12.50') to cents; null when it is not an amount of at least 0. */
export function dollarsToCents(text: string): number | null {
  const t = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const [whole, fraction = ''] = t.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents shown as dollars with two decimals: 1250 → '12.50'. */
export const centsToDollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
