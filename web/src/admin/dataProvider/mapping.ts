/**
 * From a table's state to the arguments of an admin list query (spec 3 section 5 and spec 2
 * section 5: filter operators, wildcards, dots, empty filters; spec 2 section 7: cursor paging).
 * Pure, so it is tested beside itself and used by the data provider only.
 *
 * The table state follows MUI's data grid models (filter items with an operator, sort items,
 * zero-based pagination), plus the cursors the current page was reached with.
 */

export const DEFAULT_PAGE_SIZE = 25;

export interface TableFilterItem {
  field: string;
  operator: string;
  value?: unknown;
}

export interface TableSortItem {
  field: string;
  sort: 'asc' | 'desc';
}

export interface TablePagination {
  /** Zero-based page index; page 0 is the first page and never carries a cursor. */
  page: number;
  pageSize: number;
  /** The end cursor of the previous page, when this page was reached going forward. */
  after?: string | null;
  /** The start cursor of the next page, when this page was reached going back. */
  before?: string | null;
}

export interface FilterInput {
  field: string;
  predicate: 'eq' | 'not_eq' | 'lt' | 'gt' | 'lteq' | 'gteq' | 'matches';
  value: string;
}

export interface SortInput {
  field: string;
  direction: 'ASC' | 'DESC';
}

export interface PagingArgs {
  first?: number;
  after?: string;
  last?: number;
  before?: string;
}

/** Operator → server predicate, exactly the spec's table. */
export const OPERATOR_PREDICATES: Readonly<Record<string, FilterInput['predicate']>> = {
  '=': 'eq',
  is: 'eq',
  '!=': 'not_eq',
  not: 'not_eq',
  '<': 'lt',
  before: 'lt',
  '>': 'gt',
  after: 'gt',
  '<=': 'lteq',
  onOrBefore: 'lteq',
  '>=': 'gteq',
  onOrAfter: 'gteq',
  contains: 'matches',
  equals: 'matches',
  startsWith: 'matches',
  endsWith: 'matches',
};

/** Dots in field paths become underscores (`account.remainingMinutes` → `account_remainingMinutes`). */
export const toServerField = (field: string) => field.replace(/\./g, '_');

function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof Date) return Number.isNaN(value.getTime());
  if (typeof value === 'number') return Number.isNaN(value);
  return false;
}

function valueText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return String(value).trim();
}

function wrap(operator: string, value: string): string {
  switch (operator) {
    case 'contains':
      return `%${value}%`;
    case 'startsWith':
      return `${value}%`;
    case 'endsWith':
      return `%${value}`;
    default:
      return value;
  }
}

/**
 * Filter items to FilterInput: empty ones are not sent; an operator the server has no predicate for
 * is logged and dropped (spec 3 section 8: only logged).
 */
export function toFilterInput(
  items: readonly TableFilterItem[] | null | undefined,
  log: (message: string) => void = console.warn,
): FilterInput[] {
  const out: FilterInput[] = [];
  for (const item of items ?? []) {
    if (!item?.field || isEmptyValue(item.value)) continue;
    const predicate = OPERATOR_PREDICATES[item.operator];
    if (!predicate) {
      log(`Unsupported filter operator "${item.operator}" on "${item.field}" was dropped.`);
      continue;
    }
    out.push({
      field: toServerField(item.field),
      predicate,
      value: predicate === 'matches' ? wrap(item.operator, valueText(item.value)) : valueText(item.value),
    });
  }
  return out;
}

export function toSortInput(items: readonly TableSortItem[] | null | undefined): SortInput[] {
  return (items ?? [])
    .filter((s) => s?.field && (s.sort === 'asc' || s.sort === 'desc'))
    .map((s) => ({ field: toServerField(s.field), direction: s.sort === 'desc' ? 'DESC' : 'ASC' }));
}

/** Page 0 starts over; forward pages send `after`, backward pages send `before`. */
export function toPagingArgs(pagination: Partial<TablePagination> | null | undefined): PagingArgs {
  const size = pagination?.pageSize && pagination.pageSize > 0 ? Math.floor(pagination.pageSize) : DEFAULT_PAGE_SIZE;
  if (!pagination?.page || pagination.page <= 0) return { first: size };
  if (pagination.before) return { last: size, before: pagination.before };
  if (pagination.after) return { first: size, after: pagination.after };
  return { first: size };
}

export interface TableQuery {
  filter?: readonly TableFilterItem[] | null;
  sort?: readonly TableSortItem[] | null;
  pagination?: Partial<TablePagination> | null;
}

/** All the variables of a list query. */
export function toConnectionVariables(table: TableQuery, log?: (message: string) => void) {
  const filter = toFilterInput(table.filter, log);
  const sort = toSortInput(table.sort);
  return {
    ...toPagingArgs(table.pagination),
    ...(sort.length ? { sort } : {}),
    ...(filter.length ? { filter } : {}),
  };
}

export interface ConnectionPageInfo {
  startCursor: string | null;
  endCursor: string | null;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
}

/** The next page: forward with the end cursor. */
export function nextPage(pagination: TablePagination, pageInfo: ConnectionPageInfo): TablePagination {
  if (!pageInfo.hasNextPage || !pageInfo.endCursor) return pagination;
  return { page: pagination.page + 1, pageSize: pagination.pageSize, after: pageInfo.endCursor, before: null };
}

/** The previous page: back with the start cursor; back to page 0 starts over without a cursor. */
export function previousPage(pagination: TablePagination, pageInfo: ConnectionPageInfo): TablePagination {
  if (pagination.page <= 1 || !pageInfo.startCursor) return { page: 0, pageSize: pagination.pageSize };
  return { page: pagination.page - 1, pageSize: pagination.pageSize, after: null, before: pageInfo.startCursor };
}

export const firstPage = (pagination: Pick<TablePagination, 'pageSize'>): TablePagination => ({ page: 0, pageSize: pagination.pageSize });

/**
 * react-admin's own list parameters (a filter object, one sort, a 1-based page) as table state, for
 * lists that do not keep their state in the URL (reference lists inside a detail page). A filter
 * key may carry its operator: `emailAddress@contains`; without one it means `=`.
 */
export function tableFromListParams(params: {
  filter?: Record<string, unknown>;
  sort?: { field: string; order: string };
  pagination?: { page: number; perPage: number };
}): TableQuery {
  const filter = Object.entries(params.filter ?? {}).map(([key, value]) => {
    const at = key.lastIndexOf('@');
    return at > 0 ? { field: key.slice(0, at), operator: key.slice(at + 1), value } : { field: key, operator: '=', value };
  });
  const sort: TableSortItem[] = params.sort?.field
    ? [{ field: params.sort.field, sort: params.sort.order === 'DESC' ? 'desc' : 'asc' }]
    : [];
  const page = Math.max(0, (params.pagination?.page ?? 1) - 1);
  return { filter, sort, pagination: { page: page === 0 ? 0 : page, pageSize: params.pagination?.perPage ?? DEFAULT_PAGE_SIZE } };
}
