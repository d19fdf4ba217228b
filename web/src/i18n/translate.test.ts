import assert from 'node:assert/strict';
import { parse } from '@formatjs/icu-messageformat-parser';
import { afterEach, it } from 'vitest';
import { NotesMessages } from '../../../contracts/learningNotes';
import { InstructorMessages } from '../../../contracts/validation/instructor';
import { ProfileMessages } from '../../../contracts/validation/profile';
import type { Messages } from './catalog';
import { Catalog, localizeKnown, setActiveCatalog, translate } from './translate';

const compiled = (messages: Record<string, string>) =>
  Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parse(text)])) as unknown as Messages;

afterEach(() => setActiveCatalog(null));

it('adds a part to the catalog on screen, leaving what it had', () => {
  const catalog = new Catalog('es', 'es', compiled({ 'common.loading': 'Cargando' }));
  setActiveCatalog(catalog);
  assert.equal(catalog.has('studentHome'), false);
  assert.equal(catalog.knows('student.home.title'), false);
  catalog.add('studentHome', compiled({ 'student.home.title': 'Inicio' }));
  assert.equal(catalog.has('studentHome'), true);
  assert.equal(translate('student.home.title'), 'Inicio');
  assert.equal(translate('common.loading'), 'Cargando');
});

it('keeps a known message in English while its part is not loaded, and translates it once it is', () => {
  const catalog = new Catalog('fr', 'fr', compiled({}));
  setActiveCatalog(catalog);
  assert.equal(localizeKnown(NotesMessages.tooMany), NotesMessages.tooMany);
  catalog.add('signedIn', compiled({ 'known.notes.tooMany': 'Une conversation contient au plus 40 notes.' }));
  assert.equal(localizeKnown(NotesMessages.tooMany), 'Une conversation contient au plus 40 notes.');
});

it("says a known message with a number in the page's language, its number written the page's way", () => {
  const catalog = new Catalog('fr', 'fr', compiled({}));
  setActiveCatalog(catalog);
  const english = InstructorMessages.maximum(1000);
  assert.equal(localizeKnown(english), english);
  catalog.add('signedIn', compiled({ 'known.maximumCharacters': '{max, number} caractères au maximum sont acceptés.' }));
  assert.equal(localizeKnown(english), '1\u202f000 caractères au maximum sont acceptés.');
  assert.equal(localizeKnown(ProfileMessages.maxLength(60)), '60 caractères au maximum sont acceptés.');
});
