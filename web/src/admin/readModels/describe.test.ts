import assert from 'node:assert/strict';
import { parse } from '@formatjs/icu-messageformat-parser';
import { afterEach, describe, it } from 'vitest';
import type { Messages } from '../../i18n/catalog';
import en from '../../i18n/messages/en.json';
import es from '../../i18n/messages/es.json';
import { Catalog, setActiveCatalog } from '../../i18n/translate';
import { duration, lagText, operatorText, progressText, resultText } from './describe';
import type { OperationData } from './operations';

const op = (o: Partial<OperationData>): OperationData => ({
  id: 'o',
  kind: 'REBUILD',
  by: { via: 'BACK_OFFICE', person: null, osUser: null, host: null },
  reason: 'r',
  startedOn: '',
  finishedOn: null,
  outcome: 'SUCCEEDED',
  progress: null,
  events: null,
  durationMs: null,
  differences: null,
  error: null,
  cleared: null,
  ...o,
});

describe('read models in words', () => {
  it('says durations, lag and progress', () => {
    assert.deepEqual(
      [duration(3.24), duration(8), duration(42.4), duration(245), duration(7380)],
      ['3.2 s', '8 s', '42 s', '4 min 05 s', '2 h 03 min'],
    );
    assert.equal(lagText({ lagEvents: 0, lagSeconds: 0 }), 'Caught up');
    assert.equal(lagText({ lagEvents: 1, lagSeconds: 2.5 }), '1 event behind, the oldest 2.5 s ago');
    assert.equal(
      progressText({ eventsDone: 4000, eventsTotal: 12000, eventsPerSecond: 1234, secondsLeft: 7 }),
      '4,000 of 12,000 events (33%) · 1,234 events/s · about 7 s left',
    );
    assert.equal(progressText({ eventsDone: 0, eventsTotal: null, eventsPerSecond: 0, secondsLeft: null }), '0 events · 0 events/s');
  });

  it('says who and what came of it', () => {
    assert.equal(operatorText({ via: 'CLI', person: null, osUser: 'ops', host: 'box' }), 'ops at the command line on box');
    assert.equal(
      operatorText({ via: 'BACK_OFFICE', person: { id: 'a', emailAddress: 'a@x.org', displayName: null }, osUser: null, host: null }),
      'a@x.org',
    );
    assert.equal(resultText(op({ events: 12000, durationMs: 3400 })), 'Rebuilt from 12,000 events in 3.4 s and swapped in');
    assert.equal(
      resultText(op({ kind: 'VERIFY', events: 1, durationMs: 10, differences: [] })),
      'Replayed 1 event in 0.0 s: no differences',
    );
    assert.equal(
      resultText(op({ kind: 'VERIFY', events: 5, durationMs: 1000, differences: [{ table: 'months', onlyLive: 1, onlyRebuilt: 1 }] })),
      'Replayed 5 events in 1 s: 1 table differs: months (1 only live, 1 only in the replay)',
    );
    assert.equal(resultText(op({ outcome: 'FAILED', error: 'boom' })), 'Failed: boom');
    assert.equal(resultText(op({ kind: 'RESUME', cleared: false })), 'It had not stopped: nothing to clear');
  });
});

describe('read models in words, from the catalogs', () => {
  const use = (locale: 'en' | 'es', messages: Record<string, string>) =>
    setActiveCatalog(
      new Catalog(
        locale,
        locale,
        Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parse(text)])) as unknown as Messages,
      ),
    );
  afterEach(() => setActiveCatalog(null));
  const cases = () => [
    lagText({ lagEvents: 1, lagSeconds: 2.5 }),
    progressText({ eventsDone: 4000, eventsTotal: 12000, eventsPerSecond: 1234, secondsLeft: 7 }),
    resultText(op({ events: 12000, durationMs: 3400 })),
    resultText(op({ kind: 'VERIFY', events: 5, durationMs: 1000, differences: [{ table: 'months', onlyLive: 1, onlyRebuilt: 1 }] })),
    resultText(op({ kind: 'REBUILD' })),
    operatorText({ via: 'CLI', person: null, osUser: null, host: 'box' }),
  ];

  it('say the same English as without them', () => {
    const without = cases();
    use('en', en);
    assert.deepEqual(cases(), without);
  });

  it('speak Spanish on a Spanish page', () => {
    use('es', es);
    assert.deepEqual(cases(), [
      '1 evento de retraso, el más antiguo de hace 2,5 s',
      '4000 de 12.000 eventos (33 %) · 1234 eventos/s · quedan unos 7 s',
      'Reconstruido a partir de 12.000 eventos en 3,4 s y puesto en servicio',
      'Reproducido 5 eventos en 1 s: 1 tabla difiere: months (1 solo en el vivo, 1 solo en la reproducción)',
      'Reconstruido y puesto en servicio',
      'alguien en la línea de comandos de box',
    ]);
  });
});
