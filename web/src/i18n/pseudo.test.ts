import assert from 'node:assert/strict';
import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, it } from 'vitest';
import type { Messages } from './catalog';
import { formatParts } from './format';
import { pseudoMessages, pseudoText } from './pseudo';

const compile = (messages: Record<string, string>) =>
  Object.fromEntries(Object.entries(messages).map(([id, m]) => [id, parse(m)])) as unknown as Messages;
const show = (messages: Messages, id: string, values: Record<string, string | number> = {}) =>
  formatParts<string>(messages[id as keyof Messages], 'en', values).join('');

describe('the pseudo-locale en-XA', () => {
  it('accents every letter and makes the text about 40 % longer, leaving digits and signs', () => {
    const out = pseudoText('Reserve 15 min!');
    assert.match(out, /^Ŕéšéŕṽé 15 ɱíñ! ẋ+$/);
    const letters = 'Reserve min'.replace(/\W/g, '').length;
    assert.equal(out.replace(/[^ẋ]/g, '').length, Math.ceil(letters * 0.4));
    assert.equal(pseudoText('12:30 — 5'), '12:30 — 5');
  });

  it('keeps arguments, plurals, selects and tags working, in brackets', () => {
    const english = compile({
      greeting: 'Hello {name}',
      minutes: '{count, plural, one {# minute} other {# minutes}} left',
      link: 'Read the <a>rules</a>',
    });
    const pseudo = pseudoMessages(english);
    assert.match(show(pseudo, 'greeting', { name: 'Ada' }), /^\[Ĥéļļó ẋ+ Ada\]$/);
    assert.match(show(pseudo, 'minutes', { count: 1 }), /^\[1 ɱíñúţé ẋ+ ļéƒţ ẋ+\]$/);
    assert.match(show(pseudo, 'minutes', { count: 3 }), /^\[3 ɱíñúţéš ẋ+ ļéƒţ ẋ+\]$/);
    const parts = formatParts<string>(pseudo['link' as keyof Messages], 'en', { a: (words) => `<${words.join('')}>` });
    assert.match(parts.join(''), /^\[Ŕéáð ţĥé ẋ+ <ŕúļéš ẋ+>\]$/);
  });
});
