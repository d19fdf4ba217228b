import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import type { Resolvers } from '../../../contracts/generated/resolvers';
import { identityResolvers } from './identity';
import { minutesResolvers } from './minutes';
import { adminResolvers } from './admin';
import { codesResolvers } from './codes';
import { schedulingResolvers } from './scheduling';
import { enrollmentResolvers } from './enrollment';
import { speakersResolvers } from './speakers';
import { peopleResolvers } from './people';
import { liveResolvers } from './live';
import { payrollResolvers } from './payroll';
import { supportResolvers } from './support';
import { afterConversationResolvers } from './afterConversation';
import { instructorResolvers } from './instructor';
import { archiveResolvers } from './archive';
import { pricingPlanResolvers } from './pricingPlans';
import { groupResolvers } from './groups';
import { readModelResolvers } from './readModels';
import { CalendarDateScalar } from '../calendarDateScalar';

const DateTime = new GraphQLScalarType({
  name: 'DateTime',
  description: 'An ISO 8601 date and time in UTC.',
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString()),
  parseValue: (value) => parseDateTime(value),
  parseLiteral: (ast) => parseDateTime(ast.kind === Kind.STRING ? ast.value : null),
});

/** An ISO 8601 date-time PostgreSQL can store (years 1–9999); anything else is refused as input. */
function parseDateTime(value: unknown): Date {
  const text = typeof value === 'string' ? value : '';
  const date = new Date(text);
  if (text.length > 40 || !/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(text) || Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1) {
    throw new GraphQLError('Not a valid date and time: use ISO 8601, e.g. 2026-11-23T15:30:00Z.');
  }
  return date;
}

/** Merges the resolver maps of every context into one. */
function merge(...maps: Resolvers[]): Resolvers {
  const out: Record<string, Record<string, unknown>> = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map)) out[type] = { ...(out[type] ?? {}), ...(fields as object) };
  }
  return out as Resolvers;
}

export const resolvers = { ...merge(identityResolvers, minutesResolvers, adminResolvers, enrollmentResolvers, codesResolvers, speakersResolvers, peopleResolvers, schedulingResolvers, liveResolvers, payrollResolvers, supportResolvers, afterConversationResolvers, instructorResolvers, archiveResolvers, pricingPlanResolvers, groupResolvers, readModelResolvers), DateTime, Date: CalendarDateScalar };
