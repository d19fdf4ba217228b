import { assign, fromPromise, setup } from 'xstate';

/**
 * A role's onboarding dialog (spec 3: speaker onboarding steps; the student and instructor dialogs
 * reuse it). Steps 0..last-1 collect fields; the last one is congratulations:
 *
 *   editing(step) —NEXT→ saving —done→ editing(step + 1) … —done on the last form step→ finishing
 *   finishing —done→ done (congratulations)        finishing —error→ failed ('Huh, something went wrong')
 *   failed —BACK→ editing(last form step)            editing —BACK→ editing(step − 1)
 *
 * Every step is saved before the next one shows (changeUser; the headshot by uploadHeadshot), so a
 * person who leaves comes back to what they entered. `finishing` calls onboardAccount.
 */
export interface OnboardingContext {
  step: number;
  /** Steps in all, congratulations included. */
  stepCount: number;
  /** A save's error, shown in its step; onboardAccount's in `failed`. */
  error: string | null;
}

export type OnboardingEvent = { type: 'NEXT'; values: Record<string, unknown> } | { type: 'BACK' } | { type: 'GO'; step: number };

const messageOf = (error: unknown) =>
  error && typeof error === 'object' && 'message' in error ? String((error as Error).message) : String(error);

export const onboardingMachine = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    input: {} as { stepCount: number; step?: number },
  },
  actors: {
    saveStep: fromPromise<void, { step: number; values: Record<string, unknown> }>(async () => {
      throw new Error('saveStep is provided by the dialog');
    }),
    onboard: fromPromise<void, void>(async () => {
      throw new Error('onboard is provided by the dialog');
    }),
  },
  guards: {
    lastFormStep: ({ context }) => context.step >= context.stepCount - 2,
    canGoBack: ({ context }) => context.step > 0,
  },
}).createMachine({
  id: 'onboarding',
  initial: 'editing',
  context: ({ input }) => ({ step: Math.min(input.step ?? 0, Math.max(0, input.stepCount - 2)), stepCount: input.stepCount, error: null }),
  states: {
    editing: {
      on: {
        NEXT: { target: 'saving' },
        BACK: { guard: 'canGoBack', actions: assign(({ context }) => ({ step: context.step - 1, error: null })) },
        GO: { actions: assign(({ context, event }) => ({ step: Math.max(0, Math.min(event.step, context.stepCount - 2)), error: null })) },
      },
    },
    saving: {
      invoke: {
        src: 'saveStep',
        input: ({ context, event }) => ({ step: context.step, values: event.type === 'NEXT' ? event.values : {} }),
        onDone: [
          { guard: 'lastFormStep', target: 'finishing', actions: assign({ error: null }) },
          { target: 'editing', actions: assign(({ context }) => ({ step: context.step + 1, error: null })) },
        ],
        onError: { target: 'editing', actions: assign(({ event }) => ({ error: messageOf(event.error) })) },
      },
    },
    finishing: {
      invoke: {
        src: 'onboard',
        onDone: { target: 'done', actions: assign(({ context }) => ({ step: context.stepCount - 1, error: null })) },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: messageOf(event.error) })) },
      },
    },
    failed: {
      on: { BACK: { target: 'editing', actions: assign({ error: null }) } },
    },
    done: { type: 'final' },
  },
});
