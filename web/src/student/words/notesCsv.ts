/** The CSV of the student's notes (issue 35), built in the browser from the rows the page shows. */
import { csvRows } from '../../../../contracts/csv';

export interface CsvNote {
  conversation: string;
  course: string;
  kind: string;
  text: string;
  detail: string | null;
  why: string | null;
}

/** Every column is text: a note starting with = + - or @ reaches the spreadsheet as words, never a formula. */
export const notesCsv = (header: string[], notes: CsvNote[]) =>
  csvRows([header, ...notes.map((n) => [n.conversation, n.course, n.kind, n.text, n.detail, n.why])], [0, 1, 2, 3, 4, 5]);

export const NOTES_CSV_FILE = 'my-words-and-corrections.csv';

/** Saves a text as a file the browser downloads. */
export function downloadText(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // The download starts after this turn: the address is freed once it surely has.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
