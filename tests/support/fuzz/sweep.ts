/**
 * The edge sweep: for every Query and Mutation field, every scalar leaf of its arguments (input
 * fields included, lists through their first item) gets each edge value in turn (NUL, 100,000
 * characters, a lone surrogate, LIKE and quote metacharacters, empty; Int's ends; for other scalars
 * also impossible dates), with every other required leaf holding an ordinary value and optional
 * ones left out. Deterministic and systematic where the random fuzz is broad: one bad value per
 * call, so it reaches the code behind the others' validation.
 */
import {
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLInputType,
  type GraphQLScalarType,
  type GraphQLSchema,
} from 'graphql';
import { documentFor } from './schema';
import { canonicalInt, canonicalScalar, canonicalString, edgeValues, type FuzzPools } from './values';

export interface SweepCase {
  operation: string;
  kind: 'query' | 'mutation';
  field: string;
  document: string;
  /** The leaf, e.g. `input.requirements.completionRequirement` or `filter[0].value`. */
  leaf: string;
  edge: string;
  variables: Record<string, unknown>;
}

type Step = string | 0;

interface Leaf {
  path: Step[];
  type: GraphQLScalarType;
  hint: string;
}

/** The scalar leaves under a type (each input object type once along a path). */
function leavesOf(type: GraphQLInputType, path: Step[], hint: string, seen: Set<string>): Leaf[] {
  const inner = (isNonNullType(type) ? type.ofType : type) as GraphQLInputType;
  if (isListType(inner)) return leavesOf(inner.ofType as GraphQLInputType, [...path, 0], hint, seen);
  if (isScalarType(inner)) return [{ path, type: inner, hint }];
  if (isEnumType(inner) || !isInputObjectType(inner) || seen.has(inner.name)) return [];
  const next = new Set(seen).add(inner.name);
  return Object.values(inner.getFields()).flatMap((f) => leavesOf(f.type, [...path, f.name], f.name, next));
}

class Canonical {
  private counter = 0;
  constructor(private readonly pools: FuzzPools) {}

  /** An ordinary value of a type: required input fields only, lists of one. */
  value(type: GraphQLInputType, hint: string, depth = 0): unknown {
    const inner = (isNonNullType(type) ? type.ofType : type) as GraphQLInputType;
    if (isListType(inner)) return depth > 4 ? [] : [this.value(inner.ofType as GraphQLInputType, hint, depth + 1)];
    if (isEnumType(inner)) return inner.getValues()[0].name;
    if (isInputObjectType(inner)) {
      const out: Record<string, unknown> = {};
      for (const f of Object.values(inner.getFields()))
        if (isNonNullType(f.type) && f.defaultValue === undefined) out[f.name] = this.value(f.type, f.name, depth + 1);
      return out;
    }
    if (isScalarType(inner)) {
      if (inner.name === 'String' || inner.name === 'ID') return canonicalString(hint, inner.name, this.pools, () => ++this.counter);
      if (inner.name === 'Int') return canonicalInt(hint);
      if (inner.name === 'Float') return 1.5;
      if (inner.name === 'Boolean') return false;
      return canonicalScalar(inner.name, hint);
    }
    throw new Error(`no value for ${String(type)}`);
  }

  /** The ordinary value of `type` with `edge` at `path` (and what leads there built on the way). */
  withEdge(type: GraphQLInputType, hint: string, path: Step[], edge: unknown): unknown {
    if (!path.length) return edge;
    const inner = (isNonNullType(type) ? type.ofType : type) as GraphQLInputType;
    const [step, ...rest] = path;
    if (isListType(inner)) return [this.withEdge(inner.ofType as GraphQLInputType, hint, rest, edge)];
    if (!isInputObjectType(inner)) throw new Error(`no step ${String(step)} in ${String(type)}`);
    const base = this.value(inner, hint) as Record<string, unknown>;
    const field = inner.getFields()[step as string];
    base[field.name] = this.withEdge(field.type, field.name, rest, edge);
    return base;
  }
}

const show = (path: Step[]) => path.map((s, i) => (s === 0 ? '[0]' : i ? `.${s}` : s)).join('');

export function sweepCases(schema: GraphQLSchema, pools: FuzzPools, listFields: Map<string, string[]> = new Map()): SweepCase[] {
  const cases: SweepCase[] = [];
  for (const [kind, root] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    if (!root) continue;
    for (const field of Object.values(root.getFields())) {
      const paths = listFields.get(field.name);
      const canonical = new Canonical(paths?.length ? { ...pools, fieldPaths: paths } : pools);
      const document = documentFor(kind, field);
      for (const arg of field.args) {
        for (const leaf of leavesOf(arg.type, [], arg.name, new Set())) {
          for (const edge of edgeValues(leaf.type.name, canonical.value(leaf.type, leaf.hint))) {
            const variables: Record<string, unknown> = {};
            for (const other of field.args) {
              if (other === arg) variables[arg.name] = canonical.withEdge(arg.type, arg.name, leaf.path, edge.value);
              else if (isNonNullType(other.type) && other.defaultValue === undefined)
                variables[other.name] = canonical.value(other.type, other.name);
            }
            cases.push({
              operation: `${root.name}.${field.name}`,
              kind,
              field: field.name,
              document,
              leaf: show([arg.name, ...leaf.path]),
              edge: edge.label,
              variables,
            });
          }
        }
      }
    }
  }
  return cases;
}
