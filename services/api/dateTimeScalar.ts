/**
 * The `DateTime` scalar: an instant, ISO 8601 (`2026-11-23T15:30:00Z`), serialized in UTC. Input
 * is strict: every part a real calendar value (no 31 November, no 30 February, no hour 24), years
 * 1 to 9999 (what PostgreSQL and every read model hold); a value without an offset is UTC, never
 * the server's zone. A bad value is BAD_USER_INPUT before any resolver runs; for a variable,
 * GraphQL names the field (`… at "input.reservedStart"; …`). `new Date()` alone rolls days over
 * (2026-11-31 became 1 December, and a reservation was made for it).
 */
import { GraphQLError, GraphQLScalarType, Kind, print, type ValueNode } from 'graphql';

export const DATE_TIME_SCALAR_MESSAGE = 'Not a valid date and time: use a real instant in ISO 8601, e.g. 2026-11-23T15:30:00Z.';

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?)?(Z|([+-])(\d{2}):?(\d{2}))?$/;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The instant `text` names, or null when it is not a real one. */
export function parseInstant(text: unknown): Date | null {
  if (typeof text !== 'string' || text.length > 40) return null;
  const m = ISO_INSTANT.exec(text);
  if (!m) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((x) =>
    x === undefined ? undefined : Number(x),
  ) as number[];
  const [offsetHours, offsetMinutes] = [Number(m[10] ?? 0), Number(m[11] ?? 0)];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 18 || offsetMinutes > 59) return null;
  const millis = m[7] ? Math.floor(Number(m[7]) * 1000) : 0;
  const local = new Date(0);
  local.setUTCFullYear(year, month - 1, day); // setUTCFullYear keeps years 1–99 as written
  local.setUTCHours(hour, minute, second, millis);
  const offset = (m[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  return new Date(local.getTime() - offset * 60_000);
}

function parse(value: unknown, node?: ValueNode): Date {
  const instant = parseInstant(value);
  if (instant) return instant;
  const message = node ? `DateTime cannot be ${print(node)}. ${DATE_TIME_SCALAR_MESSAGE}` : DATE_TIME_SCALAR_MESSAGE;
  throw new GraphQLError(message, { nodes: node, extensions: { code: 'BAD_USER_INPUT' } });
}

export const DateTimeScalar = new GraphQLScalarType({
  name: 'DateTime',
  description: 'An ISO 8601 date and time, e.g. 2026-11-23T15:30:00Z (UTC when no offset is given); a real instant, years 1 to 9999.',
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString()),
  parseValue: (value) => parse(value),
  parseLiteral: (ast) => parse(ast.kind === Kind.STRING ? ast.value : undefined, ast),
});
