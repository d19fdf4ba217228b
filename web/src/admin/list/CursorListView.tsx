/**
 * A back-office table: filters, a column chooser, react-admin's Datagrid (sortable headers), and
 * cursor paging (First, Previous, Next, rows per page). Its whole state is in the URL.
 */
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { cloneElement, useState, type ReactElement, type ReactNode } from 'react';
import { Datagrid, ListContextProvider, ResourceContextProvider, type RaRecord } from 'react-admin';
import { PAGE_SIZES } from '../dataProvider/tableState';
import { useAdminTime } from '../zone';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';
import { SideScroll } from '../../components/SideScroll';
import { FilterBar, type FilterField } from './FilterBar';
import type { CursorList } from './useCursorList';

export interface Column {
  source: string;
  label: string;
  /** A react-admin field element rendering the cell. */
  field: ReactElement<any>;
  sortable?: boolean;
  /** Shown unless the user hides it; false keeps it hidden until chosen. */
  defaultVisible?: boolean;
}

function ColumnsButton({ columns, visible, onChange }: { columns: Column[]; visible: string[]; onChange(next: string[]): void }) {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button startIcon={<ViewColumnIcon />} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="true">
        {t('admin.list.columns')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {columns.map((c) => (
          <MenuItem key={c.source} dense>
            <FormControlLabel
              control={
                <Checkbox
                  size="small"
                  checked={visible.includes(c.source)}
                  onChange={(e) =>
                    onChange(
                      e.target.checked
                        ? columns.filter((x) => x.source === c.source || visible.includes(x.source)).map((x) => x.source)
                        : visible.filter((v) => v !== c.source),
                    )
                  }
                />
              }
              label={c.label}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export function CursorPagination({ list }: { list: CursorList }) {
  const t = useT();
  const { state, pageInfo, context } = list;
  const { page, pageSize } = state.pagination;
  const total = context.total ?? 0;
  const shown = context.data?.length ?? 0;
  const from = shown ? page * pageSize + 1 : 0;
  // The page in the URL is loading: its rows are not there yet, so neither is the way on from them.
  const loading = !!context.isPlaceholderData;
  return (
    <Stack
      direction="row"
      spacing={1}
      alignItems="center"
      justifyContent="flex-end"
      sx={{ py: 1, flexWrap: 'wrap' }}
      component="nav"
      aria-label={t('admin.list.pages')}
    >
      <TextField
        select
        size="small"
        label={t('admin.list.rowsPerPage')}
        value={pageSize}
        onChange={(e) => list.setState({ ...state, pagination: { page: 0, pageSize: Number(e.target.value) } })}
        sx={{ width: 130 }}
      >
        {PAGE_SIZES.map((n) => (
          <MenuItem key={n} value={n}>
            {n}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" aria-live="polite" data-testid="page-range">
        {t('admin.list.range', shown ? { from, to: from + shown - 1, total } : { from: 0, to: 0, total })}
      </Typography>
      <Button size="small" onClick={list.goFirst} disabled={page === 0}>
        {t('admin.list.first')}
      </Button>
      <Button size="small" onClick={list.goPrevious} disabled={page === 0 || loading} aria-label={t('admin.list.previousPage')}>
        {t('admin.list.previous')}
      </Button>
      <Button size="small" onClick={list.goNext} disabled={!pageInfo?.hasNextPage || loading} aria-label={t('admin.list.nextPage')}>
        {t('admin.list.next')}
      </Button>
    </Stack>
  );
}

export function CursorListView({
  list,
  columns,
  filters,
  rowClick,
  empty,
  toolbar,
  rowSx,
}: {
  list: CursorList;
  columns: Column[];
  filters?: FilterField[];
  rowClick?: string | ((id: RaRecord['id'], resource: string, record: RaRecord) => string | false);
  empty: ReactNode;
  toolbar?: ReactNode;
  /** Styles a row from its record (e.g. canceled conversations shaded). */
  rowSx?: (record: RaRecord, index: number) => Record<string, unknown>;
}) {
  const t = useT();
  const format = useAdminTime();
  const { state, setState, context } = list;
  const visible = state.columns ?? columns.filter((c) => c.defaultVisible !== false).map((c) => c.source);
  const shown = columns.filter((c) => visible.includes(c.source));
  return (
    <ResourceContextProvider value={context.resource}>
      <ListContextProvider value={context}>
        {filters && filters.length > 0 && (
          <FilterBar
            fields={filters}
            items={state.filter.items}
            format={(iso) => format(iso)}
            onChange={(items) => setState({ ...state, filter: { items }, pagination: { page: 0, pageSize: state.pagination.pageSize } })}
          />
        )}
        <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1 }}>
          <Typography variant="body2" color="text.secondary" data-testid="total-count">
            {context.total === undefined ? '' : t('admin.list.total', { total: context.total })}
          </Typography>
          <Stack direction="row" spacing={1}>
            {toolbar}
            <ColumnsButton columns={columns} visible={visible} onChange={(next) => setState({ ...state, columns: next })} />
          </Stack>
        </Stack>
        <Card variant="outlined">
          <SideScroll>
            <Box sx={{ height: 4 }}>{context.isFetching && <LinearProgress aria-label={t('admin.list.loading')} />}</Box>
            {context.error ? (
              <Typography color="error" sx={{ p: 2 }} role="alert">
                {errorMessage(context.error)}
              </Typography>
            ) : (
              <Datagrid
                bulkActionButtons={false}
                rowClick={rowClick ?? false}
                rowSx={rowSx as any}
                empty={<Box sx={{ p: 3 }}>{empty}</Box>}
              >
                {shown.map((c) =>
                  cloneElement(c.field, { key: c.source, source: c.source, label: c.label, sortable: c.sortable !== false }),
                )}
              </Datagrid>
            )}
          </SideScroll>
        </Card>
        <CursorPagination list={list} />
      </ListContextProvider>
    </ResourceContextProvider>
  );
}
