import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import type { MessageId } from '../i18n/catalog';
import type { Values } from '../i18n/translate';
import { backOfficeI18nProvider } from './i18nProvider';

/** What the provider asked the catalogs for, as `id values`. */
const catalogs = (id: MessageId, values?: Values) => `${id} ${JSON.stringify(values ?? {})}`;

describe("react-admin's i18nProvider (issue 32)", () => {
  const provider = backOfficeI18nProvider(catalogs, 'es');

  it("asks the catalogs for react-admin's words the back-office shows, with polyglot's values as ICU arguments", () => {
    assert.equal(
      provider.translate('ra.sort.sort_by', { field: 'Creado', field_lower_first: 'creado', order: 'ascendente', _: 'Ordenar' }),
      `admin.ra.sortBy ${JSON.stringify({ field: 'Creado', field_lower_first: 'creado', order: 'ascendente', _: 'Ordenar' })}`,
    );
    assert.equal(provider.translate('ra.sort.ASC'), 'admin.ra.ascending {}');
  });

  it("keeps react-admin's English for its other keys and gives a label back as it came", () => {
    assert.equal(provider.translate('ra.action.save'), 'Save');
    assert.equal(provider.translate('Correo electrónico', { _: 'Correo electrónico' }), 'Correo electrónico');
  });

  it('says the page’s language', () => {
    assert.equal(provider.getLocale(), 'es');
  });
});
