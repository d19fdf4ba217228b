import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { knownText } from '../../contracts/i18n/knownMessages';
import { knownErrorTables } from './knownErrors';

const CONTRACTS = fileURLToPath(new URL('../../contracts/', import.meta.url));

/** A contracts' `*Messages` table the server never refuses with, and why. */
const WEB_ONLY: Readonly<Record<string, string>> = {};

const modules = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return modules(file);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && /export const \w+Messages\b/.test(fs.readFileSync(file, 'utf8'))
      ? [file]
      : [];
  });

describe("the contracts' message tables on the server (issue 32)", () => {
  it('are each registered as known refusals, made of known messages, or listed as the web’s only', async () => {
    const registered = new Set<unknown>(knownErrorTables().map(([, table]) => table));
    const found: string[] = [];
    for (const file of modules(CONTRACTS)) {
      const exports: Record<string, unknown> = await import(file);
      for (const [name, table] of Object.entries(exports)) {
        if (!name.endsWith('Messages') || typeof table !== 'object' || table === null) continue;
        found.push(name);
        // Its words are all contracts' known messages (both the server and the web say them in the
        // caller's language); a function entry writes a known message with its number in it
        // (ProfileMessages.maxLength, InstructorMessages.maximum: known.maximumCharacters).
        const known = Object.values(table).every((text) =>
          typeof text === 'function' ? knownText(String(text(1234))) : typeof text === 'string' && knownText(text),
        );
        const where = `${path.relative(CONTRACTS, file)}: ${name}`;
        assert.ok(registered.has(table) || known || name in WEB_ONLY, `${where} is neither registered in knownErrors.ts nor web-only`);
      }
    }
    assert.ok(found.length >= 15, `only ${found.length} tables found`);
  });
});
