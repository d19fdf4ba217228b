import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { entry, findLiteralRefusals, readRefusalsAllowlist, scanSource } from './refusals';

describe('refusals written as English literals (issue 32)', () => {
  it('are only those listed in refusals-allowlist.txt, and every listed one still occurs', () => {
    const found = findLiteralRefusals();
    const listed = new Set(readRefusalsAllowlist());
    const entries = new Set(found.map(entry));
    const outside = found.filter((r) => !listed.has(entry(r))).map((r) => `${r.file}:${r.line} ${r.text}`);
    assert.deepEqual(outside, [], 'literal refusals outside scripts/i18n/refusals-allowlist.txt: put them in a registered Messages table');
    const gone = [...listed].filter((e) => !entries.has(e));
    assert.deepEqual(gone, [], 'no longer in the source: remove these from scripts/i18n/refusals-allowlist.txt');
    console.log(`i18n: ${listed.size} literal refusals not converted yet, at ${found.length} places`);
  });

  it("finds a refusal helper's or DomainError's literal message, a condition's literals, a REST route's sendError literal, not a table's entry, a variable or another call's literal", () => {
    const texts = scanSource(
      'sample.ts',
      `throw notFound('The thing was not found.');
throw badInput(\`The field "\${field}"
  is unknown.\`, { field: 'Not this one.' });
throw conflict(Messages.taken);
throw new DomainError(ErrorCode.CONFLICT, \`Taken.\`);
throw new DomainError(ErrorCode.CONFLICT, message);
throw unauthorized();
throw rateLimited("Slow down.");
throw forbidden(reason ? 'No.' : 'Never.');
log.warn('Not a refusal.');
return readBack(row, 'Made but not readable yet.');
throw new Error('A developer reads this.');
sendError(res, 404, 'NOT_FOUND', 'Not found.');
sendError(res, 404, 'NOT_FOUND', HttpMessages.notFound);`,
    ).map((r) => `${r.line} ${r.text}`);
    assert.deepEqual(texts, [
      "1 'The thing was not found.'",
      `2 \`The field "\${field}" is unknown.\``,
      '5 `Taken.`',
      '8 "Slow down."',
      "9 'No.'",
      "9 'Never.'",
      "11 'Made but not readable yet.'",
      "13 'Not found.'",
    ]);
  });
});
