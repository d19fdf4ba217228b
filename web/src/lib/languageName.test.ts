import assert from 'node:assert/strict';
import { parse } from '@formatjs/icu-messageformat-parser';
import { afterEach, it } from 'vitest';
import type { Messages } from '../i18n/catalog';
import { Catalog, setActiveCatalog } from '../i18n/translate';
import { languageName } from './languageName';

const catalog = (locale: 'en' | 'es' | 'fr', mandarin: string) =>
  new Catalog(locale, locale, { 'common.mandarin': parse(mandarin) } as unknown as Messages);

afterEach(() => setActiveCatalog(null));

it("names a language in the page's language, the spec's English in English", () => {
  setActiveCatalog(catalog('en', 'Mandarin'));
  assert.deepEqual(['es', 'de', 'zh'].map(languageName), ['Spanish', 'German', 'Mandarin']);
  setActiveCatalog(catalog('es', 'mandarín'));
  assert.deepEqual(['es', 'de', 'zh', 'pt'].map(languageName), ['español', 'alemán', 'mandarín', 'portugués']);
  setActiveCatalog(catalog('fr', 'mandarin'));
  assert.deepEqual(['en', 'it'].map(languageName), ['anglais', 'italien']);
});

it('keeps a code no language has', () => {
  setActiveCatalog(catalog('es', 'mandarín'));
  assert.equal(languageName('xx'), 'xx');
});
