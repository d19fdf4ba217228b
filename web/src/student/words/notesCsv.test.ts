/** The student's notes as CSV: quoted, and safe from formulas however a note starts. */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { notesCsv } from './notesCsv';

const note = { conversation: 'Nov 20, 2026', course: 'Spanish 1', kind: 'Correction', detail: null, why: null };

describe('the notes CSV', () => {
  it('quotes every cell and doubles quotes', () => {
    assert.equal(
      notesCsv(['Conversation', 'Course', 'Kind', 'Note', 'Detail', 'Why'], [{ ...note, text: 'dijo "hola", y', detail: 'línea\nnueva' }]),
      '"Conversation","Course","Kind","Note","Detail","Why"\r\n"Nov 20, 2026","Spanish 1","Correction","dijo ""hola"", y","línea\nnueva",""\r\n',
    );
  });

  it('defuses a cell starting with = + - @, and after a separator inside it', () => {
    const csv = notesCsv(
      ['a', 'b', 'c', 'd', 'e', 'f'],
      [
        { ...note, text: '=HYPERLINK("http://x")' },
        { ...note, text: '+1' },
        { ...note, text: '-2' },
        { ...note, text: '@SUM(A1)' },
        { ...note, text: 'ok;=1+1' },
      ],
    );
    const texts = csv
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split('","')[3]);
    assert.deepEqual(texts, [`'=HYPERLINK(""http://x"")`, "'+1", "'-2", "'@SUM(A1)", "ok;'=1+1"]);
  });
});
