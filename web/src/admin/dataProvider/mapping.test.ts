import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE,
  OPERATOR_PREDICATES,
  firstPage,
  nextPage,
  previousPage,
  tableFromListParams,
  toConnectionVariables,
  toFilterInput,
  toPagingArgs,
  toSortInput,
} from './mapping';

const quiet = () => {};

describe('filter operators (spec 3 section 5)', () => {
  const cases: [string, string][] = [
    ['=', 'eq'],
    ['is', 'eq'],
    ['!=', 'not_eq'],
    ['not', 'not_eq'],
    ['<', 'lt'],
    ['before', 'lt'],
    ['>', 'gt'],
    ['after', 'gt'],
    ['<=', 'lteq'],
    ['onOrBefore', 'lteq'],
    ['>=', 'gteq'],
    ['onOrAfter', 'gteq'],
    ['contains', 'matches'],
    ['equals', 'matches'],
    ['startsWith', 'matches'],
    ['endsWith', 'matches'],
  ];
  for (const [operator, predicate] of cases) {
    it(`maps ${operator} to ${predicate}`, () => {
      assert.equal(toFilterInput([{ field: 'x', operator, value: '5' }], quiet)[0].predicate, predicate);
    });
  }
  it('has exactly the spec table, nothing more', () => {
    assert.deepEqual(Object.keys(OPERATOR_PREDICATES).sort(), cases.map(([o]) => o).sort());
  });

  it('wraps values with % for contains (both sides), startsWith (after) and endsWith (before)', () => {
    const items = ['contains', 'startsWith', 'endsWith', 'equals'].map((operator) => ({ field: 'emailAddress', operator, value: 'ann' }));
    assert.deepEqual(
      toFilterInput(items, quiet).map((f) => f.value),
      ['%ann%', 'ann%', '%ann', 'ann'],
    );
  });

  it('leaves values of other operators alone (trimmed, dates as ISO)', () => {
    assert.deepEqual(toFilterInput([{ field: 'n', operator: '>=', value: ' 10 ' }], quiet), [
      { field: 'n', predicate: 'gteq', value: '10' },
    ]);
    const at = new Date('2025-03-04T05:06:07.000Z');
    assert.deepEqual(toFilterInput([{ field: 'createdAt', operator: 'after', value: at }], quiet), [
      { field: 'createdAt', predicate: 'gt', value: '2025-03-04T05:06:07.000Z' },
    ]);
    assert.deepEqual(toFilterInput([{ field: 'n', operator: '=', value: 0 }], quiet), [{ field: 'n', predicate: 'eq', value: '0' }]);
  });

  it('turns dots in field names into underscores', () => {
    assert.deepEqual(toFilterInput([{ field: 'account.remainingMinutes', operator: '>', value: 5 }], quiet), [
      { field: 'account_remainingMinutes', predicate: 'gt', value: '5' },
    ]);
    assert.deepEqual(
      toFilterInput([{ field: 'recipient.emailAddress', operator: 'contains', value: 'a' }], quiet)[0].field,
      'recipient_emailAddress',
    );
  });

  it('does not send empty filters', () => {
    const empty = [undefined, null, '', '   ', [], Number.NaN, new Date('nope')].map((value) => ({
      field: 'x',
      operator: 'contains',
      value,
    }));
    assert.deepEqual(toFilterInput(empty, quiet), []);
    assert.deepEqual(toFilterInput([{ field: '', operator: '=', value: 'a' }], quiet), []);
    assert.deepEqual(toFilterInput(null, quiet), []);
  });

  it('logs and drops unsupported operators', () => {
    const logged: string[] = [];
    const out = toFilterInput(
      [
        { field: 'a', operator: 'isAnyOf', value: ['x'] },
        { field: 'b', operator: 'contains', value: 'y' },
      ],
      (m) => logged.push(m),
    );
    assert.deepEqual(out, [{ field: 'b', predicate: 'matches', value: '%y%' }]);
    assert.equal(logged.length, 1);
    assert.match(logged[0], /isAnyOf/);
  });
});

describe('sort', () => {
  it('maps field and direction, dots to underscores, dropping malformed items', () => {
    assert.deepEqual(
      toSortInput([
        { field: 'account.remainingMinutes', sort: 'desc' },
        { field: 'emailAddress', sort: 'asc' },
        { field: 'x', sort: 'sideways' as 'asc' },
      ]),
      [
        { field: 'account_remainingMinutes', direction: 'DESC' },
        { field: 'emailAddress', direction: 'ASC' },
      ],
    );
  });
});

describe('cursor paging (spec 2 section 7)', () => {
  const info = { startCursor: 'S', endCursor: 'E', hasPreviousPage: true, hasNextPage: true };

  it('defaults to the first 25', () => {
    assert.equal(DEFAULT_PAGE_SIZE, 25);
    assert.deepEqual(toPagingArgs(undefined), { first: 25 });
    assert.deepEqual(toPagingArgs({ page: 0, pageSize: 50 }), { first: 50 });
  });

  it('goes forward with after and the end cursor', () => {
    const next = nextPage({ page: 0, pageSize: 25 }, info);
    assert.deepEqual(next, { page: 1, pageSize: 25, after: 'E', before: null });
    assert.deepEqual(toPagingArgs(next), { first: 25, after: 'E' });
  });

  it('goes back with before and the start cursor', () => {
    const back = previousPage({ page: 3, pageSize: 25, after: 'X' }, info);
    assert.deepEqual(back, { page: 2, pageSize: 25, after: null, before: 'S' });
    assert.deepEqual(toPagingArgs(back), { last: 25, before: 'S' });
  });

  it('resets on page 0: going back to it, or asking for it, sends no cursor', () => {
    assert.deepEqual(previousPage({ page: 1, pageSize: 25, after: 'X' }, info), { page: 0, pageSize: 25 });
    assert.deepEqual(toPagingArgs({ page: 0, pageSize: 25, after: 'X', before: 'Y' }), { first: 25 });
    assert.deepEqual(firstPage({ pageSize: 10 }), { page: 0, pageSize: 10 });
  });

  it('stays put at the end', () => {
    const last = { page: 4, pageSize: 25, after: 'A' };
    assert.deepEqual(nextPage(last, { ...info, hasNextPage: false }), last);
  });
});

describe('connection variables', () => {
  it('puts paging, sort and filter together and leaves out what is empty', () => {
    assert.deepEqual(
      toConnectionVariables(
        {
          filter: [
            { field: 'emailAddress', operator: 'startsWith', value: 'pupil' },
            { field: 'x', operator: '=', value: '' },
          ],
          sort: [{ field: 'createdAt', sort: 'desc' }],
          pagination: { page: 2, pageSize: 25, after: 'E' },
        },
        quiet,
      ),
      {
        first: 25,
        after: 'E',
        sort: [{ field: 'createdAt', direction: 'DESC' }],
        filter: [{ field: 'emailAddress', predicate: 'matches', value: 'pupil%' }],
      },
    );
    assert.deepEqual(toConnectionVariables({}, quiet), { first: 25 });
  });

  it("reads react-admin's list parameters, with an operator in the filter key", () => {
    assert.deepEqual(
      tableFromListParams({
        filter: { 'emailAddress@contains': 'ann', 'recipient.id': 'u1' },
        sort: { field: 'createdAt', order: 'DESC' },
        pagination: { page: 1, perPage: 10 },
      }),
      {
        filter: [
          { field: 'emailAddress', operator: 'contains', value: 'ann' },
          { field: 'recipient.id', operator: '=', value: 'u1' },
        ],
        sort: [{ field: 'createdAt', sort: 'desc' }],
        pagination: { page: 0, pageSize: 10 },
      },
    );
  });
});
