/**
 * Audited access to personal data (issue 34, docs/decisions/privacy-audit.md): every time an admin
 * is shown a person's personal data (the person's page, the quick search with its personal-details
 * switch, an export run for them) the server appends PersonalDataViewed. One stream per person,
 * admin and view keeps the grain cheap: a view of the same person by the same admin on the same
 * screen within ACCESS_WINDOW_MINUTES of the last recorded one records nothing (its last event is
 * all the state there is, read with readLast).
 */
import type { DomainEvent } from '../shared/decider';
import { badInput } from '../shared/errors';

export type PersonalDataView = 'PERSON_PAGE' | 'QUICK_SEARCH' | 'DATA_EXPORT';
export const PERSONAL_DATA_VIEWS: readonly PersonalDataView[] = ['PERSON_PAGE', 'QUICK_SEARCH', 'DATA_EXPORT'];

/** Repeated views of one person by one admin on one screen within this many minutes are one record. */
export const ACCESS_WINDOW_MINUTES = 15;
export const ACCESS_REASON_MAX_LENGTH = 500;
/** At most this many people are recorded for one search (5 a group: 15 people and 5 conversations' two). */
export const ACCESS_RECORDS_PER_SEARCH = 25;

export const dataAccessStream = (personId: string, viewerId: string, view: PersonalDataView) =>
  `data-access-${personId}-${viewerId}-${view.toLowerCase()}`;

export const DataAccessMessages = {
  reasonTooLong: `A reason can be at most ${ACCESS_REASON_MAX_LENGTH} characters.`,
  reasonNotValid: 'A reason cannot contain a NUL character.',
  reasonOwnData: "A reason is given only when an admin exports someone else's data.",
} as const;

/** The reason is the admin's words about the person's case: sealed under the person's key (services/domain/personalData.ts). */
export type PersonalDataViewed = DomainEvent<
  'PersonalDataViewed',
  { personId: string; viewerId: string; view: PersonalDataView; reason: string | null; at: string }
>;

export interface DataAccessState {
  /** When this admin's last recorded view of this person on this screen was. */
  lastAt: string | null;
}

export const initialDataAccess = (): DataAccessState => ({ lastAt: null });

export const evolveDataAccess = (_state: DataAccessState, event: PersonalDataViewed): DataAccessState => ({ lastAt: event.data.at });

/** A reason as stored: trimmed, null when empty; refused when too long or holding a NUL. */
export function accessReason(reason: string | null | undefined): string | null {
  const text = reason?.trim() ?? '';
  if (!text) return null;
  if (text.includes('\u0000')) throw badInput(DataAccessMessages.reasonNotValid, { reason: DataAccessMessages.reasonNotValid });
  if ([...text].length > ACCESS_REASON_MAX_LENGTH)
    throw badInput(DataAccessMessages.reasonTooLong, { reason: DataAccessMessages.reasonTooLong });
  return text;
}

/**
 * Records a view unless it is the admin's own data, or the same view was recorded less than the
 * window ago. An export, and any view given with a reason, is always recorded: it is rare, and what
 * the admin said belongs in the record.
 */
export function decideRecordView(
  state: DataAccessState,
  input: { personId: string; viewerId: string; view: PersonalDataView; reason?: string | null },
  now: Date,
): PersonalDataViewed[] {
  const reason = accessReason(input.reason);
  if (input.personId === input.viewerId) return [];
  const recent = state.lastAt !== null && now.getTime() - Date.parse(state.lastAt) < ACCESS_WINDOW_MINUTES * 60_000;
  if (recent && input.view !== 'DATA_EXPORT' && reason === null) return [];
  const { personId, viewerId, view } = input;
  return [{ type: 'PersonalDataViewed', data: { personId, viewerId, view, reason, at: now.toISOString() } }];
}
