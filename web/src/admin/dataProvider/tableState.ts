/**
 * A table's whole state — visible columns, filter, pagination (with its cursor) and sort — kept in
 * the URL query as encoded JSON (spec 3 section 2), so a link or a reload reproduces the view.
 * Pure: parsing never throws; anything malformed falls back to the defaults.
 */
import { DEFAULT_PAGE_SIZE, type TableFilterItem, type TablePagination, type TableSortItem } from './mapping';

export interface TableState {
  /** Visible columns by source; null shows the table's default columns. */
  columns: string[] | null;
  filter: { items: TableFilterItem[] };
  pagination: TablePagination;
  sort: TableSortItem[];
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export function defaultTableState(overrides: Partial<Pick<TableState, 'sort' | 'columns'>> & { pageSize?: number } = {}): TableState {
  return {
    columns: overrides.columns ?? null,
    filter: { items: [] },
    pagination: { page: 0, pageSize: overrides.pageSize ?? DEFAULT_PAGE_SIZE },
    sort: overrides.sort ?? [],
  };
}

const isString = (v: unknown): v is string => typeof v === 'string';

/** Reads `?<key>=` (encoded JSON) over the defaults. */
export function parseTableState(search: string, key: string, defaults: TableState): TableState {
  const raw = new URLSearchParams(search).get(key);
  if (!raw) return defaults;
  let parsed: any;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return defaults;
  }
  if (!parsed || typeof parsed !== 'object') return defaults;
  const columns = Array.isArray(parsed.columns) && parsed.columns.every(isString) ? parsed.columns : defaults.columns;
  const items = Array.isArray(parsed.filter?.items)
    ? parsed.filter.items
        .filter((i: any) => i && isString(i.field) && isString(i.operator))
        .map((i: any) => ({ field: i.field, operator: i.operator, value: i.value }))
    : defaults.filter.items;
  const sort = Array.isArray(parsed.sort)
    ? parsed.sort
        .filter((s: any) => s && isString(s.field) && (s.sort === 'asc' || s.sort === 'desc'))
        .map((s: any) => ({ field: s.field, sort: s.sort }))
    : defaults.sort;
  const p = parsed.pagination ?? {};
  const pageSize = Number.isInteger(p.pageSize) && p.pageSize > 0 && p.pageSize <= 200 ? p.pageSize : defaults.pagination.pageSize;
  const page = Number.isInteger(p.page) && p.page > 0 ? p.page : 0;
  const after = page > 0 && isString(p.after) ? p.after : null;
  const before = page > 0 && !after && isString(p.before) ? p.before : null;
  // A later page needs the cursor it was reached with; without one, start over.
  const pagination: TablePagination = page > 0 && (after || before) ? { page, pageSize, after, before } : { page: 0, pageSize };
  return { columns, filter: { items }, pagination, sort };
}

/** Writes the state into `?<key>=`, keeping other parameters; the defaults leave the URL clean. */
export function writeTableState(search: string, key: string, state: TableState, defaults: TableState): string {
  const params = new URLSearchParams(search);
  const compact: Record<string, unknown> = {};
  if (state.columns && JSON.stringify(state.columns) !== JSON.stringify(defaults.columns)) compact.columns = state.columns;
  if (state.filter.items.length) compact.filter = { items: state.filter.items };
  const p = state.pagination;
  if (p.page > 0 || p.pageSize !== defaults.pagination.pageSize) {
    compact.pagination = {
      page: p.page,
      pageSize: p.pageSize,
      ...(p.page > 0 && p.after ? { after: p.after } : {}),
      ...(p.page > 0 && p.before ? { before: p.before } : {}),
    };
  }
  if (JSON.stringify(state.sort) !== JSON.stringify(defaults.sort)) compact.sort = state.sort;
  if (Object.keys(compact).length) params.set(key, JSON.stringify(compact));
  else params.delete(key);
  const text = params.toString();
  return text ? `?${text}` : '';
}
