import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { READ_MODEL_REASON_MAX_LENGTH, ReadModelMessages } from '../../../contracts/validation/readModels';
import type { DomainError } from '../shared/errors';
import { deciderSpec } from '../shared/spec';
import { localizeKnownText } from '../../i18n/localize';
import { sayIn } from '../../i18n/translate';
import type { Operator, ReadModelOperationEvent } from './events';
import { decideFinish, decideResume, decideStart, evolveOperations, historyOf, initialOperationsState } from './operations';

const spec = deciderSpec(evolveOperations, initialOperationsState);
const ctx = { now: new Date('2026-05-01T10:00:00Z'), actor: { accountId: 'admin-1', roles: ['ADMIN'] } };
const admin: Operator = { via: 'back-office', accountId: 'admin-1' };
const cli: Operator = { via: 'cli', osUser: 'ops', host: 'box' };
const start = (reason: string | null, by: Operator = admin, operation: 'rebuild' | 'verify' = 'rebuild') => ({
  operationId: 'op-1',
  readModel: 'payroll',
  operation,
  version: 4,
  reason,
  by,
});
const started: ReadModelOperationEvent = {
  type: 'ReadModelOperationStarted',
  data: { ...start('Payroll looked wrong'), reason: 'Payroll looked wrong' },
};

describe('read model operations', () => {
  it('starts with the reason trimmed', () => {
    spec
      .given([])
      .when((s) => decideStart(s, start('  Payroll looked wrong '), ctx))
      .then([started]);
  });

  it('refuses a blank, too long or NUL reason, naming the field', () => {
    spec
      .given([])
      .when((s) => decideStart(s, start('   '), ctx))
      .thenThrows('BAD_USER_INPUT', ReadModelMessages.reasonRequired);
    spec
      .given([])
      .when((s) => decideStart(s, start(null), ctx))
      .thenThrows('BAD_USER_INPUT', ReadModelMessages.reasonRequired);
    spec
      .given([])
      .when((s) => decideStart(s, start('x'.repeat(READ_MODEL_REASON_MAX_LENGTH + 1)), ctx))
      .thenThrows('BAD_USER_INPUT', 'The reason can have at most 500 characters.');
    spec
      .given([])
      .when((s) => decideStart(s, start('why\u0000'), ctx))
      .thenThrows('BAD_USER_INPUT', 'The reason cannot contain the NUL character.');
    spec
      .given([])
      .when((s) => decideResume(s, { operationId: 'r', readModel: 'payroll', reason: '', by: cli, cleared: true }, ctx))
      .thenThrows('BAD_USER_INPUT', ReadModelMessages.reasonRequired);
  });

  it("says a refused reason in the caller's language", () => {
    const refusal = (reason: string) => {
      try {
        decideStart(initialOperationsState(), start(reason), ctx);
      } catch (error) {
        const { said, message } = error as DomainError;
        // As the API says a refusal (services/api/localizedErrors.ts).
        return said ? sayIn('es', said) : localizeKnownText('es', message);
      }
      assert.fail('not refused');
    };
    assert.equal(refusal('x'.repeat(READ_MODEL_REASON_MAX_LENGTH + 1)), 'Motivo: puede tener como máximo 500 caracteres.');
    assert.equal(refusal(' '), 'Indica el motivo para el registro: se guarda junto con la operación.');
  });

  it('lets only a verify from the CLI go without a reason', () => {
    const [event] = decideStart(initialOperationsState(), start(null, cli, 'verify'), ctx);
    assert.equal(event.data.reason, null);
    spec
      .given([])
      .when((s) => decideStart(s, start(null, cli, 'rebuild'), ctx))
      .thenThrows('BAD_USER_INPUT', ReadModelMessages.reasonRequired);
    spec
      .given([])
      .when((s) => decideStart(s, start(null, admin, 'verify'), ctx))
      .thenThrows('BAD_USER_INPUT', ReadModelMessages.reasonRequired);
  });

  it('records a result once: a late interruption of a finished operation is nothing', () => {
    const result = {
      operationId: 'op-1',
      readModel: 'payroll',
      outcome: 'succeeded' as const,
      events: 1200,
      ms: 3400,
      differences: null,
      error: null,
    };
    const finished: ReadModelOperationEvent = { type: 'ReadModelOperationFinished', data: { ...result, operation: 'rebuild' } };
    spec
      .given([started])
      .when((s) => decideFinish(s, result, ctx))
      .then([finished]);
    spec
      .given([started, finished])
      .when((s) => decideFinish(s, { ...result, outcome: 'interrupted' }, ctx))
      .then([]);
    spec
      .given([])
      .when((s) => decideFinish(s, result, ctx))
      .thenThrows('CONFLICT');
  });

  it('folds a stream into its history, newest first, with each result', () => {
    const meta = (occurredAt: string) => ({ occurredAt });
    const history = historyOf([
      { ...started, metadata: meta('2026-05-01T10:00:00.000Z') },
      {
        type: 'ReadModelOperationFinished',
        data: {
          operationId: 'op-1',
          readModel: 'payroll',
          operation: 'rebuild',
          outcome: 'failed',
          events: 10,
          ms: 5,
          differences: null,
          error: 'boom',
        },
        metadata: meta('2026-05-01T10:00:05.000Z'),
      },
      {
        type: 'ReadModelResumed',
        data: { operationId: 'op-2', readModel: 'payroll', reason: 'Fixed the disk', by: cli, cleared: true },
        metadata: meta('2026-05-01T11:00:00.000Z'),
      },
    ]);
    assert.deepEqual(
      history.map((h) => [h.operation, h.outcome, h.reason, h.error, h.cleared, h.startedAt, h.finishedAt]),
      [
        ['resume', 'succeeded', 'Fixed the disk', null, true, '2026-05-01T11:00:00.000Z', '2026-05-01T11:00:00.000Z'],
        ['rebuild', 'failed', 'Payroll looked wrong', 'boom', null, '2026-05-01T10:00:00.000Z', '2026-05-01T10:00:05.000Z'],
      ],
    );
  });
});
