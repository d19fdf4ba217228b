/** Price agreement kinds in words (spec 2: standard, reserved, institutional). */
import { PRICE_AGREEMENT_KINDS } from '../../../../contracts/enrollment';

const NAMES: Record<string, string> = { standard: 'Standard', reserved: 'Reserved', institutional: 'Institutional (paid by the school)' };

export const kindName = (kind: string) => NAMES[kind] ?? kind;
export const KIND_CHOICES = PRICE_AGREEMENT_KINDS.map((id) => ({ id, name: kindName(id) }));
