/** The template decider (stream template-<id>): a course record instructors make courses from. */
import type { PriceAgreementKind, Proficiency } from '../../../contracts/enrollment';
import { PRICE_AGREEMENT_KINDS } from '../../../contracts/enrollment';
import { todayIn } from '../../../contracts/calendarDate';
import { courseFieldErrors } from '../../../contracts/validation/enrollment';
import type { DecisionContext } from '../shared/decider';
import { assertNoFieldErrors, conflict, notFound, unauthorized } from '../shared/errors';
import type { TemplateChanged, TemplateCreated, TemplateEvent } from './events';
import { CatalogMessages } from './messages';

export interface TemplateState {
  template: TemplateCreated['data'] | null;
  removed: boolean;
}
export const initialTemplate = (): TemplateState => ({ template: null, removed: false });
export function evolveTemplate(state: TemplateState, event: TemplateEvent): TemplateState {
  switch (event.type) {
    case 'TemplateCreated':
      return { ...state, template: event.data };
    case 'TemplateChanged': {
      const { templateId: _t, ...fields } = event.data;
      return state.template ? { ...state, template: { ...state.template, ...fields } } : state;
    }
    case 'TemplateRemoved':
      return { ...state, removed: true };
    default:
      return state;
  }
}

/** A template that exists, is not removed and belongs to the actor (or the actor is an admin). */
export function ownedTemplate(state: TemplateState, ctx: DecisionContext) {
  if (!state.template || state.removed) throw notFound(CatalogMessages.templateNotFound);
  const privileged = ctx.actor.roles.includes('ADMIN') || ctx.actor.roles.includes('SYSTEM');
  if (!privileged && state.template.ownerId !== ctx.actor.accountId) throw unauthorized(CatalogMessages.templateNotOwner);
  return state.template;
}

/**
 * changeTemplate: the fields given replace the template's; requirements (completion and duration)
 * change only for a standard price agreement (spec 3: sent only when the kind is standard).
 */
export function decideChangeTemplate(
  state: TemplateState,
  cmd: {
    name?: string | null;
    language?: string | null;
    proficiency?: string | null;
    completionRequirement?: number | null;
    durationRequirement?: number | null;
  },
  ctx: DecisionContext,
): TemplateChanged[] {
  const t = ownedTemplate(state, ctx);
  const standard = t.priceAgreementKind === 'standard';
  const next = {
    name: cmd.name ?? t.name,
    language: cmd.language ?? t.language,
    proficiency: cmd.proficiency ?? t.proficiency,
    completionRequirement: standard ? (cmd.completionRequirement ?? t.completionRequirement) : t.completionRequirement,
    durationRequirement: standard ? (cmd.durationRequirement ?? t.durationRequirement) : t.durationRequirement,
  };
  assertNoFieldErrors(courseFieldErrors({ ...next, startDate: null, endDate: null }, todayIn(null, ctx.now), { datesRequired: false }));
  return [
    {
      type: 'TemplateChanged',
      data: { templateId: t.templateId, ...next, name: next.name.trim(), proficiency: next.proficiency as Proficiency },
    },
  ];
}

/** removeTemplate: the template goes; courses made from it stay. */
export function decideRemoveTemplate(state: TemplateState, ctx: DecisionContext): TemplateEvent[] {
  const t = ownedTemplate(state, ctx);
  return [{ type: 'TemplateRemoved', data: { templateId: t.templateId } }];
}

export function decideCreateTemplate(
  state: TemplateState,
  cmd: {
    templateId: string;
    name: string;
    language: string;
    proficiency: string;
    completionRequirement: number;
    durationRequirement: number;
    ownerId: string | null;
    priceAgreementKind?: string | null;
  },
  ctx: DecisionContext,
): TemplateCreated[] {
  if (state.template) throw conflict(CatalogMessages.templateExists);
  const fields = courseFieldErrors({ ...cmd, startDate: null, endDate: null }, todayIn(null, ctx.now), { datesRequired: false });
  const kind = (cmd.priceAgreementKind ?? 'standard') as PriceAgreementKind;
  if (!PRICE_AGREEMENT_KINDS.includes(kind)) fields.priceAgreementKind = 'The kind is standard, reserved or institutional.';
  assertNoFieldErrors(fields);
  return [
    {
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
    },
  ];
}
