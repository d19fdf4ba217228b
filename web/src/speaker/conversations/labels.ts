/**
 * What the speaker's conversation screens say, from the server's status and policies (spec 2,
 * "Start button label", "Cancel", "Transfer"; spec 3, "Speaker conversations list"). Pure.
 */
import type { ConversationStatus } from '../../gql/graphql';
import { translateOr } from '../../i18n/translate';

export type StartLabel = 'Too Early' | 'Start' | 'Resume' | 'Cannot Start';

/** reserved and not openable: Too Early; reserved and openable: Start; opened or started: Resume; otherwise Cannot Start (a canceled one too). */
export function startLabel(c: { status: ConversationStatus; isCanceled: boolean; openablePolicy: { isOpenable: boolean } }): StartLabel {
  if (c.isCanceled) return 'Cannot Start';
  if (c.status === 'opened' || c.status === 'started') return 'Resume';
  if (c.status === 'reserved') return c.openablePolicy.isOpenable ? 'Start' : 'Too Early';
  return 'Cannot Start';
}

/** Whether the spec would enable Start: openable, or already opened or started. */
export function startEnabled(c: { status: ConversationStatus; isCanceled: boolean; openablePolicy: { isOpenable: boolean } }): boolean {
  return !c.isCanceled && (c.openablePolicy.isOpenable || c.status === 'opened' || c.status === 'started');
}

export type CancelLabel = 'Cancel' | 'Canceled' | 'Cannot Cancel';

export function cancelLabel(c: { isCanceled: boolean; cancellationPolicy: { isCancelable: boolean } }): CancelLabel {
  if (c.isCanceled) return 'Canceled';
  return c.cancellationPolicy.isCancelable ? 'Cancel' : 'Cannot Cancel';
}

export function transferLabel(c: {
  isCanceled: boolean;
  transferablePolicy: { isTransferable: boolean; transferableTo: readonly unknown[] };
}): 'Transfer' | 'Cannot Transfer' {
  return !c.isCanceled && c.transferablePolicy.isTransferable && c.transferablePolicy.transferableTo.length > 0
    ? 'Transfer'
    : 'Cannot Transfer';
}

/** A list chip for opened and started (spec 3); none otherwise. */
export function statusChip(status: ConversationStatus): string | null {
  if (status === 'opened') return translateOr('speaker.conversations.status.opened', 'Opened');
  if (status === 'started') return translateOr('speaker.conversations.status.started', 'Started');
  return null;
}

/**
 * Action needed (the list's warning icon): the start has passed and the conversation is still
 * waiting for the speaker (reserved: not started yet; stopped: not marked yet). A marked one waits
 * for nothing.
 */
export function needsAction(
  c: { status: ConversationStatus; reservedStart: string; markedAs?: string | null },
  now: number = Date.now(),
): boolean {
  return !c.markedAs && (c.status === 'reserved' || c.status === 'stopped') && Date.parse(c.reservedStart) <= now;
}

/** A person as the speaker sees them: the display name, else the given name and surname (never an address). */
export function personName(
  p: { displayName: string | null; givenName: string | null; surname: string | null } | null | undefined,
  fallback = 'Unnamed',
): string {
  if (!p) return fallback;
  const full = [p.givenName, p.surname].filter(Boolean).join(' ').trim();
  return p.displayName?.trim() || full || fallback;
}

const PROFICIENCY = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' } as const;
const isProficiency = (value: string): value is keyof typeof PROFICIENCY => Object.hasOwn(PROFICIENCY, value);

/** A course's level in the page's language; a level the web does not know yet as the server says it. */
export const proficiencyLabel = (value: string | null | undefined) => {
  if (!value) return '—';
  return isProficiency(value) ? translateOr(`speaker.conversation.level.${value}`, PROFICIENCY[value]) : value;
};

/** A conversation's status for its details: every status in the page's language (the list shows only opened and started). */
export const statusLabel = (status: ConversationStatus): string =>
  translateOr(`speaker.conversations.status.${status}`, status.charAt(0).toUpperCase() + status.slice(1));
