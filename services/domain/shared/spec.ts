/**
 * Given/when/then for deciders: given past events, when a decision runs on the folded state, then
 * expect these events (or this error).
 */
import assert from 'node:assert/strict';
import { fold, type DomainEvent, type Evolve } from './decider';
import { DomainError, type Refusal } from './errors';

export function deciderSpec<State, Event extends DomainEvent>(evolve: Evolve<State, Event>, initial: () => State) {
  return {
    given(events: Event[]) {
      const state = fold(evolve, initial(), events);
      return {
        when(decision: (state: State) => Event[]) {
          return {
            // biome-ignore lint/suspicious/noThenProperty: given/when/then is the spec's language; nothing awaits it
            then(expected: Event[]) {
              assert.deepEqual(decision(state), expected);
            },
            thenThrows(code: string, message?: string | RegExp) {
              assertDomainError(() => decision(state), code, message);
            },
          };
        },
      };
    },
  };
}

/** Asserts that `run` throws the product's DomainError with this code (and message, when given). */
export function assertDomainError(run: () => unknown, code: string, message?: Refusal | RegExp) {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof DomainError, `expected a DomainError, got ${error}`);
    assert.equal(error.code, code);
    if (typeof message === 'string') assert.equal(error.message, message);
    else if (message && 'text' in message) {
      assert.equal(error.message, message.text);
      assert.deepEqual(error.said, { id: message.id, values: message.values });
    } else if (message) assert.match(error.message, message);
    return true;
  });
}
