/**
 * How a read model offers one of its tables or views to the API's lists (services/api/connections.ts,
 * DESIGN.md section 6): the whitelisted fields, each one column of a type, the key, the scope. It
 * lives with the read models, which write these beside their tables; the API reads them.
 */

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

export interface SortItem {
  field: string;
  direction?: 'ASC' | 'DESC' | string | null;
}

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

/** `%` is the only wildcard of `matches`; `_` and `\` are literal. */
export const likePattern = (value: string) => value.replace(/[\\_]/g, (c) => `\\${c}`);

/** Text matched literally by ILIKE (quick search): `\`, `%` and `_` are all escaped. */
export const likeLiteral = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
