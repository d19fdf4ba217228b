/**
 * Walks contracts/schema/*.graphql and makes, for every field of Query and Mutation, a GraphQL
 * document (arguments passed as variables, `{ __typename }` for object results) and a fast-check
 * arbitrary of its variables derived from the argument types. Nothing is listed by hand: a new
 * operation, argument, input field, enum value or scalar is fuzzed as soon as it is in the schema.
 *
 * Subscription fields are not fuzzed here (they need a WebSocket client and have one argument today).
 */
import fc from 'fast-check';
import {
  buildSchema,
  getNamedType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type ConstValueNode,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { readSchemaSource } from '../../../contracts/schemaSource';
import {
  customScalar,
  float,
  hostileString,
  int,
  plausibleId,
  plausibleInt,
  plausibleScalar,
  plausibleString,
  spoiled,
  type FuzzPools,
} from './values';

export function loadSchema(): GraphQLSchema {
  return buildSchema(readSchemaSource());
}

export interface FuzzOperation {
  /** e.g. `Mutation.createCourse` */
  name: string;
  /** Scalar and enum leaves in its arguments (input objects counted once each): how much there is to vary. */
  leaves: number;
  kind: 'query' | 'mutation';
  field: string;
  document: string;
  variables: fc.Arbitrary<Record<string, unknown>>;
}

/**
 * Limits written in the schema (e.g. a `@limit(maxLength: 200, min: 0, max: 9, maxItems: 5)`
 * directive on an argument or input field): any directive argument with one of these names adds
 * the values just inside and just past it.
 */
interface Limits {
  maxLength?: number;
  min?: number;
  max?: number;
  maxItems?: number;
}

function limitsOf(def: GraphQLArgument | GraphQLInputField): Limits {
  const limits: Limits = {};
  for (const directive of def.astNode?.directives ?? []) {
    for (const arg of directive.arguments ?? []) {
      const value: ConstValueNode = arg.value;
      if (value.kind !== 'IntValue') continue;
      if (['maxLength', 'min', 'max', 'maxItems'].includes(arg.name.value)) (limits as any)[arg.name.value] = Number(value.value);
    }
  }
  return limits;
}

/** Values on and past the written limits, for the arbitraries to mix in. */
function boundaryStrings(limits: Limits): string[] {
  return limits.maxLength === undefined
    ? []
    : ['y'.repeat(limits.maxLength), 'y'.repeat(limits.maxLength + 1), '\u00e9'.repeat(limits.maxLength)];
}
function boundaryInts(limits: Limits): number[] {
  const out: number[] = [];
  if (limits.min !== undefined) out.push(limits.min, limits.min - 1);
  if (limits.max !== undefined) out.push(limits.max, limits.max + 1);
  return out.filter((n) => n >= -2147483648 && n <= 2147483647);
}

interface Hint {
  /** The argument's or input field's name. */
  name: string;
  limits: Limits;
}

type Weighted = { weight: number; arbitrary: fc.Arbitrary<unknown> };

/** A record whose keys not in `required` are each left out half of the time. */
function recordOmitting(shape: Record<string, fc.Arbitrary<unknown>>, required: string[]): fc.Arbitrary<Record<string, unknown>> {
  const all: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, arb] of Object.entries(shape)) all[key] = required.includes(key) ? arb : fc.option(arb, { nil: undefined, freq: 2 });
  return fc.record(all).map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)));
}

/**
 * Makes the arbitraries of input values in two modes: `plausible` (values a real client would
 * send, from the seeded data where the name says what it is) and `wild` (hostile and random
 * values anywhere). `oneWild` makes a plausible value with exactly one hostile leaf, so that a
 * hostile value gets past the others' validation and reaches the code behind it.
 */
export class ArbitraryBuilder {
  constructor(
    private readonly pools: FuzzPools,
    private readonly maxDepth = 4,
  ) {}

  value(type: GraphQLInputType, hint: Hint, mode: 'plausible' | 'wild', depth = 0): fc.Arbitrary<unknown> {
    if (isNonNullType(type)) return this.nonNull(type.ofType as GraphQLInputType, hint, mode, depth);
    if (depth >= this.maxDepth) return fc.constant(null);
    return fc.oneof(
      { weight: mode === 'wild' ? 8 : 6, arbitrary: this.nonNull(type, hint, mode, depth) },
      { weight: 1, arbitrary: fc.constant(null) },
    );
  }

  private nonNull(type: GraphQLInputType, hint: Hint, mode: 'plausible' | 'wild', depth: number): fc.Arbitrary<unknown> {
    if (isListType(type)) {
      // Deep enough (a list is how an input type may hold itself): empty.
      if (depth >= this.maxDepth) return fc.constant([]);
      const item = this.value(type.ofType as GraphQLInputType, { ...hint, limits: {} }, mode, depth);
      const lists: Weighted[] = [{ weight: 12, arbitrary: fc.array(item, { maxLength: 3 }) }];
      if (mode === 'wild' && hint.limits.maxItems !== undefined && hint.limits.maxItems < 1000) {
        lists.push({ weight: 1, arbitrary: fc.array(item, { minLength: hint.limits.maxItems + 1, maxLength: hint.limits.maxItems + 1 }) });
      }
      return fc.oneof(...lists);
    }
    if (isEnumType(type)) {
      const values = fc.constantFrom(...type.getValues().map((v) => v.name));
      if (mode === 'plausible') return values;
      return fc.oneof(
        { weight: 6, arbitrary: values },
        { weight: 1, arbitrary: fc.constantFrom('', 'NOT_A_VALUE', type.getValues()[0].name.toLowerCase(), '\u0000') },
      );
    }
    if (isInputObjectType(type)) return this.object(type, mode, depth, null);
    if (isScalarType(type)) return mode === 'plausible' ? this.plausibleScalar(type.name, hint) : this.wildScalar(type.name, hint);
    throw new Error(`no arbitrary for input type ${String(type)}`);
  }

  /** An input object; the field `wildField`, when given, is present and holds exactly one hostile leaf. */
  private object(type: GraphQLInputObjectType, mode: 'plausible' | 'wild', depth: number, wildField: string | null): fc.Arbitrary<unknown> {
    const fields = Object.values(type.getFields());
    const shape: Record<string, fc.Arbitrary<unknown>> = {};
    for (const f of fields) {
      const hint = { name: f.name, limits: limitsOf(f) };
      shape[f.name] = f.name === wildField ? this.oneWild(f.type, hint, depth + 1) : this.value(f.type, hint, mode, depth + 1);
    }
    // Required: non-null without a default. The others are sometimes left out.
    const requiredKeys = fields
      .filter((f) => (isNonNullType(f.type) && f.defaultValue === undefined) || f.name === wildField)
      .map((f) => f.name);
    return recordOmitting(shape, requiredKeys);
  }

  /** A plausible value of the type with exactly one hostile leaf (a scalar or enum somewhere inside). */
  oneWild(type: GraphQLInputType, hint: Hint, depth = 0): fc.Arbitrary<unknown> {
    const inner = (isNonNullType(type) ? type.ofType : type) as GraphQLInputType;
    if (isListType(inner)) {
      const itemType = inner.ofType as GraphQLInputType;
      const items = fc.array(this.value(itemType, { ...hint, limits: {} }, 'plausible', depth), { maxLength: 2 });
      const plain: Weighted = {
        weight: 8,
        arbitrary: fc.tuple(items, this.oneWild(itemType, { ...hint, limits: {} }, depth), fc.nat()).map(([list, wild, at]) => {
          const i = list.length ? at % (list.length + 1) : 0;
          return [...list.slice(0, i), wild, ...list.slice(i)];
        }),
      };
      return hint.limits.maxItems !== undefined
        ? fc.oneof(plain, { weight: 1, arbitrary: this.nonNull(inner, hint, 'wild', depth) })
        : plain.arbitrary;
    }
    if (isInputObjectType(inner)) {
      if (depth >= this.maxDepth) return this.nonNull(inner, hint, 'plausible', depth);
      const names = Object.keys(inner.getFields());
      return fc.constantFrom(...names).chain((name) => this.object(inner, 'plausible', depth, name));
    }
    const wild = this.nonNull(inner, hint, 'wild', depth);
    // A nullable leaf may also be the explicit null a client should be allowed to send.
    return isNonNullType(type) ? wild : fc.oneof({ weight: 8, arbitrary: wild }, { weight: 1, arbitrary: fc.constant(null) });
  }

  private plausibleScalar(name: string, hint: Hint): fc.Arbitrary<unknown> {
    switch (name) {
      case 'String':
      case 'ID':
        return name === 'ID' || /Id$/.test(hint.name) ? plausibleId(hint.name, this.pools) : plausibleString(hint.name, this.pools);
      case 'Int':
        return plausibleInt(hint.name);
      case 'Float':
        return fc.double({ min: 0, max: 100, noNaN: true });
      case 'Boolean':
        return fc.boolean();
      default:
        return plausibleScalar(name);
    }
  }

  private wildScalar(name: string, hint: Hint): fc.Arbitrary<unknown> {
    switch (name) {
      case 'String':
      case 'ID': {
        const plausible = this.plausibleScalar(name, hint) as fc.Arbitrary<string>;
        const parts: Weighted[] = [
          { weight: 5, arbitrary: hostileString() },
          { weight: 3, arbitrary: spoiled(plausible) },
          { weight: 1, arbitrary: plausible },
        ];
        const edges = boundaryStrings(hint.limits);
        if (edges.length) parts.push({ weight: 2, arbitrary: fc.constantFrom(...edges) });
        return fc.oneof(...parts);
      }
      case 'Int': {
        const edges = boundaryInts(hint.limits);
        return edges.length ? fc.oneof({ weight: 3, arbitrary: int() }, { weight: 1, arbitrary: fc.constantFrom(...edges) }) : int();
      }
      case 'Float':
        return float();
      case 'Boolean':
        return fc.boolean();
      default:
        return customScalar(name);
    }
  }

  /**
   * The variables of a field: all plausible (3 in 10), plausible but for one hostile leaf (6 in
   * 10), or hostile anywhere (1 in 10, now and then a value of the wrong JSON type altogether).
   */
  variables(field: GraphQLField<unknown, unknown>): fc.Arbitrary<Record<string, unknown>> {
    if (!field.args.length) return fc.constant({});
    const hints = new Map(field.args.map((a) => [a.name, { name: a.name, limits: limitsOf(a) }]));
    const requiredKeys = field.args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined).map((a) => a.name);
    const record = (mode: 'plausible' | 'wild', wildArg: string | null) => {
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const arg of field.args) {
        const hint = hints.get(arg.name)!;
        if (arg.name === wildArg) shape[arg.name] = this.oneWild(arg.type, hint);
        else if (mode === 'wild')
          shape[arg.name] = fc.oneof(
            { weight: 30, arbitrary: this.value(arg.type, hint, 'wild') },
            { weight: 1, arbitrary: fc.constantFrom<unknown>(12, true, 'text', {}, [], [null], -0.5) },
          );
        else shape[arg.name] = this.value(arg.type, hint, 'plausible');
      }
      return recordOmitting(shape, wildArg && !requiredKeys.includes(wildArg) ? [...requiredKeys, wildArg] : requiredKeys);
    };
    return fc.oneof(
      { weight: 3, arbitrary: record('plausible', null) },
      { weight: 6, arbitrary: fc.constantFrom(...field.args.map((a) => a.name)).chain((name) => record('plausible', name)) },
      { weight: 1, arbitrary: record('wild', null) },
    );
  }
}

/** `query Fuzz($a: T) { field(a: $a) { __typename } }`: variables for every argument, the least of a selection. */
export function documentFor(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): string {
  const defs = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = isCompositeType(getNamedType(field.type)) ? ' { __typename }' : '';
  return `${kind} Fuzz${defs ? `(${defs})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
}

/** Every Query and Mutation field of the schema, with its document and variables arbitrary. */
/** Counts the leaves of an input type, each input object type once (no recursion). */
function leavesOf(type: GraphQLInputType, seen = new Set<string>()): number {
  const named = getNamedType(type);
  if (!isInputObjectType(named)) return 1;
  if (seen.has(named.name)) return 0;
  seen.add(named.name);
  return Object.values(named.getFields()).reduce((n, f) => n + leavesOf(f.type, seen), 0);
}

/**
 * Every Query and Mutation field of the schema, with its document and variables arbitrary.
 * `listFields` gives, per list query, the field paths its filters accept (see discoverListFields);
 * without them a list is offered the paths of its nodes.
 */
export function fuzzOperations(
  schema: GraphQLSchema,
  pools: FuzzPools,
  listFields: Map<string, string[]> = new Map(),
): { operations: FuzzOperation[]; skipped: string[] } {
  const operations: FuzzOperation[] = [];
  for (const [kind, root] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    if (!root) continue;
    for (const field of Object.values(root.getFields())) {
      // A list's filters and sorts name the fields of its nodes (other names come as hostile values).
      const paths = listFields.get(field.name)?.length ? listFields.get(field.name)! : connectionNodePaths(field.type);
      const builder = new ArbitraryBuilder(paths.length ? { ...pools, fieldPaths: paths } : pools);
      const leaves = field.args.reduce((n, a) => n + leavesOf(a.type), 0);
      operations.push({
        name: `${root.name}.${field.name}`,
        kind,
        field: field.name,
        leaves,
        document: documentFor(kind, field),
        variables: builder.variables(field),
      });
    }
  }
  const subscription = schema.getSubscriptionType();
  const skipped = subscription ? Object.keys(subscription.getFields()).map((f) => `${subscription.name}.${f}`) : [];
  return { operations, skipped };
}

/** The field paths of a connection's nodes (`edges { node }`), or none for another type. */
export function connectionNodePaths(type: GraphQLOutputType): string[] {
  const named = getNamedType(type);
  if (!isObjectType(named)) return [];
  const edges = named.getFields().edges;
  const edge = edges && getNamedType(edges.type);
  const node = edge && isObjectType(edge) ? edge.getFields().node : undefined;
  const nodeType = node && getNamedType(node.type);
  return nodeType && isObjectType(nodeType) ? pathsOf(nodeType) : [];
}

function pathsOf(type: GraphQLObjectType): string[] {
  const paths: string[] = [];
  for (const field of Object.values(type.getFields())) {
    paths.push(field.name);
    const inner = getNamedType(field.type);
    if (isObjectType(inner) && !inner.name.endsWith('Connection'))
      for (const f of Object.keys(inner.getFields())) paths.push(`${field.name}_${f}`);
  }
  return paths;
}

/**
 * Field paths as the connections take them (`account_remainingMinutes`): every field of every
 * object type, and one level into object-typed fields.
 */
export function fieldPaths(schema: GraphQLSchema): string[] {
  const paths = new Set<string>();
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
  for (const type of Object.values(schema.getTypeMap())) {
    if (isObjectType(type) && !type.name.startsWith('__') && !roots.includes(type)) for (const p of pathsOf(type)) paths.add(p);
  }
  return [...paths].sort();
}
