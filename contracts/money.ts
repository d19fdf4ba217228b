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
