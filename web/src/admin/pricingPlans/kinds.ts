/** Price agreement kinds in words (spec 2: standard, reserved, institutional), in the page's language. */
import { PRICE_AGREEMENT_KINDS } from '../../../../contracts/enrollment';
import type { Translate } from '../../i18n/useT';

type Kind = (typeof PRICE_AGREEMENT_KINDS)[number];
const isKind = (kind: string): kind is Kind => (PRICE_AGREEMENT_KINDS as readonly string[]).includes(kind);

export const kindName = (kind: string, t: Translate) => (isKind(kind) ? t(`admin.pricing.kind.${kind}`) : kind);
export const kindChoices = (t: Translate) => PRICE_AGREEMENT_KINDS.map((id) => ({ id, name: kindName(id, t) }));
