import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { cancelLabel, needsAction, personName, startEnabled, startLabel, statusChip, transferLabel } from './labels';

const c = (status: 'reserved' | 'opened' | 'started' | 'stopped' | 'unused', isOpenable: boolean, isCanceled = false) => ({
  status,
  isCanceled,
  openablePolicy: { isOpenable },
});

describe('speaker conversation labels', () => {
  it('labels Start from status and openablePolicy as the spec does', () => {
    assert.equal(startLabel(c('reserved', false)), 'Too Early');
    assert.equal(startLabel(c('reserved', true)), 'Start');
    assert.equal(startLabel(c('opened', false)), 'Resume');
    assert.equal(startLabel(c('started', true)), 'Resume');
    assert.equal(startLabel(c('stopped', false)), 'Cannot Start');
    assert.equal(startLabel(c('unused', true)), 'Cannot Start');
    assert.equal(startLabel(c('reserved', true, true)), 'Cannot Start', 'a canceled conversation cannot start');
    assert.equal(startEnabled(c('reserved', false)), false);
    assert.equal(startEnabled(c('reserved', true)), true);
    assert.equal(startEnabled(c('started', false)), true);
  });
  it('labels Cancel and Transfer', () => {
    assert.equal(cancelLabel({ isCanceled: false, cancellationPolicy: { isCancelable: true } }), 'Cancel');
    assert.equal(cancelLabel({ isCanceled: true, cancellationPolicy: { isCancelable: false } }), 'Canceled');
    assert.equal(cancelLabel({ isCanceled: false, cancellationPolicy: { isCancelable: false } }), 'Cannot Cancel');
    assert.equal(transferLabel({ isCanceled: false, transferablePolicy: { isTransferable: true, transferableTo: [{}] } }), 'Transfer');
    assert.equal(transferLabel({ isCanceled: false, transferablePolicy: { isTransferable: true, transferableTo: [] } }), 'Cannot Transfer');
    assert.equal(
      transferLabel({ isCanceled: true, transferablePolicy: { isTransferable: true, transferableTo: [{}] } }),
      'Cannot Transfer',
    );
  });
  it('chips opened and started, warns when the start has passed', () => {
    assert.equal(statusChip('opened'), 'Opened');
    assert.equal(statusChip('started'), 'Started');
    assert.equal(statusChip('reserved'), null);
    const now = Date.parse('2025-03-04T15:00:00Z');
    assert.equal(needsAction({ status: 'reserved', reservedStart: '2025-03-04T14:59:00Z' }, now), true);
    assert.equal(needsAction({ status: 'reserved', reservedStart: '2025-03-04T15:01:00Z' }, now), false);
    assert.equal(needsAction({ status: 'started', reservedStart: '2025-03-04T14:00:00Z' }, now), false);
    assert.equal(needsAction({ status: 'stopped', reservedStart: '2025-03-04T14:00:00Z' }, now), true);
    assert.equal(needsAction({ status: 'stopped', reservedStart: '2025-03-04T14:00:00Z', markedAs: 'completed' }, now), false, 'marked');
  });
  it('names people without their addresses', () => {
    assert.equal(personName({ displayName: 'Ada L.', givenName: 'Ada', surname: 'Lovelace' }), 'Ada L.');
    assert.equal(personName({ displayName: null, givenName: 'Ada', surname: 'Lovelace' }), 'Ada Lovelace');
    assert.equal(personName({ displayName: ' ', givenName: null, surname: null }, 'Student'), 'Student');
    assert.equal(personName(null, 'Student'), 'Student');
  });
});
