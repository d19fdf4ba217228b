/**
 * The signed-out pages render before the areas' messages load (catalogParts.ts): every message id
 * their code names must be in the first part.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { it } from 'vitest';
import { onFirstPage } from './catalogParts';

const WEB_SRC = path.resolve(import.meta.dirname, '..');
/** The code of the pages anyone sees signed out: the sign-in pages, the shell, shared components and helpers. */
const SIGNED_OUT_CODE = ['auth', 'shell', 'components', 'i18n', 'lib', 'student/JoinWelcomePage.tsx'];
const ID_USE = /(?:\bt|translate|translateOr)\(\s*['"]([A-Za-z]+\.[\w.]+)['"]|\bid=["']([A-Za-z]+\.[\w.]+)["']/g;

function files(entry: string): string[] {
  const full = path.join(WEB_SRC, entry);
  if (fs.statSync(full).isFile()) return [full];
  return fs
    .readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((f) => path.join(full, f))
    .filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'));
}

it("names only first-page messages in the signed-out pages' code", () => {
  const used = new Map<string, string>();
  for (const file of SIGNED_OUT_CODE.flatMap(files))
    for (const m of fs.readFileSync(file, 'utf8').matchAll(ID_USE)) used.set(m[1] ?? m[2], path.relative(WEB_SRC, file));
  assert.ok(used.size > 20, `ids found (${used.size})`);
  const elsewhere = [...used].filter(([id]) => !onFirstPage(id)).map(([id, file]) => `${id} (${file})`);
  assert.deepEqual(elsewhere, [], 'ids of the areas’ part used where the areas’ messages may not be loaded');
});
