/**
 * Redemption codes. A set (stream redemption-set-<id>) is made with all its codes at once; each
 * code has its own stream code-<value> (value without its version prefix), created with no_stream
 * so a value is never issued twice, and redeemed once (its version guards concurrent redemptions).
 */
import crypto from 'node:crypto';
import { EnrollmentMessages } from '../../../contracts/enrollment';
import { redemptionSetFieldErrors } from '../../../contracts/validation/enrollment';
import type { DomainEvent } from '../shared/decider';
import { DomainError, assertNoFieldErrors, badInput } from '../shared/errors';

export const CODE_VERSION = 'v1';
/** Letters that cannot be mistaken for each other or for digits: no I, L, O. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ';
export const CODE_LENGTH = 10;

export const codeStream = (normalizedValue: string) => `code-${normalizedValue}`;
export const redemptionSetStream = (setId: string) => `redemption-set-${setId}`;

/** Ten letters from the alphabet, from the operating system's random source. */
export function randomCode(): string {
  let out = '';
  for (let i = 0; i < CODE_LENGTH; i++) out += CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)];
  return out;
}

/** The value as shown: without its version prefix, e.g. v1ABCDEFGHJK → ABCDEFGHJK. */
export const displayCodeValue = (value: string) => value.replace(/^v\d+/, '');

export type RedemptionSetCreated = DomainEvent<
  'RedemptionSetCreated',
  {
    redemptionSetId: string;
    name: string;
    fillLimit: number;
    duration: number;
    quantity: number;
    minuteQuantity: number;
    createdBy: string | null;
    codes: { redemptionCodeId: string; value: string }[];
  }
>;
export type RedemptionCodeIssued = DomainEvent<
  'RedemptionCodeIssued',
  {
    redemptionCodeId: string;
    value: string;
    valueVersion: string;
    redemptionSetId: string;
    minuteQuantity: number;
  }
>;
export type RedemptionCodeRedeemed = DomainEvent<
  'RedemptionCodeRedeemed',
  {
    redemptionCodeId: string;
    accountId: string;
    courseId: string | null;
    enrollmentId: string | null;
  }
>;
export type CodeEvent = RedemptionCodeIssued | RedemptionCodeRedeemed;

export interface CodeState {
  issued: RedemptionCodeIssued['data'] | null;
  redeemed: RedemptionCodeRedeemed['data'] | null;
}
export const initialCode = (): CodeState => ({ issued: null, redeemed: null });
export function evolveCode(state: CodeState, event: CodeEvent): CodeState {
  switch (event.type) {
    case 'RedemptionCodeIssued':
      return { ...state, issued: event.data };
    case 'RedemptionCodeRedeemed':
      return { ...state, redeemed: event.data };
    default:
      return state;
  }
}

export function decideCreateRedemptionSet(cmd: {
  redemptionSetId: string;
  name: string;
  fillLimit: number;
  duration?: number | null;
  quantity?: number | null;
  createdBy: string | null;
  newId: () => string;
  newCode: () => string;
}): { set: RedemptionSetCreated; codes: RedemptionCodeIssued[] } {
  const duration = cmd.duration ?? 15;
  const quantity = cmd.quantity ?? 1;
  assertNoFieldErrors(redemptionSetFieldErrors({ name: cmd.name, fillLimit: cmd.fillLimit, duration, quantity }));
  const minuteQuantity = duration * quantity;
  const values = new Set<string>();
  while (values.size < cmd.fillLimit) values.add(cmd.newCode());
  const codes: RedemptionCodeIssued[] = [...values].map((v) => ({
    type: 'RedemptionCodeIssued',
    data: {
      redemptionCodeId: cmd.newId(),
      value: `${CODE_VERSION}${v}`,
      valueVersion: CODE_VERSION,
      redemptionSetId: cmd.redemptionSetId,
      minuteQuantity,
    },
  }));
  return {
    set: {
      type: 'RedemptionSetCreated',
      data: {
        redemptionSetId: cmd.redemptionSetId,
        name: cmd.name.trim(),
        fillLimit: cmd.fillLimit,
        duration,
        quantity,
        minuteQuantity,
        createdBy: cmd.createdBy,
        codes: codes.map((c) => ({ redemptionCodeId: c.data.redemptionCodeId, value: c.data.value })),
      },
    },
    codes,
  };
}

export function decideRedeemCode(
  state: CodeState,
  cmd: { accountId: string; courseId: string | null; enrollmentId: string | null },
): RedemptionCodeRedeemed[] {
  if (!state.issued) throw badInput(EnrollmentMessages.codeNotFound, { code: EnrollmentMessages.codeNotFound });
  if (state.redeemed)
    throw new DomainError('CONFLICT', EnrollmentMessages.codeAlreadyRedeemed, { code: EnrollmentMessages.codeAlreadyRedeemed });
  return [{ type: 'RedemptionCodeRedeemed', data: { redemptionCodeId: state.issued.redemptionCodeId, ...cmd } }];
}
