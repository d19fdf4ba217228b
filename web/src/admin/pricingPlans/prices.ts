/** A pricing plan's prices as the back-office shows and edits them (cents on the wire, dollars on screen). */
import { centsToDollars, dollarsToCents } from '../../../../contracts/money';
import { DURATIONS } from '../../../../contracts/enrollment';
import { translate } from '../../i18n/translate';
import { formatMoney } from '../../lib/money';

import type { PriceListEntry as PriceEntry } from '../../../../contracts/validation/pricing';

export type { PriceEntry };

/** '15 min $15 · 30 min $25', or a dash when the list is empty. */
export const pricesText = (list: readonly PriceEntry[] | null | undefined) =>
  list?.length
    ? [...list]
        .sort((a, b) => a.conversationDuration - b.conversationDuration)
        .map((e) => translate('admin.pricing.priceEntry', { minutes: e.conversationDuration, price: formatMoney(e.unitPrice) }))
        .join(' · ')
    : '—';

/** The form's text per duration ('' for no price). */
export type PriceTexts = Record<number, string>;

export const priceTextsOf = (list: readonly PriceEntry[] | null | undefined): PriceTexts =>
  Object.fromEntries(
    DURATIONS.map((d) => [
      d,
      (() => {
        const entry = list?.find((e) => e.conversationDuration === d);
        return entry ? centsToDollars(entry.unitPrice) : '';
      })(),
    ]),
  );

/** The list the API takes, or the durations whose text is not an amount. */
export function priceListOf(texts: PriceTexts): { list: PriceEntry[]; invalid: number[] } {
  const list: PriceEntry[] = [];
  const invalid: number[] = [];
  for (const d of DURATIONS) {
    const text = (texts[d] ?? '').trim();
    if (!text) continue;
    const cents = dollarsToCents(text);
    if (cents === null) invalid.push(d);
    else list.push({ conversationDuration: d, unitPrice: cents });
  }
  return { list, invalid };
}
