/** The template decider (stream template-<id>): a course record instructors make courses from. */
import type { PriceAgreementKind, Proficiency } from '../../../contracts/enrollment';
import { PRICE_AGREEMENT_KINDS } from '../../../contracts/enrollment';
import { todayIn } from '../../../contracts/calendarDate';
import { courseFieldErrors } from '../../../contracts/validation/enrollment';
import type { DecisionContext } from '../shared/decider';
import { assertNoFieldErrors, conflict } from '../shared/errors';
import type { TemplateCreated } from './events';

export interface TemplateState {
  template: TemplateCreated['data'] | null;
}
export const initialTemplate = (): TemplateState => ({ template: null });
export const evolveTemplate = (state: TemplateState, event: TemplateCreated): TemplateState =>
  event.type === 'TemplateCreated' ? { template: event.data } : state;

export function decideCreateTemplate(
  state: TemplateState,
  cmd: { templateId: string; name: string; language: string; proficiency: string; completionRequirement: number; durationRequirement: number; ownerId: string | null; priceAgreementKind?: string | null },
  ctx: DecisionContext,
): TemplateCreated[] {
  if (state.template) throw conflict('The template already exists.');
  const fields = courseFieldErrors({ ...cmd, startDate: null, endDate: null }, todayIn(null, ctx.now), { datesRequired: false });
  const kind = (cmd.priceAgreementKind ?? 'standard') as PriceAgreementKind;
  if (!PRICE_AGREEMENT_KINDS.includes(kind)) fields.priceAgreementKind = 'The kind is standard, reserved or institutional.';
  assertNoFieldErrors(fields);
  return [{
    type: 'TemplateCreated',
    data: {
      templateId: cmd.templateId,
      name: cmd.name.trim(),
      language: cmd.language,
      proficiency: cmd.proficiency as Proficiency,
      completionRequirement: cmd.completionRequirement,
      durationRequirement: cmd.durationRequirement,
      ownerId: cmd.ownerId,
      priceAgreementKind: kind,
    },
  }];
}
