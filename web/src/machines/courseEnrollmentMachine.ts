import { and, assign, fromPromise, setup } from 'xstate';
import type { EnrolledWith, OutcomeTitles } from '../../../contracts/enrollment';
import {
  inviteNumberError,
  normalizeInviteNumber,
  normalizeRedemptionCode,
  redemptionCodeError,
} from '../../../contracts/validation/enrollment';

/**
 * Enrolling in a course by invite number (spec 1, Course enrollment flow):
 *
 *   finding → acknowledging → institutionalEnrolling | cardEnrolling ⇄ code → outcome
 *
 * finding looks the number up (errors stay in finding); acknowledging needs the agreement ticked
 * and then goes by the course's price agreement; card and code swap; every enrolling state ends in
 * outcome, with the way it enrolled (credit_card, redemption_code, institutional) or with the
 * error. REVERT from any step goes back to finding and forgets everything. The page provides the
 * real actors (`findCourse`, `checkCode`, `enroll`); a card is tokenised by the card form before PAY.
 *
 * A code is looked at before it is redeemed (code: idle → checking → confirming → redeeming): the
 * student sees what it gives against what the course needs (`codeWorthText`) and confirms or goes
 * back. An unknown or used code stays the step's own error, so a typo can be fixed.
 */
export interface EnrollingCourse {
  id: string;
  name: string;
  inviteNumber: string;
  priceAgreement: { kind: string };
  prices: { unitPrice: number; totalQuantity: number; totalPrice: number; currency: string } | null;
  [key: string]: unknown;
}

/** What a redemption code is worth (enrollingCode). */
export interface CodeWorth {
  value: string;
  minuteQuantity: number;
  duration: number;
  quantity: number;
}

export interface EnrollResult {
  enrolledWith: EnrolledWith;
  /** Minor units charged, when paid by card. */
  amount: number | null;
  minuteQuantity: number;
}

/** An error as the page's actors throw it: the server's message and its code. */
export interface FlowError {
  message: string;
  code?: string | null;
}

export type EnrollmentMethod = 'credit_card' | 'redemption_code' | 'institutional';

export interface CourseEnrollmentContext {
  inviteNumber: string;
  course: EnrollingCourse | null;
  agreed: boolean;
  /** The error of the current step (finding, or a field in a step), or of the failed enrollment. */
  error: string | null;
  errorCode: string | null;
  method: EnrollmentMethod | null;
  result: EnrollResult | null;
  /** What the current enrolling step sends: the card token or the normalised code. */
  cardToken: string | null;
  code: string | null;
  /** The code being confirmed: what it gives. */
  codeWorth: CodeWorth | null;
}

export type CourseEnrollmentEvent =
  | { type: 'FIND'; inviteNumber: string }
  | { type: 'AGREE'; agreed: boolean }
  | { type: 'CONTINUE' }
  | { type: 'ENROLL' }
  | { type: 'PAY'; cardToken: string }
  | { type: 'USE_CODE' }
  | { type: 'USE_CARD' }
  | { type: 'REDEEM'; code: string }
  | { type: 'CONFIRM' }
  | { type: 'BACK' }
  | { type: 'RETRY' }
  | { type: 'REVERT' };

export interface EnrollRequest {
  inviteNumber: string;
  cardToken?: string;
  code?: string;
}

const toFlowError = (error: unknown): FlowError => {
  if (error && typeof error === 'object' && 'message' in error) {
    return { message: String((error as FlowError).message), code: (error as FlowError).code ?? null };
  }
  return { message: String(error) };
};

const initialContext = (): CourseEnrollmentContext => ({
  inviteNumber: '',
  course: null,
  agreed: false,
  error: null,
  errorCode: null,
  method: null,
  result: null,
  cardToken: null,
  code: null,
  codeWorth: null,
});

export type OutcomeKey = keyof typeof OutcomeTitles;

/** Which outcome screen's title (spec 1, Outcome screens and section 8): `enrollment.outcome.title.<key>` in the catalogs. */
export function outcomeKey(context: Pick<CourseEnrollmentContext, 'result' | 'method' | 'errorCode'>): OutcomeKey {
  if (context.result) return context.result.enrolledWith;
  if (context.errorCode === 'CONFLICT') return 'failedEnrollment';
  if (context.method === 'credit_card') return 'failedPayment';
  if (context.method === 'redemption_code') return 'failedCode';
  return 'failedEnrolling';
}

export const courseEnrollmentMachine = setup({
  types: {
    context: {} as CourseEnrollmentContext,
    events: {} as CourseEnrollmentEvent,
    input: {} as { inviteNumber?: string | null } | undefined,
  },
  actors: {
    findCourse: fromPromise<EnrollingCourse, { inviteNumber: string }>(async () => {
      throw new Error('findCourse is provided by the page');
    }),
    checkCode: fromPromise<CodeWorth, { code: string }>(async () => {
      throw new Error('checkCode is provided by the page');
    }),
    enroll: fromPromise<EnrollResult, EnrollRequest>(async () => {
      throw new Error('enroll is provided by the page');
    }),
  },
  guards: {
    validInviteNumber: ({ event }) => event.type === 'FIND' && inviteNumberError(event.inviteNumber) === null,
    agreed: ({ context }) => context.agreed,
    institutional: ({ context }) => context.course?.priceAgreement.kind === 'institutional',
    validCode: ({ event }) => event.type === 'REDEEM' && redemptionCodeError(event.code) === null,
    hasToken: ({ event }) => event.type === 'PAY' && !!event.cardToken,
    failedByCard: ({ context }) => context.method === 'credit_card',
    failedByCode: ({ context }) => context.method === 'redemption_code',
  },
  actions: {
    reset: assign(() => initialContext()),
    clearError: assign({ error: null, errorCode: null }),
    keepError: assign(({ event }) => {
      const e = toFlowError((event as unknown as { error: unknown }).error);
      return { error: e.message, errorCode: e.code ?? null };
    }),
  },
}).createMachine({
  id: 'courseEnrollment',
  initial: 'finding',
  context: ({ input }) => ({ ...initialContext(), inviteNumber: input?.inviteNumber ?? '' }),
  on: {
    REVERT: { target: '.finding', actions: 'reset' },
  },
  states: {
    finding: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            FIND: [
              {
                guard: 'validInviteNumber',
                target: 'searching',
                actions: assign(({ event }) => ({ inviteNumber: normalizeInviteNumber(event.inviteNumber), error: null, errorCode: null })),
              },
              {
                actions: assign(({ event }) => ({
                  inviteNumber: event.inviteNumber,
                  error: inviteNumberError(event.inviteNumber),
                  errorCode: 'BAD_USER_INPUT',
                })),
              },
            ],
          },
        },
        searching: {
          invoke: {
            src: 'findCourse',
            input: ({ context }) => ({ inviteNumber: context.inviteNumber }),
            onDone: {
              target: '#courseEnrollment.acknowledging',
              actions: assign(({ event }) => ({ course: event.output, agreed: false })),
            },
            // Errors in finding stay in finding (spec 1).
            onError: { target: 'idle', actions: 'keepError' },
          },
        },
      },
    },
    acknowledging: {
      on: {
        AGREE: { actions: assign(({ event }) => ({ agreed: event.agreed })) },
        CONTINUE: [
          { guard: and(['agreed', 'institutional']), target: 'institutionalEnrolling' },
          { guard: 'agreed', target: 'cardEnrolling' },
        ],
      },
    },
    institutionalEnrolling: {
      entry: assign({ method: 'institutional' as const }),
      initial: 'idle',
      states: {
        idle: { on: { ENROLL: 'submitting' } },
        submitting: {
          invoke: {
            src: 'enroll',
            input: ({ context }) => ({ inviteNumber: context.inviteNumber }),
            onDone: {
              target: '#courseEnrollment.outcome',
              actions: assign(({ event }) => ({ result: event.output, error: null, errorCode: null })),
            },
            onError: { target: '#courseEnrollment.outcome', actions: 'keepError' },
          },
        },
      },
    },
    cardEnrolling: {
      entry: assign({ method: 'credit_card' as const }),
      initial: 'idle',
      states: {
        idle: {
          on: {
            PAY: {
              guard: 'hasToken',
              target: 'paying',
              actions: assign(({ event }) => ({ cardToken: event.cardToken, error: null, errorCode: null })),
            },
            USE_CODE: { target: '#courseEnrollment.code', actions: 'clearError' },
          },
        },
        // A second PAY while paying (a double click) is ignored here.
        paying: {
          invoke: {
            src: 'enroll',
            input: ({ context }) => ({ inviteNumber: context.inviteNumber, cardToken: context.cardToken! }),
            onDone: {
              target: '#courseEnrollment.outcome',
              actions: assign(({ event }) => ({ result: event.output, error: null, errorCode: null })),
            },
            onError: { target: '#courseEnrollment.outcome', actions: 'keepError' },
          },
        },
      },
    },
    code: {
      entry: assign({ method: 'redemption_code' as const }),
      initial: 'idle',
      states: {
        idle: {
          on: {
            REDEEM: [
              {
                guard: 'validCode',
                target: 'checking',
                actions: assign(({ event }) => ({
                  code: normalizeRedemptionCode(event.code),
                  codeWorth: null,
                  error: null,
                  errorCode: null,
                })),
              },
              // A badly typed code is the step's own error, not an outcome.
              { actions: assign(({ event }) => ({ error: redemptionCodeError(event.code), errorCode: 'BAD_USER_INPUT' })) },
            ],
            USE_CARD: { target: '#courseEnrollment.cardEnrolling', actions: 'clearError' },
          },
        },
        // What is the code worth? Nothing is redeemed yet; an unknown or used code stays here.
        checking: {
          invoke: {
            src: 'checkCode',
            input: ({ context }) => ({ code: context.code! }),
            onDone: { target: 'confirming', actions: assign(({ event }) => ({ codeWorth: event.output })) },
            onError: { target: 'idle', actions: 'keepError' },
          },
        },
        // The student compares what the code gives with what the course needs, then confirms or goes back.
        confirming: {
          on: {
            CONFIRM: 'redeeming',
            BACK: { target: 'idle', actions: assign({ codeWorth: null }) },
            USE_CARD: { target: '#courseEnrollment.cardEnrolling', actions: assign({ codeWorth: null, error: null, errorCode: null }) },
          },
        },
        redeeming: {
          invoke: {
            src: 'enroll',
            input: ({ context }) => ({ inviteNumber: context.inviteNumber, code: context.code! }),
            onDone: {
              target: '#courseEnrollment.outcome',
              actions: assign(({ event }) => ({ result: event.output, error: null, errorCode: null })),
            },
            onError: { target: '#courseEnrollment.outcome', actions: 'keepError' },
          },
        },
      },
    },
    outcome: {
      on: {
        // Try Again: back to the step that failed, with the course kept.
        RETRY: [
          { guard: ({ context }) => !!context.result, target: 'finding', actions: 'reset' },
          { guard: 'failedByCard', target: 'cardEnrolling', actions: 'clearError' },
          { guard: 'failedByCode', target: 'code', actions: 'clearError' },
          { target: 'institutionalEnrolling', actions: 'clearError' },
        ],
      },
    },
  },
});
