/**
 * CSV as spreadsheets open it safely, for the server's downloads and the web's exports alike (the
 * payroll, the class view, the notes): rows joined with CRLF. Every text cell is quoted; a
 * character a spreadsheet starts a formula with is defused with a leading apostrophe at the cell's
 * start and after every separator inside it (a spreadsheet set to ';' or tab as its list separator
 * splits '"Ruiz;=1+1"' there and would run '=1+1'). Numbers are written as they are.
 */
const FORMULA_START = /(^|[,;\t\r\n|])([=+\-@\t\r])/g;

export type CsvValue = string | number | null;

export function csvField(value: CsvValue, text = false): string {
  const s = value === null ? '' : String(value);
  if (!text) return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  return `"${s.replace(FORMULA_START, "$1'$2").replace(/"/g, '""')}"`;
}

/** Rows joined with CRLF; the header row and the columns listed in `textColumns` as text. */
export const csvRows = (rows: CsvValue[][], textColumns: readonly number[]) =>
  `${rows.map((r, i) => r.map((v, c) => csvField(v, i === 0 || textColumns.includes(c))).join(',')).join('\r\n')}\r\n`;
