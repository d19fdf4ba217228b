import { assign, setup } from 'xstate';
import { AfterMessages } from '../../../contracts/afterConversation';
import { localizeKnown } from '../i18n/translate';

/**
 * The make-up purchase flow (spec 3, Make-up purchase flow): loading → reviewing → purchasing →
 * outcome, on the spec's events. The page does the calls and sends what came back: LOADED with the
 * price (or ERROR: 'Make-up minutes cannot be purchased for this conversation.' when none came
 * back), REVIEWED with the card token, PURCHASED with what was bought, or ERROR with the server's
 * message. An error while loading stays in reviewing, one while purchasing goes to the outcome;
 * REVERT (Try Again) returns to reviewing, RELOAD starts over.
 */
export interface MakeUpOffer {
  totalPrice: number;
  currency: string;
  minuteQuantity: number;
}
export interface MakeUpContext {
  offer: MakeUpOffer | null;
  cardToken: string | null;
  purchased: { minuteQuantity: number; amount: number } | null;
  error: string | null;
}
export type MakeUpEvent =
  | { type: 'LOADED'; offer: MakeUpOffer | null }
  | { type: 'ERROR'; message: string }
  | { type: 'REVIEWED'; cardToken: string }
  | { type: 'PURCHASED'; purchased: boolean; minuteQuantity: number; amount: number }
  | { type: 'RELOAD' }
  | { type: 'REVERT' };

export const makeUpMachine = setup({
  types: { context: {} as MakeUpContext, events: {} as MakeUpEvent },
}).createMachine({
  id: 'makeUp',
  initial: 'loading',
  context: { offer: null, cardToken: null, purchased: null, error: null },
  on: { RELOAD: { target: '.loading', actions: assign({ offer: null, cardToken: null, purchased: null, error: null }) } },
  states: {
    loading: {
      on: {
        LOADED: {
          target: 'reviewing',
          actions: assign(({ event }) => ({
            offer: event.offer,
            error: event.offer ? null : localizeKnown(AfterMessages.makeUpUnavailable),
          })),
        },
        ERROR: { target: 'reviewing', actions: assign(({ event }) => ({ error: event.message })) },
      },
    },
    reviewing: {
      on: {
        REVIEWED: {
          guard: ({ context }) => !!context.offer,
          target: 'purchasing',
          actions: assign(({ event }) => ({ cardToken: event.cardToken, error: null })),
        },
      },
    },
    purchasing: {
      on: {
        PURCHASED: [
          {
            guard: ({ event }) => event.purchased,
            target: 'outcome',
            actions: assign(({ event }) => ({ purchased: { minuteQuantity: event.minuteQuantity, amount: event.amount }, error: null })),
          },
          { target: 'outcome', actions: assign(() => ({ error: localizeKnown(AfterMessages.makeUpFailed) })) },
        ],
        ERROR: { target: 'outcome', actions: assign(({ event }) => ({ error: event.message })) },
      },
    },
    outcome: {
      on: {
        REVERT: { guard: ({ context }) => !context.purchased, target: 'reviewing', actions: assign({ error: null, cardToken: null }) },
      },
    },
  },
});
