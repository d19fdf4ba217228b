import { assign, fromPromise, setup } from 'xstate';
import { EnrollmentMessages, MAX_EXTRA_CONVERSATIONS } from '../../../contracts/enrollment';
import type { EnrollResult, EnrollingCourse, FlowError } from './courseEnrollmentMachine';
import { localizeKnown } from '../i18n/translate';

/**
 * Buying a course adventure (spec 1, Adventure enrollment flow, steps 0 to 4):
 *
 *   loading → previewing → acknowledging → upselling → enrolling → outcome
 *
 * loading fetches the adventure; previewing shows it; acknowledging needs the agreement ticked;
 * upselling picks 0 to 9 extra conversations (the price is asked again for each choice); enrolling
 * pays by card; outcome shows the result. An error stays in the step where it happened, with the
 * adventure wording of the error catalogue. REVERT goes back to the start and reloads.
 */
export interface AdventureContext {
  inviteNumber: string;
  adventure: EnrollingCourse | null;
  agreed: boolean;
  extraConversations: number;
  cardToken: string | null;
  error: string | null;
  errorCode: string | null;
  result: EnrollResult | null;
}

export type AdventureEvent =
  | { type: 'CONTINUE' }
  | { type: 'AGREE'; agreed: boolean }
  | { type: 'SET_EXTRA'; extraConversations: number }
  | { type: 'PAY'; cardToken: string }
  | { type: 'RETRY' }
  | { type: 'REVERT' };

const flowError = (error: unknown): FlowError =>
  error && typeof error === 'object' && 'message' in error
    ? { message: String((error as FlowError).message), code: (error as FlowError).code ?? null }
    : { message: String(error) };

/** Loading errors in the adventure's words: nothing found, already enrolled, or something else. */
export function loadingMessage(error: FlowError): string {
  if (error.code === 'NOT_FOUND') return localizeKnown(EnrollmentMessages.adventureNotFound);
  if (error.code === 'CONFLICT') return localizeKnown(EnrollmentMessages.adventureAlreadyEnrolled);
  return localizeKnown(EnrollmentMessages.adventureFailed);
}

export const STEPS = ['Preview', 'Acknowledge', 'Extra conversations', 'Pay', 'Outcome'] as const;

/** The stepper's active step (0 to 4) for a state. */
export function stepOf(state: { value: unknown }): number {
  const top = typeof state.value === 'string' ? state.value : Object.keys(state.value as object)[0];
  return ({ outcome: 4, enrolling: 3, upselling: 2, acknowledging: 1 } as Record<string, number>)[top] ?? 0;
}

export const adventureEnrollmentMachine = setup({
  types: {
    context: {} as AdventureContext,
    events: {} as AdventureEvent,
    input: {} as { inviteNumber: string },
  },
  actors: {
    loadAdventure: fromPromise<EnrollingCourse, { inviteNumber: string; extraConversations: number }>(async () => {
      throw new Error('loadAdventure is provided by the page');
    }),
    enroll: fromPromise<EnrollResult, { inviteNumber: string; cardToken: string; extraConversations: number }>(async () => {
      throw new Error('enroll is provided by the page');
    }),
  },
  guards: {
    agreed: ({ context }) => context.agreed,
    validExtra: ({ event }) =>
      event.type === 'SET_EXTRA' &&
      Number.isInteger(event.extraConversations) &&
      event.extraConversations >= 0 &&
      event.extraConversations <= MAX_EXTRA_CONVERSATIONS,
    priced: ({ context }) => !context.error && !!context.adventure?.prices,
    hasToken: ({ event }) => event.type === 'PAY' && !!event.cardToken,
    succeeded: ({ context }) => !!context.result,
  },
}).createMachine({
  id: 'adventureEnrollment',
  initial: 'loading',
  context: ({ input }) => ({
    inviteNumber: input.inviteNumber,
    adventure: null,
    agreed: false,
    extraConversations: 0,
    cardToken: null,
    error: null,
    errorCode: null,
    result: null,
  }),
  on: {
    REVERT: {
      target: '.loading',
      reenter: true,
      actions: assign(({ context }) => ({
        adventure: null,
        agreed: false,
        extraConversations: 0,
        cardToken: null,
        error: null,
        errorCode: null,
        result: null,
        inviteNumber: context.inviteNumber,
      })),
    },
  },
  states: {
    loading: {
      initial: 'fetching',
      states: {
        fetching: {
          invoke: {
            src: 'loadAdventure',
            input: ({ context }) => ({ inviteNumber: context.inviteNumber, extraConversations: 0 }),
            onDone: {
              target: '#adventureEnrollment.previewing',
              actions: assign(({ event }) => ({ adventure: event.output, error: null, errorCode: null })),
            },
            onError: {
              target: 'failed',
              actions: assign(({ event }) => {
                const e = flowError(event.error);
                return { error: loadingMessage(e), errorCode: e.code ?? null };
              }),
            },
          },
        },
        // The error is shown in step 0; REVERT reloads.
        failed: {},
      },
    },
    previewing: {
      on: { CONTINUE: 'acknowledging' },
    },
    acknowledging: {
      on: {
        AGREE: { actions: assign(({ event }) => ({ agreed: event.agreed })) },
        CONTINUE: { guard: 'agreed', target: 'upselling' },
      },
    },
    upselling: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            SET_EXTRA: {
              guard: 'validExtra',
              target: 'pricing',
              actions: assign(({ event }) => ({ extraConversations: event.extraConversations, error: null, errorCode: null })),
            },
            CONTINUE: { guard: 'priced', target: '#adventureEnrollment.enrolling' },
          },
        },
        pricing: {
          invoke: {
            src: 'loadAdventure',
            input: ({ context }) => ({ inviteNumber: context.inviteNumber, extraConversations: context.extraConversations }),
            onDone: { target: 'idle', actions: assign(({ event }) => ({ adventure: event.output })) },
            onError: {
              target: 'idle',
              actions: assign(({ event }) => ({
                error: localizeKnown(EnrollmentMessages.adventureExtraConversations),
                errorCode: flowError(event.error).code ?? null,
              })),
            },
          },
        },
      },
    },
    enrolling: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            PAY: {
              guard: 'hasToken',
              target: 'paying',
              actions: assign(({ event }) => ({ cardToken: event.cardToken, error: null, errorCode: null })),
            },
          },
        },
        paying: {
          invoke: {
            src: 'enroll',
            input: ({ context }) => ({
              inviteNumber: context.inviteNumber,
              cardToken: context.cardToken!,
              extraConversations: context.extraConversations,
            }),
            onDone: { target: '#adventureEnrollment.outcome', actions: assign(({ event }) => ({ result: event.output })) },
            onError: {
              target: '#adventureEnrollment.outcome',
              actions: assign(({ event }) => {
                const e = flowError(event.error);
                return { error: e.message || localizeKnown(EnrollmentMessages.adventureFailed), errorCode: e.code ?? null };
              }),
            },
          },
        },
      },
    },
    outcome: {
      on: {
        RETRY: {
          guard: ({ context }) => !context.result,
          target: 'enrolling',
          actions: assign({ error: null, errorCode: null, cardToken: null }),
        },
      },
    },
  },
});
