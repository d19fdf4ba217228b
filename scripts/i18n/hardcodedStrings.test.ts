import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'vitest';
import { findHardcodedStrings, readAllowlist, scanFile } from './hardcodedStrings';

describe('hard-coded words (issue 32)', () => {
  it('are only in the files not converted yet, and every listed file still holds some', () => {
    const findings = findHardcodedStrings();
    const listed = new Set(readAllowlist());
    const files = new Set(findings.map((f) => f.file));
    const outside = findings.filter((f) => !listed.has(f.file)).map((f) => `${f.file}:${f.line} ${f.text}`);
    assert.deepEqual(outside, [], 'hard-coded words outside scripts/i18n/unconverted.txt: put them in the catalogs');
    const done = [...listed].filter((f) => !files.has(f));
    assert.deepEqual(done, [], 'converted: remove these from scripts/i18n/unconverted.txt');
    console.log(`i18n: ${listed.size} files not converted yet, holding ${findings.length} hard-coded user-visible strings`);
  });

  it('finds text, visible attributes, shown literals and sentences given to a state setter or an error, not ids, props, developers’ errors or other calls’ arguments', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'i18n-scan-'));
    const file = path.join(dir, 'Sample.tsx');
    fs.writeFileSync(
      file,
      `export const A = ({ busy }: { busy: boolean }) => (
  <div title="Tooltip words" className="wide" aria-label={busy ? 'Busy now' : t('id.ok')}>
    Hello there
    {busy ? 'Saving ...' : 'Save'}
    {t('shell.nav.home')}
    <Link to="/student/home" sx={{ display: 'flex' }} />
    {format(\`\${n} minutes\`)}
    {\`Lobby for \${when}\`}
    ·
    <video onError={() => setError(busy ? 'Could not be played.' : t('id.ok'))} onPlay={() => setMode('playing mode')} />
    <button onClick={() => setTitle(format('Not a sentence here'))} />
  </div>
);
const read = () => Promise.reject(new Error('The picture could not be read.'));
const wired = () => { throw new Error('useAuth needs an AuthProvider'); };
const said = () => new Error(t('id.ok', 'Said in the catalog.'));`,
    );
    const texts = scanFile(file).map((f) => f.text);
    fs.rmSync(dir, { recursive: true });
    assert.deepEqual(texts, [
      'Tooltip words',
      'Busy now',
      'Hello there',
      'Saving ...',
      'Save',
      'Lobby for',
      'Could not be played.',
      'playing mode',
      'The picture could not be read.',
    ]);
  });
});
