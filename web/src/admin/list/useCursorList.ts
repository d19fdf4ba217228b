/**
 * A react-admin list controller whose state lives in the URL (`?<key>=` encoded JSON: columns,
 * filter, pagination with its cursor, sort) and which pages with cursors: next sends `after` with
 * the end cursor, previous sends `before` with the start cursor, page 0 starts over. Its value goes
 * into <ListContextProvider>, so react-admin's Datagrid and fields work unchanged.
 */
import { useCallback, useMemo } from 'react';
import { useGetList, type ListControllerResult, type SortPayload } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { firstPage, nextPage, previousPage, type ConnectionPageInfo, type TableFilterItem } from '../dataProvider/mapping';
import { parseTableState, writeTableState, type TableState } from '../dataProvider/tableState';

export interface CursorListOptions {
  resource: string;
  defaults: TableState;
  /** The URL query parameter holding this table's state. */
  urlKey?: string;
  /** Filters the view always applies (a person's notifications), not shown or stored. */
  fixedFilter?: TableFilterItem[];
  /** Extra list arguments for the data provider (e.g. { userId } for a history). */
  meta?: Record<string, unknown>;
  /** Refetch on this interval (ms), e.g. for timelines that move on their own. */
  refetchInterval?: number;
}

export interface CursorList {
  state: TableState;
  setState(next: TableState): void;
  pageInfo: ConnectionPageInfo | null;
  goNext(): void;
  goPrevious(): void;
  goFirst(): void;
  context: ListControllerResult;
}

const EMPTY_INFO: ConnectionPageInfo = { startCursor: null, endCursor: null, hasPreviousPage: false, hasNextPage: false };

export function useCursorList(options: CursorListOptions): CursorList {
  const { resource, defaults, urlKey = 'table', fixedFilter, meta, refetchInterval } = options;
  const location = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => parseTableState(location.search, urlKey, defaults), [location.search, urlKey, defaults]);

  const setState = useCallback(
    (next: TableState) =>
      navigate({ pathname: location.pathname, search: writeTableState(location.search, urlKey, next, defaults), hash: location.hash }),
    [navigate, location.pathname, location.search, location.hash, urlKey, defaults],
  );

  const table = useMemo(
    () => ({ filter: [...(fixedFilter ?? []), ...state.filter.items], sort: state.sort, pagination: state.pagination }),
    [fixedFilter, state],
  );
  const sort: SortPayload = state.sort[0]
    ? { field: state.sort[0].field, order: state.sort[0].sort === 'desc' ? 'DESC' : 'ASC' }
    : { field: '', order: 'ASC' };
  const result = useGetList(
    resource,
    {
      pagination: { page: state.pagination.page + 1, perPage: state.pagination.pageSize },
      sort,
      filter: {},
      meta: { ...meta, table },
    },
    { placeholderData: (previous) => previous, refetchInterval },
  );
  const pageInfo: ConnectionPageInfo | null = result.meta?.pageInfo ?? null;

  // While a new page loads, the rows (and their cursors) are still the previous page's: paging on
  // from them would ask for the wrong page (a quick second Next would show the second page again).
  const settled = !result.isPlaceholderData;
  const goNext = useCallback(
    () => settled && setState({ ...state, pagination: nextPage(state.pagination, pageInfo ?? EMPTY_INFO) }),
    [settled, setState, state, pageInfo],
  );
  const goPrevious = useCallback(
    () => settled && setState({ ...state, pagination: previousPage(state.pagination, pageInfo ?? EMPTY_INFO) }),
    [settled, setState, state, pageInfo],
  );
  const goFirst = useCallback(() => setState({ ...state, pagination: firstPage(state.pagination) }), [setState, state]);

  const context = {
    resource,
    data: result.data,
    total: result.total,
    error: result.error,
    isPending: result.isPending,
    isLoading: result.isLoading,
    isFetching: result.isFetching,
    isPlaceholderData: result.isPlaceholderData,
    isPaused: result.isPaused,
    refetch: result.refetch,
    page: state.pagination.page + 1,
    perPage: state.pagination.pageSize,
    hasNextPage: !!pageInfo?.hasNextPage,
    hasPreviousPage: state.pagination.page > 0,
    sort,
    setSort: (next: SortPayload) =>
      setState({
        ...state,
        sort: next.field ? [{ field: next.field, sort: next.order === 'DESC' ? 'desc' : 'asc' }] : [],
        pagination: firstPage(state.pagination),
      }),
    setPage: (page: number) => {
      if (page - 1 === state.pagination.page + 1) goNext();
      else if (page - 1 === state.pagination.page - 1) goPrevious();
      else goFirst();
    },
    setPerPage: (pageSize: number) => setState({ ...state, pagination: { page: 0, pageSize } }),
    filterValues: {},
    displayedFilters: {},
    setFilters: () => {},
    showFilter: () => {},
    hideFilter: () => {},
    selectedIds: [],
    onSelect: () => {},
    onSelectAll: () => {},
    onToggleItem: () => {},
    onUnselectItems: () => {},
    defaultTitle: resource,
  } as unknown as ListControllerResult;

  return { state, setState, pageInfo, goNext, goPrevious, goFirst, context };
}
