/**
 * The answers to this page's first queries that came inside its HTML (issue 31; the server's side:
 * services/api/firstPageData.ts). Each stands in once for asking the API, while the page is fresh;
 * a later asking, or one past the age limit, goes to the API as ever.
 */
import { FIRST_PAGE_DATA_ELEMENT, FIRST_PAGE_DATA_MAX_AGE_MS, type FirstPageAnswer } from '../../../contracts/firstPageData';

let answers: Map<string, unknown> | null = null;

function read(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  try {
    const text = document.getElementById(FIRST_PAGE_DATA_ELEMENT)?.textContent;
    for (const a of text ? (JSON.parse(text) as FirstPageAnswer[]) : []) answers.set(a.operationName, a.data);
  } catch {
    // A page whose answers cannot be read asks for them.
  }
  return answers;
}

/** The page's answer to `operationName` (a query without variables), taken: null once taken, stale or absent. */
export function takeFirstPageAnswer(operationName: string): { data: unknown } | null {
  const all = read();
  if (!all.has(operationName)) return null;
  const data = all.get(operationName);
  all.delete(operationName);
  return performance.now() > FIRST_PAGE_DATA_MAX_AGE_MS ? null : { data };
}

/** Drops every answer left (a new session must ask as itself). */
export function forgetFirstPageAnswers(): void {
  answers = new Map();
}
