import { assign, fromPromise, setup } from 'xstate';

export const SIGN_OUT_FAILED_MESSAGE = 'Your account did not sign out. Please try again shortly.';

/**
 * The sign-out screen (spec 1, Auth routes and section 4): idle shows 'Sign out', signingOut
 * shows 'Signing out ...', signedOut shows the success text; a failure keeps the message and lets
 * the user try again. The page provides the real `logout` actor (server call, then cookies).
 */
export const signOutMachine = setup({
  types: {
    context: {} as { error: string | null },
    events: {} as { type: 'SIGN_OUT' },
  },
  actors: {
    logout: fromPromise<void>(async () => {
      throw new Error('logout is provided by the page');
    }),
  },
}).createMachine({
  id: 'signOut',
  initial: 'idle',
  context: { error: null },
  states: {
    idle: { on: { SIGN_OUT: 'signingOut' } },
    signingOut: {
      entry: assign({ error: null }),
      invoke: {
        src: 'logout',
        onDone: 'signedOut',
        onError: {
          target: 'idle',
          actions: assign({
            error: ({ event }) => (event.error instanceof Error && event.error.message) || SIGN_OUT_FAILED_MESSAGE,
          }),
        },
      },
    },
    signedOut: { type: 'final' },
  },
});
