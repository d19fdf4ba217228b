/** Codes the server sends, worded by the web's catalogs (issue 32): English as the server used to write it, and Spanish. */
import assert from 'node:assert/strict';
import { parse } from '@formatjs/icu-messageformat-parser';
import { afterEach, it } from 'vitest';
import type { Messages } from './catalog';
import en from './messages/en.json';
import es from './messages/es.json';
import { Catalog, setActiveCatalog, translate } from './translate';

const use = (locale: 'en' | 'es', messages: Record<string, string>) =>
  setActiveCatalog(
    new Catalog(locale, locale, Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parse(text)])) as unknown as Messages),
  );
afterEach(() => setActiveCatalog(null));

const words = () => [
  translate('course.level', { level: 'beginner' }),
  translate('course.level', { level: 'native' }),
  translate('course.agreement', { kind: 'institutional' }),
  translate('minutes.action', { code: 'admin_adjustment', words: 'admin adjustment' }),
  translate('minutes.action', { code: 'code_redemption', words: 'code redemption' }),
  translate('conversation.archive.status', { status: 'STARTED', percent: '42' }),
  translate('conversation.archive.status', { status: 'RECORDING', percent: '0' }),
  translate('admin.roles.code', { role: 'ADMINISTRATOR' }),
  translate('admin.roles.code', { role: 'STUDENT' }),
];

it('word the codes in English as the server and the spec wrote them', () => {
  use('en', en);
  assert.deepEqual(words(), [
    'beginner',
    'native',
    'institutional',
    'admin adjustment',
    'code redemption',
    'Processing... (42% complete)',
    '-',
    'ADMINISTRATOR',
    'STUDENT',
  ]);
});

it('word them in Spanish, an unknown code as it came', () => {
  use('es', es);
  assert.deepEqual(words(), [
    'principiante',
    'native',
    'institucional',
    'ajuste administrativo',
    'code redemption',
    'Procesando... (42 % completado)',
    '-',
    'Administrador/a',
    'Estudiante',
  ]);
});
