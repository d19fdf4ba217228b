/**
 * Admin lists, done once (DESIGN.md section 6): a Relay connection over one read-model table or
 * view, with `first, last, before, after, sort: [{ field, direction }], filter: [{ field,
 * predicate, value }]`, answering `totalCount, pageInfo, edges { cursor node }`.
 *
 * - Only whitelisted fields can be sorted or filtered. A field is named by its GraphQL path with
 *   `_` for `.` (`account_remainingMinutes`) and maps to one SQL column (or expression) with a type
 *   used to cast the incoming string value. Whitelist only columns the read model indexes (btree for
 *   sorting and comparisons, a pg_trgm GIN index for `matches` on text).
 * - Sorting and filtering happen in SQL; paging is keyset paging on the sort columns plus the
 *   unique key, so a page costs the same wherever it is. Cursors are opaque (base64url JSON of the
 *   row's sort values as PostgreSQL text, plus a signature of the sort they belong to).
 * - Predicates: eq not_eq lt gt lteq gteq matches. `matches` is a case-insensitive ILIKE where only
 *   `%` is a wildcard (`_` and `\` in values are literal). A null value with eq / not_eq means
 *   IS NULL / IS NOT NULL. On a text[] column eq / not_eq / matches test the array's elements.
 * - An unknown field or predicate, a field that cannot be sorted or filtered, a value of the wrong
 *   type or a foreign cursor is a BAD_USER_INPUT DomainError naming it.
 */
import { badInput } from '../domain/shared/errors';

export type ColumnType = 'text' | 'int' | 'bigint' | 'numeric' | 'bool' | 'timestamptz' | 'date' | 'text[]';

export interface ConnectionField {
  /** Column (or SQL expression over the source's columns). */
  column: string;
  type: ColumnType;
  /** The column may hold NULL (sorted as the largest value: last ascending, first descending). */
  nullable?: boolean;
  /** Default true. */
  sortable?: boolean;
  /** Default true. */
  filterable?: boolean;
}

export type SqlParam = (value: unknown) => string;

export interface ConnectionSource<Node> {
  /** A qualified read-model table or view, e.g. `rm_directory.people`. */
  from: string;
  /** A unique, non-null column: the last tie-breaker of every sort. Default `id`. */
  key?: string;
  /** Type of the key column. Default `text`. */
  keyType?: ColumnType;
  /** Whitelist: GraphQL field path (`_` for `.`) to column. */
  fields: Record<string, ConnectionField>;
  /** Used when the caller sends no sort. Default: the key, ascending. */
  defaultSort?: readonly SortItem[];
  /** A fixed condition scoping the list (e.g. the role of a people list); `param` binds values. */
  scope?: (param: SqlParam) => string;
  /** Columns to select; default `*`. */
  select?: string;
  toNode(row: Record<string, any>): Node;
}

export interface SortItem {
  field: string;
  direction?: 'ASC' | 'DESC' | string | null;
}
export interface FilterItem {
  field: string;
  predicate: string;
  value?: string | null;
}

export interface ConnectionArgs {
  first?: number | null;
  last?: number | null;
  before?: string | null;
  after?: string | null;
  sort?: readonly SortItem[] | null;
  filter?: readonly FilterItem[] | null;
}

export interface PageInfo {
  startCursor: string | null;
  endCursor: string | null;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
}

export interface Connection<Node> {
  totalCount: number;
  pageInfo: PageInfo;
  edges: { cursor: string; node: Node }[];
}

export interface Queryable {
  query(text: string, params?: unknown[]): Promise<{ rows: any[] }>;
}

export const PREDICATES = ['eq', 'not_eq', 'lt', 'gt', 'lteq', 'gteq', 'matches'] as const;
export type Predicate = (typeof PREDICATES)[number];

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 200;

interface OrderColumn {
  expr: string;
  type: ColumnType;
  nullable: boolean;
  direction: 'ASC' | 'DESC';
}

class Params {
  readonly values: unknown[] = [];
  add: SqlParam = (value) => {
    this.values.push(value);
    return `$${this.values.length}`;
  };
}

const castOf = (type: ColumnType) => `::${type}`;

/** A string value checked against its column type, so that a bad one is a named input error. */
function checkValue(field: string, type: ColumnType, value: string): string {
  const ok =
    type === 'int' || type === 'bigint'
      ? /^-?\d+$/.test(value.trim())
      : type === 'numeric'
        ? /^-?\d+(\.\d+)?$/.test(value.trim())
        : type === 'bool'
          ? /^(true|false)$/i.test(value.trim())
          : type === 'timestamptz' || type === 'date'
            ? !Number.isNaN(Date.parse(value))
            : true;
  if (!ok) throw badInput(`The filter value "${value}" is not a valid ${type} for the field "${field}".`, { filter: field });
  if (type === 'int' && Math.abs(Number(value)) > 2_147_483_647) {
    throw badInput(`The filter value "${value}" is out of range for the field "${field}".`, { filter: field });
  }
  return type === 'bool' ? value.trim().toLowerCase() : value;
}

/** `%` is the only wildcard of `matches`; `_` and `\` are literal. */
export const likePattern = (value: string) => value.replace(/[\\_]/g, (c) => `\\${c}`);

function filterSql(source: ConnectionSource<unknown>, item: FilterItem, param: SqlParam): string {
  const field = source.fields[item.field];
  if (!field) throw badInput(`Unknown filter field "${item.field}".`, { filter: item.field });
  if (field.filterable === false) throw badInput(`The field "${item.field}" cannot be filtered.`, { filter: item.field });
  const predicate = item.predicate as Predicate;
  if (!PREDICATES.includes(predicate)) {
    throw badInput(`Unknown filter predicate "${item.predicate}" for the field "${item.field}". Use one of ${PREDICATES.join(', ')}.`, {
      filter: item.predicate,
    });
  }
  const col = field.column;
  const value = item.value;
  if (value === null || value === undefined) {
    if (predicate === 'eq') return `${col} IS NULL`;
    if (predicate === 'not_eq') return `${col} IS NOT NULL`;
    throw badInput(`The filter on "${item.field}" with "${predicate}" needs a value.`, { filter: item.field });
  }
  if (field.type === 'text[]') {
    const p = param(String(value));
    if (predicate === 'eq') return `${p}::text = ANY(${col})`;
    if (predicate === 'not_eq') return `NOT (${p}::text = ANY(coalesce(${col}, '{}')))`;
    if (predicate === 'matches') {
      return `EXISTS (SELECT 1 FROM unnest(${col}) AS element WHERE element ILIKE ${param(likePattern(String(value)))})`;
    }
    throw badInput(`The field "${item.field}" is a list: use eq, not_eq or matches.`, { filter: item.field });
  }
  if (predicate === 'matches') {
    if (field.type !== 'text') throw badInput(`The field "${item.field}" is not text: "matches" works on text fields only.`, { filter: item.field });
    return `${col} ILIKE ${param(likePattern(String(value)))}`;
  }
  const p = `${param(checkValue(item.field, field.type, String(value)))}${castOf(field.type)}`;
  switch (predicate) {
    case 'eq':
      return `${col} = ${p}`;
    case 'not_eq':
      return `${col} IS DISTINCT FROM ${p}`;
    case 'lt':
      return `${col} < ${p}`;
    case 'gt':
      return `${col} > ${p}`;
    case 'lteq':
      return `${col} <= ${p}`;
    case 'gteq':
      return `${col} >= ${p}`;
  }
}

function orderOf(source: ConnectionSource<unknown>, sort: readonly SortItem[] | null | undefined): OrderColumn[] {
  const key = source.key ?? 'id';
  const requested = sort?.length ? sort : (source.defaultSort ?? []);
  const seen = new Set<string>();
  const columns: OrderColumn[] = [];
  for (const item of requested) {
    const field = source.fields[item.field];
    if (!field) throw badInput(`Unknown sort field "${item.field}".`, { sort: item.field });
    if (field.sortable === false) throw badInput(`The field "${item.field}" cannot be sorted.`, { sort: item.field });
    const direction = String(item.direction ?? 'ASC').toUpperCase();
    if (direction !== 'ASC' && direction !== 'DESC') {
      throw badInput(`Unknown sort direction "${item.direction}" for the field "${item.field}". Use ASC or DESC.`, { sort: item.field });
    }
    if (seen.has(field.column)) continue;
    seen.add(field.column);
    columns.push({ expr: field.column, type: field.type, nullable: !!field.nullable, direction: direction as 'ASC' | 'DESC' });
  }
  if (!seen.has(key)) {
    columns.push({ expr: key, type: source.keyType ?? 'text', nullable: false, direction: columns.at(-1)?.direction ?? 'ASC' });
  }
  return columns;
}

const signatureOf = (order: OrderColumn[]) => order.map((c) => `${c.expr}:${c.direction}`).join(',');

export function encodeCursor(signature: string, values: (string | null)[]): string {
  return Buffer.from(JSON.stringify({ s: signature, v: values }), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string, order: OrderColumn[], name: 'after' | 'before'): (string | null)[] {
  let parsed: { s?: unknown; v?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badInput(`The cursor "${name}" is not valid.`, { [name]: 'The cursor is not valid.' });
  }
  const values = parsed?.v;
  if (
    parsed?.s !== signatureOf(order) ||
    !Array.isArray(values) ||
    values.length !== order.length ||
    !values.every((v) => v === null || typeof v === 'string')
  ) {
    throw badInput(`The cursor "${name}" belongs to another sort order; start from the first page.`, { [name]: 'The cursor does not match the sort.' });
  }
  return values as (string | null)[];
}

/**
 * The rows strictly after (or before) the position `values` in the order, treating NULL as the
 * largest value, as PostgreSQL orders them by default.
 */
function beyond(order: OrderColumn[], values: (string | null)[], side: 'after' | 'before', param: SqlParam, inclusive = false): string {
  const dirOf = (c: OrderColumn) => (side === 'after' ? c.direction : c.direction === 'ASC' ? 'DESC' : 'ASC');
  const bound = (i: number) => `${param(values[i])}${castOf(order[i].type)}`;
  // Fast path: one direction, no NULLs: a row comparison the composite index serves directly.
  const oneDirection = order.every((c) => dirOf(c) === dirOf(order[0]));
  if (oneDirection && values.every((v) => v !== null) && order.every((c) => !c.nullable)) {
    const op = dirOf(order[0]) === 'ASC' ? '>' : '<';
    return `(${order.map((c) => c.expr).join(', ')}) ${op}${inclusive ? '=' : ''} (${order.map((_, i) => bound(i)).join(', ')})`;
  }
  const eq = (i: number) => (values[i] === null ? `${order[i].expr} IS NULL` : `${order[i].expr} = ${bound(i)}`);
  const past = (i: number): string | null => {
    const c = order[i];
    const v = values[i];
    if (dirOf(c) === 'ASC') {
      if (v === null) return null; // nothing is larger than NULL
      return c.nullable ? `(${c.expr} > ${bound(i)} OR ${c.expr} IS NULL)` : `${c.expr} > ${bound(i)}`;
    }
    if (v === null) return `${c.expr} IS NOT NULL`;
    return `${c.expr} < ${bound(i)}`;
  };
  const branches: string[] = [];
  for (let i = 0; i < order.length; i++) {
    const p = past(i);
    if (p === null) continue;
    branches.push([...order.slice(0, i).map((_, j) => eq(j)), p].join(' AND '));
  }
  if (inclusive) branches.push(order.map((_, j) => eq(j)).join(' AND '));
  return branches.length ? `(${branches.map((b) => `(${b})`).join(' OR ')})` : 'FALSE';
}

function pageSize(value: number | null | undefined, name: 'first' | 'last'): number {
  if (value === null || value === undefined) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(value) || value < 0) throw badInput(`"${name}" must be zero or a positive whole number.`, { [name]: 'Not a valid page size.' });
  if (value > MAX_PAGE_SIZE) throw badInput(`"${name}" can be at most ${MAX_PAGE_SIZE}.`, { [name]: `At most ${MAX_PAGE_SIZE}.` });
  return value;
}

/** Runs one page of a connection over `source` (see the module comment). */
export async function connection<Node>(db: Queryable, source: ConnectionSource<Node>, args: ConnectionArgs): Promise<Connection<Node>> {
  if (args.first != null && args.last != null) throw badInput('Use "first" or "last", not both.', { last: 'Use first or last, not both.' });
  const backward = args.last != null;
  const size = pageSize(backward ? args.last : args.first, backward ? 'last' : 'first');
  const order = orderOf(source as ConnectionSource<unknown>, args.sort);
  const signature = signatureOf(order);
  const after = args.after ? decodeCursor(args.after, order, 'after') : null;
  const before = args.before ? decodeCursor(args.before, order, 'before') : null;

  const params = new Params();
  const base: string[] = [];
  if (source.scope) base.push(`(${source.scope(params.add)})`);
  for (const item of args.filter ?? []) base.push(`(${filterSql(source as ConnectionSource<unknown>, item, params.add)})`);
  const baseParams = params.values.length;
  const where = (conditions: string[]) => (conditions.length ? `WHERE ${conditions.join(' AND ')}` : '');

  // The page: read one row more than asked to learn whether there is more in the paging direction.
  const pageConditions = [...base];
  if (after) pageConditions.push(beyond(order, after, 'after', params.add));
  if (before) pageConditions.push(beyond(order, before, 'before', params.add));
  const flip = (d: 'ASC' | 'DESC') => (d === 'ASC' ? 'DESC' : 'ASC');
  const orderBy = order.map((c) => `${c.expr} ${backward ? flip(c.direction) : c.direction}`).join(', ');
  const cursorColumns = order.map((c, i) => `(${c.expr})::text AS "__cursor_${i}"`).join(', ');
  const pageSql = `SELECT ${source.select ?? '*'}, ${cursorColumns} FROM ${source.from} ${where(pageConditions)} ORDER BY ${orderBy} LIMIT ${size + 1}`;
  const countSql = `SELECT count(*)::int AS n FROM ${source.from} ${where(base)}`;
  const [page, count] = await Promise.all([
    db.query(pageSql, params.values),
    db.query(countSql, params.values.slice(0, baseParams)),
  ]);

  const more = page.rows.length > size;
  const rows = page.rows.slice(0, size);
  if (backward) rows.reverse();
  const valuesOf = (row: Record<string, any>) => order.map((_, i) => row[`__cursor_${i}`] as string | null);
  const edges = rows.map((row) => ({ cursor: encodeCursor(signature, valuesOf(row)), node: source.toNode(row) }));

  // The other side: is there anything before the first row (forward) or after the last (backward)?
  const otherSide = async (anchor: (string | null)[] | null, side: 'after' | 'before', inclusive: boolean) => {
    if (!anchor) return false;
    const p = new Params();
    const conditions: string[] = [];
    if (source.scope) conditions.push(`(${source.scope(p.add)})`);
    for (const item of args.filter ?? []) conditions.push(`(${filterSql(source as ConnectionSource<unknown>, item, p.add)})`);
    conditions.push(beyond(order, anchor, side, p.add, inclusive));
    const { rows: found } = await db.query(`SELECT 1 FROM ${source.from} ${where(conditions)} LIMIT 1`, p.values);
    return found.length > 0;
  };
  let hasPreviousPage: boolean;
  let hasNextPage: boolean;
  if (backward) {
    hasPreviousPage = more;
    hasNextPage = rows.length ? await otherSide(before ? valuesOf(rows.at(-1)!) : null, 'after', false) : await otherSide(before, 'after', true);
  } else {
    hasNextPage = more;
    hasPreviousPage = rows.length ? await otherSide(after ? valuesOf(rows[0]) : null, 'before', false) : await otherSide(after, 'before', true);
  }

  return {
    totalCount: count.rows[0].n,
    pageInfo: {
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
      hasPreviousPage,
      hasNextPage,
    },
    edges,
  };
}

/** An empty connection, for lists whose read model arrives in a later issue (the args are still checked). */
export function emptyConnection<Node>(source: Pick<ConnectionSource<Node>, 'fields' | 'key' | 'keyType' | 'defaultSort'>, args: ConnectionArgs): Connection<Node> {
  const full = { ...source, from: '', toNode: () => null as never } as ConnectionSource<unknown>;
  orderOf(full, args.sort);
  const params = new Params();
  for (const item of args.filter ?? []) filterSql(full, item, params.add);
  return { totalCount: 0, pageInfo: { startCursor: null, endCursor: null, hasPreviousPage: false, hasNextPage: false }, edges: [] };
}
