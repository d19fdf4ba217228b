import assert from 'node:assert/strict';
import fs from 'node:fs';
import { type MessageFormatElement, TYPE, parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../../contracts/i18n/locales';
import { formatParts, formatText } from './format';

const SAMPLES = [
  'Hello, {name}!',
  '{count, plural, =0 {no minutes} one {# minute} other {# minutes}} left',
  '{count, plural, offset:1 =0 {nobody} one {you} other {you and # others}}',
  '{role, select, student {A student} instructor {An instructor} other {Someone}} signed up',
  'Paid {amount, number, ::currency/EUR} on {day, date, medium}',
  'Price: {n, number}',
  'Please <link>contact support</link>.',
];
const VALUES = { name: 'Ana', count: 1, role: 'instructor', amount: 1234.5, day: new Date(Date.UTC(2026, 10, 28, 12)), n: 1234567 };

describe('the web formatter of compiled messages', () => {
  it("formats as FormatJS's intl-messageformat does, in every locale", () => {
    for (const locale of SUPPORTED_LOCALES)
      for (const message of SAMPLES)
        for (const count of [0, 1, 2, 5])
          assert.equal(
            formatText(parse(message), locale, { ...VALUES, count }),
            String(new IntlMessageFormat(message, locale).format({ ...VALUES, count, link: (words: string[]) => words.join('') })),
            `${locale}: ${message} (count ${count})`,
          );
  });

  it('hands a tag its words and keeps the parts around it', () => {
    const parts = formatParts<{ link: string }>(parse('Please <link>contact support</link>.'), 'en', {
      link: (words) => ({ link: words.join('') }),
    });
    assert.deepEqual(parts, ['Please ', { link: 'contact support' }, '.']);
  });

  it('formats every message of the web catalogs with its placeholders filled', () => {
    const argumentsOf = (elements: MessageFormatElement[]): string[] =>
      elements.flatMap((e) =>
        e.type === TYPE.argument
          ? [e.value]
          : e.type === TYPE.tag
            ? argumentsOf(e.children)
            : e.type === TYPE.plural || e.type === TYPE.select
              ? [e.value, ...Object.values(e.options).flatMap((option) => argumentsOf(option.value))]
              : [],
      );
    const tagsOf = (elements: MessageFormatElement[]): string[] =>
      elements.flatMap((e) => (e.type === TYPE.tag ? [e.value, ...tagsOf(e.children)] : []));
    for (const locale of SUPPORTED_LOCALES) {
      const catalog: Record<string, string> = JSON.parse(fs.readFileSync(new URL(`./messages/${locale}.json`, import.meta.url), 'utf8'));
      for (const [id, message] of Object.entries(catalog)) {
        const tree = parse(message);
        const values = Object.fromEntries(argumentsOf(tree).map((name) => [name, '7']));
        const tags = Object.fromEntries(tagsOf(tree).map((name) => [name, (w: string[]) => w.join('')]));
        const expected = String(new IntlMessageFormat(message, locale).format({ ...values, ...tags }));
        assert.equal(formatText(tree, locale, values), expected, `${locale} ${id}`);
      }
    }
  });
});
