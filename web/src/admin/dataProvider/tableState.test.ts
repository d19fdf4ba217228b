import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { defaultTableState, parseTableState, writeTableState, type TableState } from './tableState';

const defaults = defaultTableState({ sort: [{ field: 'createdAt', sort: 'desc' }] });

describe('table state in the URL', () => {
  it('round-trips columns, filter, pagination with its cursor, and sort', () => {
    const state: TableState = {
      columns: ['emailAddress', 'account.remainingMinutes'],
      filter: { items: [{ field: 'emailAddress', operator: 'contains', value: 'pupil' }] },
      pagination: { page: 2, pageSize: 10, after: 'CURSOR==', before: null },
      sort: [{ field: 'emailAddress', sort: 'asc' }],
    };
    const search = writeTableState('?tab=1', 'table', state, defaults);
    assert.match(search, /^\?tab=1&table=/);
    assert.deepEqual(parseTableState(search, 'table', defaults), state);
    // The JSON is encoded in the query.
    assert.ok(!search.includes('{'));
  });

  it('leaves the URL clean for the defaults', () => {
    assert.equal(writeTableState('', 'table', defaults, defaults), '');
    assert.equal(writeTableState('?table=%7B%7D&x=1', 'table', defaults, defaults), '?x=1');
  });

  it('falls back to the defaults for malformed state', () => {
    assert.deepEqual(parseTableState('?table=not-json', 'table', defaults), defaults);
    assert.deepEqual(parseTableState('?table=%5B1%5D', 'table', defaults).pagination, defaults.pagination);
    const odd = encodeURIComponent(
      JSON.stringify({ sort: [{ field: 'a', sort: 'up' }], filter: { items: [{ field: 1 }] }, pagination: { page: -3, pageSize: 9999 } }),
    );
    const parsed = parseTableState(`?table=${odd}`, 'table', defaults);
    assert.deepEqual(parsed.sort, []);
    assert.deepEqual(parsed.filter.items, []);
    assert.deepEqual(parsed.pagination, { page: 0, pageSize: 25 });
  });

  it('starts over when a later page has no cursor to reach it', () => {
    const search = `?table=${encodeURIComponent(JSON.stringify({ pagination: { page: 3, pageSize: 25 } }))}`;
    assert.deepEqual(parseTableState(search, 'table', defaults).pagination, { page: 0, pageSize: 25 });
  });

  it('keeps a backward cursor', () => {
    const search = `?table=${encodeURIComponent(JSON.stringify({ pagination: { page: 1, pageSize: 25, before: 'B' } }))}`;
    assert.deepEqual(parseTableState(search, 'table', defaults).pagination, { page: 1, pageSize: 25, after: null, before: 'B' });
  });
});
