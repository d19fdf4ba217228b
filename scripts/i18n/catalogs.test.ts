/**
 * The catalogs (issue 32): the same ids in every locale, valid ICU, the same placeholders and tags
 * as the English, every id used somewhere and every id used present, and the known messages'
 * English equal to the contracts' constants.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { type MessageFormatElement, TYPE, parse } from '@formatjs/icu-messageformat-parser';
import { describe, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../contracts/i18n/locales';
import { KNOWN_MESSAGES } from '../../contracts/i18n/knownMessages';
import { SIGNED_IN_KNOWN_MESSAGES } from '../../contracts/i18n/signedInKnownMessages';
import { ROOT } from './hardcodedStrings';

const CATALOG_DIRS = ['web/src/i18n/messages', 'contracts/i18n/messages', 'services/i18n/messages'];
const read = (dir: string, locale: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(ROOT, dir, `${locale}.json`), 'utf8'));

/** Every argument and tag a message names, sorted ('count:plural', 'link:tag'). */
function placeholders(elements: MessageFormatElement[], into = new Set<string>()): string[] {
  for (const e of elements) {
    if (e.type === TYPE.argument || e.type === TYPE.number || e.type === TYPE.date || e.type === TYPE.time) into.add(`${e.value}`);
    if (e.type === TYPE.select || e.type === TYPE.plural) {
      into.add(`${e.value}:${e.type === TYPE.select ? 'select' : 'plural'}`);
      for (const option of Object.values(e.options)) placeholders(option.value, into);
    }
    if (e.type === TYPE.tag) {
      into.add(`${e.value}:tag`);
      placeholders(e.children, into);
    }
  }
  return [...into].sort();
}

/**
 * The quoted strings shaped like ids in the product's source ('shell.nav.home', and template
 * literals as patterns: `student.home.promotion.${kind}.title`), and those handed to a translating
 * call (t, translate, translateOr, formatMessage) or given as FormattedMessage's id. A text scan,
 * not a parse: a second over the whole source is too slow for a unit test.
 */
function idsInSource(): { quoted: Set<string>; patterns: RegExp[]; asked: Set<string> } {
  const quoted = new Set<string>();
  const patterns: RegExp[] = [];
  const asked = new Set<string>();
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const dir of ['web/src', 'services', 'contracts', 'projections']) {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      if (file.includes('/gql/') || file.includes('/generated/')) continue;
      const text = fs.readFileSync(file, 'utf8');
      for (const [, , id] of text.matchAll(/(['"`])([a-z][A-Za-z0-9_-]*\.[A-Za-z0-9_.${}-]+)\1/g)) {
        if (id.includes('${'))
          patterns.push(
            new RegExp(
              `^${id
                .split(/\$\{[^}]*\}/)
                .map(literal)
                .join('[A-Za-z0-9_-]+')}$`,
            ),
          );
        else quoted.add(id);
      }
      for (const [, , id] of text.matchAll(/\b(?:t|translate|translateOr|formatMessage)\(\s*(?:[A-Za-z]+,\s*)?(['"])([^'"]+)\1/g))
        asked.add(id);
      for (const [, id] of text.matchAll(/\bid="([a-z]+\.[^"]+)"/g)) asked.add(id);
    }
  }
  return { quoted, patterns, asked };
}

describe('the message catalogs (issue 32)', () => {
  for (const dir of CATALOG_DIRS) {
    const english = read(dir, 'en');
    for (const locale of SUPPORTED_LOCALES) {
      it(`${dir}/${locale}: the ids of the English, valid ICU, the same placeholders`, () => {
        const catalog = read(dir, locale);
        assert.deepEqual(Object.keys(catalog).sort(), Object.keys(english).sort(), 'missing or extra ids');
        for (const [id, message] of Object.entries(catalog)) {
          assert.ok(message.trim(), `${id} is empty`);
          let tree: MessageFormatElement[];
          try {
            tree = parse(message);
          } catch (error) {
            assert.fail(`${id}: not valid ICU (${(error as Error).message}): ${message}`);
          }
          assert.deepEqual(placeholders(tree), placeholders(parse(english[id])), `${id}: placeholders differ from the English`);
        }
      });
    }
  }

  it("holds the contracts' known messages word for word in English", () => {
    assert.deepEqual(read('contracts/i18n/messages', 'en'), { ...KNOWN_MESSAGES, ...SIGNED_IN_KNOWN_MESSAGES });
  });

  it('has no id that no source uses, and no id used that it lacks', () => {
    const { quoted, patterns, asked } = idsInSource();
    const ids = CATALOG_DIRS.flatMap((dir) => Object.keys(read(dir, 'en')));
    const unused = ids.filter((id) => !quoted.has(id) && !patterns.some((p) => p.test(id)));
    assert.deepEqual(unused, [], 'ids no source uses: remove them from every locale');
    const idLike = /^[a-z]+\.[A-Za-z0-9_.-]+$/;
    const missing = [...asked].filter((l) => idLike.test(l) && !ids.includes(l));
    assert.deepEqual(missing, [], 'ids used that no catalog has');
  });
});
