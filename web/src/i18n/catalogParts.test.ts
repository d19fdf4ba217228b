/**
 * Each part of the catalogs comes with the code that shows it (catalogParts.ts, withMessages.ts).
 * Following the imports from main.tsx, a module reached through `withMessages(part, () => import(…))`
 * runs with that part (and the parts that come with it) loaded, any other module with what its
 * importer had: before anyone signs in, the first part alone. Every id a module names must be in the
 * first part or in one of those; and every id must be in a part, or no page could show it.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { SIGNED_IN_KNOWN_MESSAGES } from '../../../contracts/i18n/signedInKnownMessages';
import known from '../../../contracts/i18n/messages/en.json';
import web from './messages/en.json';
import { PARTS, PART_NAMES, type Part, inPart, onFirstPage, partsWith } from './catalogParts';

const WEB_SRC = path.resolve(import.meta.dirname, '..');
/** The web's catalog with the contracts' known messages, as the build merges them. */
const english: Record<string, string> = { ...web, ...known };
const IDS = Object.keys(english);
/**
 * Tables of ids, not messages shown: the parts' prefixes, and the known messages, which are found
 * by their English text and stay in English while their part is not loaded (translate.ts, localizeKnown).
 */
const TABLES = [path.join(WEB_SRC, 'i18n/catalogParts.ts'), path.resolve(WEB_SRC, '../../contracts/i18n/knownMessages.ts')];
const QUOTED_ID = /(['"`])([a-z][A-Za-z0-9_-]*\.[A-Za-z0-9_.${}-]+)\1/g;
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\bfrom\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
const WITH_MESSAGES = /\bwithMessages\(\s*['"](\w+)['"],\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/g;

const texts = new Map<string, string>();
const textOf = (file: string) => texts.get(file) ?? texts.set(file, fs.readFileSync(file, 'utf8')).get(file)!;

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  return (
    [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx'), base].find(
      (f) => /\.tsx?$/.test(f) && fs.existsSync(f) && fs.statSync(f).isFile(),
    ) ?? null
  );
}

/** The modules a module imports, each with the part its import brings (withMessages), if any. */
function importsOf(file: string): { file: string; part?: Part }[] {
  const text = textOf(file);
  const found: { spec: string; part?: Part }[] = [];
  const withPart = new Set<string>();
  for (const [, part, spec] of text.matchAll(WITH_MESSAGES)) {
    assert.ok(PART_NAMES.includes(part as Part), `${path.relative(WEB_SRC, file)}: no part ${part}`);
    found.push({ spec, part: part as Part });
    withPart.add(spec);
  }
  for (const [, spec] of text.matchAll(STATIC_IMPORT)) found.push({ spec });
  for (const [, spec] of text.matchAll(DYNAMIC_IMPORT)) if (!withPart.has(spec)) found.push({ spec });
  return found.flatMap(({ spec, part }) => {
    const resolved = resolveImport(file, spec);
    return resolved ? [{ file: resolved, part }] : [];
  });
}

/** The catalog's ids a module names: quoted, or matched by a template literal (`student.home.promotion.${kind}.title`). */
function idsNamed(file: string): string[] {
  const named = new Set<string>();
  for (const [, , id] of textOf(file).matchAll(QUOTED_ID)) {
    if (!id.includes('${')) {
      if (id in english) named.add(id);
      continue;
    }
    const pattern = new RegExp(
      `^${id
        .split(/\$\{[^}]*\}/)
        .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('[A-Za-z0-9_-]+')}$`,
    );
    for (const match of IDS.filter((i) => pattern.test(i))) named.add(match);
  }
  return [...named];
}

/** Every module reachable from main.tsx with the parts loaded when it runs (a module reached several ways, once per way). */
function modulesWithParts(): { file: string; parts: Part[] }[] {
  const seen = new Map<string, { file: string; parts: Part[] }>();
  const stack = [{ file: path.join(WEB_SRC, 'main.tsx'), parts: [] as Part[] }];
  while (stack.length) {
    const visit = stack.pop()!;
    const key = `${visit.file}|${visit.parts.join(',')}`;
    if (seen.has(key)) continue;
    seen.set(key, visit);
    for (const next of importsOf(visit.file)) {
      const parts = next.part ? [...new Set([...visit.parts, ...partsWith(next.part)])].sort() : visit.parts;
      stack.push({ file: next.file, parts });
    }
  }
  return [...seen.values()];
}

describe('the parts of the catalogs (catalogParts.ts)', () => {
  it('names in each module only ids of the parts loaded with it', () => {
    const modules = modulesWithParts();
    assert.ok(new Set(modules.map((m) => m.file)).size > 300, `modules followed (${modules.length})`);
    const partsUsed = new Set(modules.flatMap((m) => m.parts));
    assert.deepEqual([...partsUsed].sort(), [...PART_NAMES].sort(), 'every part is loaded with some code (withMessages)');
    const outside = modules.flatMap(({ file, parts }) =>
      (TABLES.includes(file) ? [] : idsNamed(file))
        .filter((id) => !onFirstPage(id) && !parts.some((part) => inPart(id, part)))
        .map((id) => `${id} (${path.relative(WEB_SRC, file)}, with ${parts.join(' + ') || 'the first part alone'})`),
    );
    assert.deepEqual([...new Set(outside)].sort(), [], 'ids whose part may not be loaded where they are named');
  });

  it('holds every id in the first part or another, and every prefix names an id', () => {
    assert.deepEqual(
      IDS.filter((id) => !onFirstPage(id) && !PART_NAMES.some((part) => inPart(id, part))),
      [],
      'ids in no part',
    );
    const deadPrefixes = PART_NAMES.flatMap((part) =>
      PARTS[part].filter((prefix) => !IDS.some((id) => id === prefix || id.startsWith(`${prefix}.`))).map((p) => `${part}: ${p}`),
    );
    assert.deepEqual(deadPrefixes, [], 'prefixes that match no id');
  });

  it("keeps the known messages only signed-in pages show out of the first part: their English comes with their part's", () => {
    assert.deepEqual(Object.keys(SIGNED_IN_KNOWN_MESSAGES).filter(onFirstPage), []);
  });
});
