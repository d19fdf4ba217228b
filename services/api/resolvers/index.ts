import { GraphQLScalarType, Kind } from 'graphql';
import type { Resolvers } from '../../../contracts/generated/resolvers';
import { identityResolvers } from './identity';
import { minutesResolvers } from './minutes';
import { adminResolvers } from './admin';
import { codesResolvers } from './codes';
import { enrollmentResolvers } from './enrollment';

const DateTime = new GraphQLScalarType({
  name: 'DateTime',
  description: 'An ISO 8601 date and time in UTC.',
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString()),
  parseValue: (value) => new Date(String(value)),
  parseLiteral: (ast) => (ast.kind === Kind.STRING ? new Date(ast.value) : null),
});

/** Merges the resolver maps of every context into one. */
function merge(...maps: Resolvers[]): Resolvers {
  const out: Record<string, Record<string, unknown>> = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map)) out[type] = { ...(out[type] ?? {}), ...(fields as object) };
  }
  return out as Resolvers;
}

export const resolvers = { ...merge(identityResolvers, minutesResolvers, adminResolvers, enrollmentResolvers, codesResolvers), DateTime };
