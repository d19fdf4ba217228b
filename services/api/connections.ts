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
 *   row's sort values as PostgreSQL text, times as ISO 8601 UTC with microseconds, plus a signature
 *   of the sort they belong to), at most MAX_CURSOR_LENGTH characters.
 * - Predicates: eq not_eq lt gt lteq gteq matches. `matches` is a case-insensitive ILIKE where only
 *   `%` is a wildcard (`_` and `\` in values are literal). A null value with eq / not_eq means
 *   IS NULL / IS NOT NULL. On a text[] column eq / not_eq / matches test the array's elements.
 * - An unknown field or predicate, a field that cannot be sorted or filtered, a value of the wrong
 *   type or a foreign cursor is a BAD_USER_INPUT DomainError naming it. Every filter value and every
 *   value a cursor carries goes through one check for its column type (`checkValue`), so nothing
 *   PostgreSQL would refuse to cast reaches it: int and bigint within their ranges, numeric a plain
 *   decimal of at most 64 characters, bool true/false, timestamptz an ISO 8601 date or date-time
 *   (optional zone) of a year 0001–9999, date a real YYYY-MM-DD, text without NUL.
 * - The statements (the page, its count, the look beyond each end) are assembled by Knex's query
 *   builder from one base query (source, scope, filters), which numbers the bindings; the
 *   conditions themselves are SQL over whitelisted columns. A `?` in a source's SQL is literal.
 */
import knexFactory, { type Knex } from 'knex';
import { badInput } from '../domain/shared/errors';
import { ApiMessages, ConnectionsMessages } from './apiMessages';
import {
  likePattern,
  type ColumnType,
  type ConnectionField,
  type ConnectionSource,
  type SortItem,
  type SqlParam,
} from '../../projections/connectionSource';

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

/** Knex as a query builder only (no connection of its own): it writes the statements, `db` runs them. */
const sql = knexFactory({ client: 'pg' });

/** A fixed fragment (a whitelisted column or expression, a source's FROM): its `?` are not bindings. */
const fragment = (text: string) => text.replace(/\?/g, '\\?');

/**
 * Adds the condition `build` writes to `query`, its values bound where `param` put them. Knex binds
 * `?` in the order they appear, which need not be the order `param` was called in (the keyset
 * conditions write a later column's bound before the earlier ones' equalities): each value gets a
 * numbered marker (NUL never occurs in SQL text), read back in the text's order.
 */
function whereCondition(query: Knex.QueryBuilder, build: (param: SqlParam) => string): Knex.QueryBuilder {
  const given: unknown[] = [];
  const marked = build((value) => `\u0000${given.push(value) - 1}\u0000`);
  const values: unknown[] = [];
  // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the marker because it never occurs in SQL text
  const text = marked.replace(/\u0000(\d+)\u0000/g, (_, i: string) => {
    values.push(given[Number(i)]);
    return '?';
  });
  return query.whereRaw(`(${text})`, values as Knex.RawBinding[]);
}

async function run(db: Queryable, query: Knex.QueryBuilder) {
  const { sql: text, bindings } = query.toSQL().toNative();
  return db.query(text, bindings as unknown[]);
}

const castOf = (type: ColumnType) => `::${type}`;

const INT_RANGE = { int: [-(2n ** 31n), 2n ** 31n - 1n], bigint: [-(2n ** 63n), 2n ** 63n - 1n] } as const;
const MAX_NUMERIC_LENGTH = 64;
/**
 * ISO 8601 as PostgreSQL reads it: a date, optionally a time (`T` or a space; hours and minutes,
 * optional seconds and fraction) and a zone (`Z`, `±hh`, `±hhmm`, `±hh:mm`, `±hh:mm:ss`, the last as
 * PostgreSQL itself prints historical offsets in cursors).
 */
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:[Zz]|[+-](\d{2})(?::?(\d{2})(?::?(\d{2}))?)?)?)?$/;

/** A real day of the proleptic Gregorian calendar (PostgreSQL's), year 0001 to 9999. */
function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

const within = (text: string | undefined, max: number) => text === undefined || Number(text) <= max;

/**
 * A value as it is sent (numbers and booleans canonical), or null when it is not a valid value of
 * the type: anything PostgreSQL would refuse to cast is null here.
 */
function parseValue(type: ColumnType, value: string): string | null {
  switch (type) {
    case 'text':
    case 'text[]':
      return value.includes('\u0000') ? null : value;
    case 'int':
    case 'bigint': {
      const v = value.trim();
      if (!/^[+-]?\d{1,30}$/.test(v)) return null;
      const n = BigInt(v);
      const [min, max] = INT_RANGE[type];
      return n < min || n > max ? null : n.toString();
    }
    case 'numeric': {
      const v = value.trim();
      return v.length <= MAX_NUMERIC_LENGTH && /^[+-]?\d+(\.\d+)?$/.test(v) ? v : null;
    }
    case 'bool': {
      const v = value.trim().toLowerCase();
      return v === 'true' || v === 'false' ? v : null;
    }
    case 'date':
    case 'timestamptz': {
      const m = DATE_TIME.exec(value);
      if (!m) return null;
      const [, year, month, day, hour, minute, second, zoneHour, zoneMinute, zoneSecond] = m;
      if (type === 'date' && m[0].length !== 10) return null;
      if (!isCalendarDate(Number(year), Number(month), Number(day))) return null;
      if (!within(hour, 23) || !within(minute, 59) || !within(second, 59)) return null;
      if (!within(zoneHour, 15) || !within(zoneMinute, 59) || !within(zoneSecond, 59)) return null;
      return value;
    }
  }
}

/** Shown in messages: a hostile value could be long. */
const quoted = (value: string) => JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);

/**
 * The one check of a value against its column type, for filter values and cursor values alike:
 * a value that is not valid never reaches PostgreSQL; `refuse` makes the BAD_USER_INPUT error naming
 * the field (or the cursor argument) from what was expected.
 */
function checkValue(type: ColumnType, value: string, refuse: () => Error): string {
  const valid = parseValue(type, value);
  if (valid === null) throw refuse();
  return valid;
}

/** A filter value checked against its field's column type. */
const checkFilterValue = (field: string, type: ColumnType, value: string) =>
  checkValue(type, value, () => badInput(ConnectionsMessages.filterValueInvalid(quoted(value), type, field), { filter: field }));

/** The whitelisted field of that name; never an inherited property such as `constructor`. */
const whitelisted = (source: ConnectionSource<unknown>, name: string): ConnectionField | undefined =>
  Object.hasOwn(source.fields, name) ? source.fields[name] : undefined;

function filterSql(source: ConnectionSource<unknown>, item: FilterItem, param: SqlParam): string {
  const field = whitelisted(source, item.field);
  if (!field) throw badInput(ConnectionsMessages.filterFieldUnknown(item.field), { filter: item.field });
  if (field.filterable === false) throw badInput(ConnectionsMessages.notFilterable(item.field), { filter: item.field });
  const predicate = item.predicate as Predicate;
  if (!PREDICATES.includes(predicate)) {
    throw badInput(ConnectionsMessages.predicateUnknown(item.predicate, item.field, PREDICATES.join(', ')), {
      filter: item.predicate,
    });
  }
  const col = fragment(field.column);
  const value = item.value;
  if (value === null || value === undefined) {
    if (predicate === 'eq') return `${col} IS NULL`;
    if (predicate === 'not_eq') return `${col} IS NOT NULL`;
    throw badInput(ConnectionsMessages.filterValueMissing(item.field, predicate), { filter: item.field });
  }
  if (field.type === 'text[]' && !['eq', 'not_eq', 'matches'].includes(predicate)) {
    throw badInput(ConnectionsMessages.listPredicate(item.field), { filter: item.field });
  }
  if (predicate === 'matches' && field.type !== 'text' && field.type !== 'text[]') {
    throw badInput(ConnectionsMessages.matchesNotText(item.field), { filter: item.field });
  }
  const checked = checkFilterValue(item.field, field.type, String(value));
  if (field.type === 'text[]') {
    if (predicate === 'matches') {
      return `EXISTS (SELECT 1 FROM unnest(${col}) AS element WHERE element ILIKE ${param(likePattern(checked))})`;
    }
    const p = param(checked);
    return predicate === 'eq' ? `${p}::text = ANY(${col})` : `NOT (${p}::text = ANY(coalesce(${col}, '{}')))`;
  }
  if (predicate === 'matches') return `${col} ILIKE ${param(likePattern(checked))}`;
  const p = `${param(checked)}${castOf(field.type)}`;
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
    const field = whitelisted(source, item.field);
    if (!field) throw badInput(ConnectionsMessages.sortFieldUnknown(item.field), { sort: item.field });
    if (field.sortable === false) throw badInput(ConnectionsMessages.notSortable(item.field), { sort: item.field });
    const direction = String(item.direction ?? 'ASC').toUpperCase();
    if (direction !== 'ASC' && direction !== 'DESC') {
      throw badInput(ConnectionsMessages.directionUnknown(String(item.direction), item.field), { sort: item.field });
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

/**
 * A sort value as cursor text: PostgreSQL's own text, except dates and times, which are written as
 * ISO 8601 whatever the session's DateStyle (UTC, with microseconds), as the cursor check expects.
 */
function cursorText(c: OrderColumn): string {
  const expr = fragment(c.expr);
  if (c.type === 'timestamptz') return `to_char((${expr}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  if (c.type === 'date') return `to_char(${expr}, 'YYYY-MM-DD')`;
  return `(${expr})::text`;
}

const signatureOf = (order: OrderColumn[]) => order.map((c) => `${c.expr}:${c.direction}`).join(',');

export function encodeCursor(signature: string, values: (string | null)[]): string {
  return Buffer.from(JSON.stringify({ s: signature, v: values }), 'utf8').toString('base64url');
}

/**
 * The longest cursor accepted, checked before decoding (as the schema's `@limit` on `after` and
 * `before`): room for the values of a few sort columns (an address, a time, a key) several times over.
 */
export const MAX_CURSOR_LENGTH = 2000;

function decodeCursor(cursor: string, order: OrderColumn[], name: 'after' | 'before'): (string | null)[] {
  const invalid = () => badInput(ConnectionsMessages.cursorArgumentInvalid(name), { [name]: ApiMessages.cursorInvalid });
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]*={0,2}$/.test(cursor)) throw invalid();
  let parsed: { s?: unknown; v?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const values = parsed?.v;
  if (
    parsed?.s !== signatureOf(order) ||
    !Array.isArray(values) ||
    values.length !== order.length ||
    !values.every((v) => v === null || typeof v === 'string')
  ) {
    throw badInput(ConnectionsMessages.cursorOtherOrder(name), {
      [name]: ConnectionsMessages.cursorMismatch,
    });
  }
  // A signed sort is no proof of the values: each is checked as a filter value of its column is.
  return (values as (string | null)[]).map((v, i) =>
    v === null
      ? null
      : checkValue(order[i].type, v, () =>
          badInput(ConnectionsMessages.cursorValueInvalid(name, order[i].type), {
            [name]: ApiMessages.cursorInvalid,
          }),
        ),
  );
}

/**
 * The rows strictly after (or before) the position `values` in the order, treating NULL as the
 * largest value, as PostgreSQL orders them by default.
 */
function beyond(order: OrderColumn[], values: (string | null)[], side: 'after' | 'before', param: SqlParam, inclusive = false): string {
  const dirOf = (c: OrderColumn) => (side === 'after' ? c.direction : c.direction === 'ASC' ? 'DESC' : 'ASC');
  const bound = (i: number) => `${param(values[i])}${castOf(order[i].type)}`;
  order = order.map((c) => ({ ...c, expr: fragment(c.expr) }));
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
  if (!Number.isInteger(value) || value < 0)
    throw badInput(ConnectionsMessages.pageSizeNotWhole(name), { [name]: ConnectionsMessages.pageSizeInvalid });
  if (value > MAX_PAGE_SIZE)
    throw badInput(ConnectionsMessages.pageSizeTooLarge(name, MAX_PAGE_SIZE), {
      [name]: ConnectionsMessages.pageSizeTooLargeField(MAX_PAGE_SIZE),
    });
  return value;
}

/** Runs one page of a connection over `source` (see the module comment). */
export async function connection<Node>(db: Queryable, source: ConnectionSource<Node>, args: ConnectionArgs): Promise<Connection<Node>> {
  if (args.first != null && args.last != null)
    throw badInput(ConnectionsMessages.firstOrLast, { last: ConnectionsMessages.firstOrLastField });
  const backward = args.last != null;
  const size = pageSize(backward ? args.last : args.first, backward ? 'last' : 'first');
  const order = orderOf(source as ConnectionSource<unknown>, args.sort);
  const signature = signatureOf(order);
  const after = args.after ? decodeCursor(args.after, order, 'after') : null;
  const before = args.before ? decodeCursor(args.before, order, 'before') : null;

  // The rows the list holds: the source, its scope, the filters.
  let base = sql.queryBuilder().from(sql.raw(fragment(source.from)));
  if (source.scope) base = whereCondition(base, source.scope);
  for (const item of args.filter ?? []) base = whereCondition(base, (param) => filterSql(source as ConnectionSource<unknown>, item, param));

  // The page: read one row more than asked to learn whether there is more in the paging direction.
  let page: Knex.QueryBuilder = base
    .clone()
    .select(sql.raw(fragment(source.select ?? '*')), ...order.map((c, i) => sql.raw(`${cursorText(c)} AS "__cursor_${i}"`)));
  if (after) page = whereCondition(page, (param) => beyond(order, after, 'after', param));
  if (before) page = whereCondition(page, (param) => beyond(order, before, 'before', param));
  // The keyset order closes the statement as written here, beside the signature its cursors carry
  // (Knex's orderByRaw would only lower-case the keywords around the same text).
  const flip = (d: 'ASC' | 'DESC') => (d === 'ASC' ? 'DESC' : 'ASC');
  const orderBy = order.map((c) => `${c.expr} ${backward ? flip(c.direction) : c.direction}`).join(', ');
  const pageStatement = page.toSQL().toNative();
  const [pageRows, count] = await Promise.all([
    db.query(`${pageStatement.sql} ORDER BY ${orderBy} LIMIT ${size + 1}`, pageStatement.bindings as unknown[]),
    run(db, base.clone().select(sql.raw('count(*)::int AS n'))),
  ]);

  const more = pageRows.rows.length > size;
  const rows = pageRows.rows.slice(0, size);
  if (backward) rows.reverse();
  const valuesOf = (row: Record<string, any>) => order.map((_, i) => row[`__cursor_${i}`] as string | null);
  const edges = rows.map((row) => ({ cursor: encodeCursor(signature, valuesOf(row)), node: source.toNode(row) }));

  // The other side: is there anything before the first row (forward) or after the last (backward)?
  const otherSide = async (anchor: (string | null)[] | null, side: 'after' | 'before', inclusive: boolean) => {
    if (!anchor) return false;
    const query = whereCondition(base.clone().select(sql.raw('1')), (param) => beyond(order, anchor, side, param, inclusive)).limit(1);
    const { rows: found } = await run(db, query);
    return found.length > 0;
  };
  let hasPreviousPage: boolean;
  let hasNextPage: boolean;
  if (backward) {
    hasPreviousPage = more;
    hasNextPage = rows.length
      ? await otherSide(before ? valuesOf(rows.at(-1)!) : null, 'after', false)
      : await otherSide(before, 'after', true);
  } else {
    hasNextPage = more;
    hasPreviousPage = rows.length
      ? await otherSide(after ? valuesOf(rows[0]) : null, 'before', false)
      : await otherSide(after, 'before', true);
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
export function emptyConnection<Node>(
  source: Pick<ConnectionSource<Node>, 'fields' | 'key' | 'keyType' | 'defaultSort'>,
  args: ConnectionArgs,
): Connection<Node> {
  const full = { ...source, from: '', toNode: () => null as never } as ConnectionSource<unknown>;
  orderOf(full, args.sort);
  for (const item of args.filter ?? []) filterSql(full, item, () => '?');
  return { totalCount: 0, pageInfo: { startCursor: null, endCursor: null, hasPreviousPage: false, hasNextPage: false }, edges: [] };
}
