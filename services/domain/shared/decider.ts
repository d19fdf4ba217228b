/**
 * Shared shapes for deciders (DESIGN.md section 4). A decider is pure: state comes from folding a
 * stream's events with `evolve`, and `decide` turns a command plus state into new events or throws
 * a DomainError. Time and identity arrive in the context, never from globals.
 */
export interface Actor {
  accountId: string | null;
  roles: readonly string[];
}

export interface DecisionContext {
  now: Date;
  actor: Actor;
}

/** An event as a decider produces it: type and data; the handler adds metadata. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export type Evolve<State, Event extends DomainEvent> = (state: State, event: Event) => State;

export function fold<State, Event extends DomainEvent>(
  evolve: Evolve<State, Event>,
  initial: State,
  events: readonly { type: string; data: unknown }[],
): State {
  return events.reduce((state, e) => evolve(state, e as Event), initial);
}

export const SYSTEM_ACTOR: Actor = { accountId: null, roles: ['SYSTEM'] };
