/**
 * Refusals written as English literals (issue 32): a call of a refusal helper (`badInput`,
 * `conflict`, `notFound`, `unauthorized`, `forbidden`, `rateLimited`, `readBack`, a REST route's `sendError`) or `new DomainError(…)` under
 * services/ whose message is a string or template literal, or a condition between literals. Such a
 * message answers English in every language; a Messages table registered in
 * services/i18n/knownErrors.ts answers it in the caller's.
 * Found with the TypeScript compiler's parser. The ones not converted yet are listed in
 * refusals-allowlist.txt (`<file>: <literal>`, no line, so edits elsewhere keep it right); the check
 * (refusals.test.ts) fails on a finding outside the list and on a listed one that no longer occurs,
 * so the list only shrinks.
 *
 *   npx tsx scripts/i18n/refusals.ts            every finding, with its line
 *   npx tsx scripts/i18n/refusals.ts --list     the findings in the allowlist's form
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript-api';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const REFUSALS_ALLOWLIST = fileURLToPath(new URL('./refusals-allowlist.txt', import.meta.url));

const HELPERS = new Set(['badInput', 'conflict', 'notFound', 'unauthorized', 'forbidden', 'rateLimited']);

export interface Refusal {
  file: string;
  line: number;
  /** The literal as written (a template keeps its `${…}`), on one line. */
  text: string;
}

/** The allowlist's form of a finding. */
export const entry = (r: Pick<Refusal, 'file' | 'text'>) => `${r.file}: ${r.text}`;

/**
 * The message argument of a refusal: the first of a helper's, the second of `new DomainError(code,
 * message, …)` and of `readBack(row, message)` (services/api/commandSupport.ts: a CONFLICT), the
 * fourth of `sendError(res, status, code, message)` (services/api/httpErrors.ts: a REST route's).
 */
function messageArgument(node: ts.Node, source: ts.SourceFile): ts.Expression | undefined {
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && HELPERS.has(node.expression.text)) return node.arguments[0];
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'readBack') return node.arguments[1];
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'sendError') return node.arguments[3];
  if (ts.isNewExpression(node) && node.expression.getText(source) === 'DomainError') return node.arguments?.[1];
  return undefined;
}

/** The literals a message is made of: itself, or the branches of a condition (`busy ? 'a' : 'b'`). */
function literals(node: ts.Expression): ts.Expression[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) return [node];
  if (ts.isParenthesizedExpression(node)) return literals(node.expression);
  if (ts.isConditionalExpression(node)) return [...literals(node.whenTrue), ...literals(node.whenFalse)];
  return [];
}

/** One file's literal refusals; `file` is how the findings name it. */
export function scanSource(file: string, text: string): Refusal[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Refusal[] = [];
  const visit = (node: ts.Node) => {
    const message = messageArgument(node, source);
    for (const literal of message ? literals(message) : [])
      found.push({
        file,
        line: source.getLineAndCharacterOfPosition(literal.getStart(source)).line + 1,
        text: literal.getText(source).replace(/\s+/g, ' '),
      });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every literal refusal in services/ (tests excepted). */
export function findLiteralRefusals(): Refusal[] {
  return fs
    .readdirSync(path.join(ROOT, 'services'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)))
    .filter((f) => !f.split(path.sep).includes('node_modules'))
    .sort()
    .flatMap((file) => scanSource(file, fs.readFileSync(path.join(ROOT, file), 'utf8')));
}

export function readRefusalsAllowlist(): string[] {
  return fs
    .readFileSync(REFUSALS_ALLOWLIST, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = findLiteralRefusals();
  if (process.argv.includes('--list')) for (const e of new Set(found.map(entry))) console.log(e);
  else for (const r of found) console.log(`${r.file}:${r.line}  ${r.text}`);
  console.log(`${new Set(found.map((r) => r.file)).size} files hold ${found.length} literal refusals`);
}
