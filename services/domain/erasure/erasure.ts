/**
 * Erasure by crypto-shredding (issue 34, docs/decisions/erasure.md): a person's erasure, stream
 * erasure-<personId>. Requested by the person or an admin, refused while the person has an
 * obligation the school may keep (saying which), carried out by a job once the grace period has
 * passed unless cancelled. The events carry ids and times only: no name, no address.
 */
import type { DomainEvent } from '../shared/decider';
import { knownRefusal } from '../../i18n/translate';
import { conflict, type Said } from '../shared/errors';

export const erasureStream = (personId: string) => `erasure-${personId}`;

/** Days between the request and the erasure, unless ERASURE_GRACE_DAYS says otherwise. */
export const DEFAULT_ERASURE_GRACE_DAYS = 30;
export const MAX_ERASURE_GRACE_DAYS = 365;

/** Something the school may keep the person's data for (law lets it), named in the refusal. */
export type Obligation = { kind: 'payroll'; month: string } | { kind: 'enrollment'; courseName: string; endDate: string | null };

export const ErasureMessages = {
  pending: 'An erasure of this person is already requested.',
  erased: 'This person is already erased.',
  notPending: 'No erasure of this person is waiting to be carried out.',
  obligations: (obligations: readonly Obligation[]) =>
    knownRefusal('errors.personErasure.obligations', { obligations: obligations.map(describeObligation), count: obligations.length }),
} as const;

function describeObligation(o: Obligation): Said {
  if (o.kind === 'payroll') return { id: 'errors.personErasure.obligation.payroll', values: { month: o.month } };
  return o.endDate
    ? { id: 'errors.personErasure.obligation.courseRunsUntil', values: { courseName: o.courseName, endDate: o.endDate } }
    : { id: 'errors.personErasure.obligation.courseNotEnded', values: { courseName: o.courseName } };
}

export type ErasureRequested = DomainEvent<
  'ErasureRequested',
  { erasureId: string; personId: string; requestedBy: string | null; eraseAfter: string; at: string }
>;
export type ErasureCancelled = DomainEvent<
  'ErasureCancelled',
  { erasureId: string; personId: string; cancelledBy: string | null; at: string }
>;
/** The person's keys are destroyed: every personal field of theirs in the log reads as erased. */
export type PersonErased = DomainEvent<'PersonErased', { erasureId: string; personId: string; at: string }>;
export type ErasureEvent = ErasureRequested | ErasureCancelled | PersonErased;

export const ERASURE_EVENT_TYPES = ['ErasureRequested', 'ErasureCancelled', 'PersonErased'] as const;

export type ErasureState =
  | { status: 'none' }
  | { status: 'pending'; erasureId: string; eraseAfter: string }
  | { status: 'erased'; erasureId: string; at: string };

export const initialErasure = (): ErasureState => ({ status: 'none' });

export function evolveErasure(state: ErasureState, event: ErasureEvent): ErasureState {
  switch (event.type) {
    case 'ErasureRequested':
      return { status: 'pending', erasureId: event.data.erasureId, eraseAfter: event.data.eraseAfter };
    case 'ErasureCancelled':
      return { status: 'none' };
    case 'PersonErased':
      return { status: 'erased', erasureId: event.data.erasureId, at: event.data.at };
    default:
      return state;
  }
}

export function decideRequestErasure(
  state: ErasureState,
  input: { erasureId: string; personId: string; requestedBy: string | null; obligations: readonly Obligation[]; graceDays: number },
  now: Date,
): ErasureRequested[] {
  if (state.status === 'pending') throw conflict(ErasureMessages.pending);
  if (state.status === 'erased') throw conflict(ErasureMessages.erased);
  if (input.obligations.length) throw conflict(ErasureMessages.obligations(input.obligations));
  const eraseAfter = new Date(now.getTime() + input.graceDays * 24 * 3_600_000).toISOString();
  const { erasureId, personId, requestedBy } = input;
  return [{ type: 'ErasureRequested', data: { erasureId, personId, requestedBy, eraseAfter, at: now.toISOString() } }];
}

export function decideCancelErasure(
  state: ErasureState,
  input: { personId: string; cancelledBy: string | null },
  now: Date,
): ErasureCancelled[] {
  if (state.status !== 'pending') throw conflict(state.status === 'erased' ? ErasureMessages.erased : ErasureMessages.notPending);
  return [{ type: 'ErasureCancelled', data: { erasureId: state.erasureId, ...input, at: now.toISOString() } }];
}

/**
 * Whether the job may erase now: the erasure it was scheduled for is still pending (not cancelled,
 * not asked again), its grace period is over, and no obligation has appeared meanwhile.
 */
export function erasureDue(
  state: ErasureState,
  erasureId: string,
  now: Date,
): { due: true } | { due: false; why: 'cancelled' | 'erased' | 'early'; at?: string } {
  if (state.status === 'erased') return { due: false, why: 'erased' };
  if (state.status !== 'pending' || state.erasureId !== erasureId) return { due: false, why: 'cancelled' };
  if (Date.parse(state.eraseAfter) > now.getTime()) return { due: false, why: 'early', at: state.eraseAfter };
  return { due: true };
}

export function decideErased(state: ErasureState, input: { erasureId: string; personId: string }, now: Date): PersonErased[] {
  if (state.status !== 'pending' || state.erasureId !== input.erasureId) return [];
  return [{ type: 'PersonErased', data: { ...input, at: now.toISOString() } }];
}
