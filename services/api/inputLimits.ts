/**
 * Input limits at the API boundary, driven by the schema: every argument of every field (queries,
 * mutations, subscriptions and arguments of nested fields) is checked after GraphQL has coerced it
 * and before any resolver runs. Strings and IDs have a maximum length and refuse NUL and broken
 * Unicode; Ints have a range; lists have a maximum size; input objects are checked field by field.
 * Defaults live in contracts/validation/limits.ts; a field or argument overrides them with
 * `@limit(maxLength:, min:, max:, maxItems:)` in contracts/schema/*.graphql.
 *
 * A refusal is BAD_USER_INPUT naming each failing field in `extensions.fields` (keyed by the field's
 * own name, as the forms' messages are) and nothing runs. The domain's own rules, with the spec's
 * words, stay behind this as they were. Every argument and input field has its label in the
 * catalogs (`fieldLabels.<name>`): inputLimits.test.ts walks the schema for them.
 */
import {
  defaultFieldResolver,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type ConstDirectiveNode,
  type GraphQLArgument,
  type GraphQLInputField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { DEFAULT_INT_RANGE, DEFAULT_MAX_ITEMS, DEFAULT_MAX_LENGTH, intLimit, textLimit } from '../../contracts/validation/limits';
import { badInput, type KnownRefusal } from '../domain/shared/errors';
import { type LabeledField, LimitMessages, limitRefusal } from '../domain/shared/limits';

interface Limit {
  maxLength?: number;
  min?: number;
  max?: number;
  maxItems?: number;
}

/** Adds each problem found to `problems` (field name → message). */
type Check = (value: unknown, problems: Record<string, KnownRefusal>) => void;

function limitOf(node: { directives?: readonly ConstDirectiveNode[] } | null | undefined): Limit {
  const directive = node?.directives?.find((d) => d.name.value === 'limit');
  const limit: Limit = {};
  for (const arg of directive?.arguments ?? []) {
    if (arg.value.kind === 'IntValue') limit[arg.name.value as keyof Limit] = Number(arg.value.value);
  }
  return limit;
}

const compiled = new WeakMap<GraphQLInputType, Check>();

/** The check for a value of `type` at the field or argument `name` with its `limit`. */
function checkFor(type: GraphQLInputType, name: LabeledField, limit: Limit): Check {
  if (isNonNullType(type)) return checkFor(type.ofType, name, limit);
  if (isListType(type)) {
    const maxItems = limit.maxItems ?? DEFAULT_MAX_ITEMS;
    const item = checkFor(type.ofType, name, limit);
    return (value, problems) => {
      if (!Array.isArray(value)) return item(value, problems);
      if (value.length > maxItems) problems[name] = limitRefusal(name, LimitMessages.tooManyItems(maxItems));
      else for (const v of value) item(v, problems);
    };
  }
  if (isInputObjectType(type)) {
    // Input objects are compiled once (lazily, so recursive inputs terminate).
    return (value, problems) => {
      if (value === null || value === undefined) return;
      let check = compiled.get(type);
      if (!check) {
        const fields = Object.values(type.getFields()).map(
          (f: GraphQLInputField) => [f.name, checkFor(f.type, f.name as LabeledField, limitOf(f.astNode))] as const,
        );
        check = (v, p) => {
          for (const [fieldName, fieldCheck] of fields) fieldCheck((v as Record<string, unknown>)[fieldName], p);
        };
        compiled.set(type, check);
      }
      check(value, problems);
    };
  }
  if (isEnumType(type)) return () => {};
  if (isScalarType(type)) {
    if (type.name === 'Int' || type.name === 'Float') {
      const range = { min: limit.min ?? DEFAULT_INT_RANGE.min, max: limit.max ?? DEFAULT_INT_RANGE.max };
      return (value, problems) => {
        if (typeof value !== 'number') return;
        const problem =
          type.name === 'Int'
            ? intLimit(value, range)
            : value < range.min || value > range.max
              ? LimitMessages.decimalBetween(range.min, range.max)
              : null;
        if (problem) problems[name] ??= limitRefusal(name, problem);
      };
    }
    if (type.name === 'Boolean') return () => {};
    // String, ID and custom scalars that arrive as strings.
    const maxLength = limit.maxLength ?? (type.name === 'ID' ? DEFAULT_MAX_LENGTH.ID : DEFAULT_MAX_LENGTH.String);
    return (value, problems) => {
      if (typeof value !== 'string') return;
      const problem = textLimit(value, maxLength);
      if (problem) problems[name] ??= limitRefusal(name, problem);
    };
  }
  return () => {};
}

function checkArguments(args: readonly GraphQLArgument[]): (values: Record<string, unknown>) => void {
  const checks = args.map((a) => [a.name, checkFor(a.type, a.name as LabeledField, limitOf(a.astNode))] as const);
  return (values) => {
    const problems: Record<string, KnownRefusal> = {};
    for (const [name, check] of checks) check(values[name], problems);
    const refusals = Object.values(problems);
    if (refusals.length)
      throw badInput(
        refusals.reduceRight((rest, first) => LimitMessages.several(first, rest)),
        problems,
      );
  };
}

/** Wraps every field that takes arguments so its arguments are checked first. Mutates and returns `schema`. */
export function enforceInputLimits(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (!field.args.length) continue;
      const check = checkArguments(field.args);
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context, info) => {
        check(args);
        return resolve(source, args, context, info);
      };
      const subscribe = field.subscribe;
      if (subscribe) {
        field.subscribe = (source, args, context, info) => {
          check(args);
          return subscribe(source, args, context, info);
        };
      }
    }
  }
  return schema;
}
