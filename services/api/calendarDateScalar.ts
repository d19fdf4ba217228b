/**
 * The `Date` scalar: a calendar date 'YYYY-MM-DD' (contracts/calendarDate.ts), carried as that
 * string both ways. Input is strict: the exact format, a real day, 2000-01-01 to 2100-12-31; a bad
 * value is BAD_USER_INPUT before any resolver runs. For a variable, GraphQL names the field in the
 * message (`Variable "$input" got invalid value "2026-02-30" at "input.startDate"; …`).
 */
import { GraphQLError, GraphQLScalarType, Kind, print, type ValueNode } from 'graphql';
import { CALENDAR_DATE_MAX, CALENDAR_DATE_MIN, isCalendarDate } from '../../contracts/calendarDate';

export const CALENDAR_DATE_SCALAR_MESSAGE = `Invalid date: use a real calendar date written YYYY-MM-DD, from ${CALENDAR_DATE_MIN} to ${CALENDAR_DATE_MAX}.`;

/** A variable's error gets its value and path from GraphQL; an inline literal's names its value here. */
function parse(value: unknown, node?: ValueNode): string {
  if (isCalendarDate(value)) return value;
  const message = node ? `Date cannot be ${print(node)}. ${CALENDAR_DATE_SCALAR_MESSAGE}` : CALENDAR_DATE_SCALAR_MESSAGE;
  throw new GraphQLError(message, { nodes: node, extensions: { code: 'BAD_USER_INPUT' } });
}

export const CalendarDateScalar = new GraphQLScalarType({
  name: 'Date',
  description: 'A calendar date, ISO 8601 YYYY-MM-DD (2000-01-01 to 2100-12-31); a day, not an instant.',
  serialize(value) {
    // Read models hand dates on as 'YYYY-MM-DD' text; anything else is a bug, not a day to guess.
    if (isCalendarDate(value)) return value;
    throw new GraphQLError(`Date cannot represent ${JSON.stringify(value)}: not a calendar date YYYY-MM-DD.`);
  },
  parseValue: (value) => parse(value),
  parseLiteral: (ast) => parse(ast.kind === Kind.STRING ? ast.value : undefined, ast),
});
