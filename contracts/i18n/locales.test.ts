import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { acceptLanguageTags, localeSettingError, matchLocale, negotiateLocale } from './locales';

describe('locales (issue 32)', () => {
  it('matches a tag to the supported locale of its language', () => {
    assert.equal(matchLocale('es-MX'), 'es');
    assert.equal(matchLocale('pt-PT'), 'pt-BR');
    assert.equal(matchLocale('pt_br'), 'pt-BR');
    assert.equal(matchLocale('FR-ca'), 'fr');
    assert.equal(matchLocale('en'), 'en');
    assert.equal(matchLocale('de-DE'), null);
    assert.equal(matchLocale(''), null);
    assert.equal(matchLocale(`es-${'x'.repeat(40)}`), null);
  });

  it("takes the browser's first language Tertulia speaks, else English", () => {
    assert.equal(negotiateLocale(['de-DE', 'fr-CA', 'es']), 'fr');
    assert.equal(negotiateLocale(['ko-KR', 'ja']), 'en');
    assert.equal(negotiateLocale([]), 'en');
  });

  it("reads Accept-Language by its weights, leaving out '*' and q=0", () => {
    assert.deepEqual(acceptLanguageTags('en;q=0.5, es-MX, *;q=0.1, fr;q=0, pt-BR;q=0.8'), ['es-MX', 'pt-BR', 'en']);
    assert.equal(negotiateLocale(acceptLanguageTags('de-DE,de;q=0.9,pt;q=0.7,en;q=0.6')), 'pt-BR');
    assert.deepEqual(acceptLanguageTags(null), []);
    assert.deepEqual(acceptLanguageTags('es;q=abc'), []);
  });

  it('accepts a setting of a supported locale or none, and refuses any other', () => {
    assert.equal(localeSettingError('pt-BR'), null);
    assert.equal(localeSettingError(null), null);
    assert.equal(localeSettingError('  '), null);
    assert.match(localeSettingError('de') ?? '', /not one Tertulia speaks/);
    assert.match(localeSettingError('es-MX') ?? '', /not one Tertulia speaks/);
  });
});
