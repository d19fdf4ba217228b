/**
 * The contracts' English the web shows as it is (issue 32): a web module that imports a contracts'
 * constant whose value is words (`PAY_RATE_MESSAGE`, `CourseMessages.coursePast`, an entry of a table
 * read by key, `OutcomeTitles[key]`) must say it through `localizeKnown(…)` or a `notify*(…)`
 * snackbar (which calls it), with the constant itself, or through a condition (`a ? X.y : z`,
 * `x || X.y`), as the argument, and the value must be a contracts' known message (the only English
 * localizeKnown translates); or only compare it (`=== X.y`). Anything else (a JSX child, a
 * form's field error, a machine's context, `new Error(X.y)`) is a finding, even when the value is a
 * known message some later code localizes: the rule checks the place of use, not the flow. Values
 * are read from the contracts' modules themselves (imported), places with the TypeScript parser.
 *
 *   npx tsx scripts/i18n/contractsWords.ts    every finding
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript-api';
import { addKnownMessages, knownText } from '../../contracts/i18n/knownMessages';
import { SIGNED_IN_KNOWN_MESSAGES } from '../../contracts/i18n/signedInKnownMessages';
import type { Finding } from './hardcodedStrings';

addKnownMessages(SIGNED_IN_KNOWN_MESSAGES);

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Words a person reads: two of them at least ('Tech Issue'), not a code or a single name ('Tertulia', 'Español'). */
const WORDS = /\p{L}+[ ,']+\p{L}+/u;
const LOCALIZING = /^(localizeKnown|notify[A-Z]\w*)$/;
const COMPARING = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);
const CHOOSING = new Set([ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.AmpersandAmpersandToken]);

const isWords = (value: unknown): value is string => typeof value === 'string' && WORDS.test(value);

/** Whether the value at `node` is given to a localizing call, only compared, or neither. */
function localizedOrCompared(node: ts.Node): 'localized' | 'compared' | null {
  let child = node;
  for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (ts.isCallExpression(parent))
      return parent.arguments.includes(child as ts.Expression) && LOCALIZING.test(parent.expression.getText()) ? 'localized' : null;
    if (ts.isBinaryExpression(parent)) {
      if (COMPARING.has(parent.operatorToken.kind)) return 'compared';
      if (CHOOSING.has(parent.operatorToken.kind)) continue;
      return null;
    }
    const passesThrough = ts.isParenthesizedExpression(parent) || (ts.isConditionalExpression(parent) && child !== parent.condition);
    if (!passesThrough) return null;
  }
  return null;
}

/**
 * Whether words are said in the page's language: compared only, or given to a localizing call and a
 * known message (localizeKnown leaves any other text in English). A table read by key counts as
 * known when every entry with words is.
 */
function said({ at, texts }: { at: ts.Node; texts: string[] }): boolean {
  const how = localizedOrCompared(at);
  return how === 'compared' || (how === 'localized' && texts.every((text) => knownText(text) !== null));
}

/** A value import's bindings from a contracts' module: local name → value. */
async function contractsImports(file: string, source: ts.SourceFile): Promise<Map<string, unknown>> {
  const values = new Map<string, unknown>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly) continue;
    const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
    const target = path.resolve(path.dirname(file), specifier);
    if (!specifier.startsWith('.') || !path.relative(ROOT, target).startsWith(`contracts${path.sep}`)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    const module: Record<string, unknown> = await import(pathToFileURL(`${target}.ts`).href);
    for (const element of bindings.elements)
      if (!element.isTypeOnly) values.set(element.name.text, module[(element.propertyName ?? element.name).text]);
  }
  return values;
}

/** The words a reference to an imported contracts' value reads, or null: the value, its entry by name, or any entry read by key. */
function wordsAt(node: ts.Identifier, value: unknown): { at: ts.Node; texts: string[] } | null {
  const parent = node.parent;
  if (isWords(value)) return { at: node, texts: [value] };
  if (typeof value !== 'object' || value === null) return null;
  const table = value as Record<string, unknown>;
  if (ts.isPropertyAccessExpression(parent) && parent.expression === node) {
    const entry = table[parent.name.text];
    return isWords(entry) ? { at: parent, texts: [entry] } : null;
  }
  if (ts.isElementAccessExpression(parent) && parent.expression === node) {
    const entries = Object.values(table).filter(isWords);
    return entries.length ? { at: parent, texts: entries } : null;
  }
  return null;
}

/** One module's contracts' words not said through a localizing call. */
export async function scanContractsWords(file: string): Promise<Finding[]> {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const imported = await contractsImports(file, source);
  const found: Finding[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isTypeNode(node) || ts.isImportDeclaration(node)) return;
    if (ts.isIdentifier(node) && imported.has(node.text) && !isName(node)) {
      const words = wordsAt(node, imported.get(node.text));
      if (words && !said(words))
        found.push({
          file: path.relative(ROOT, file),
          line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
          text: `${words.at.getText(source)} ('${words.texts[0]}')`,
        });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** An identifier that names a property (`y` of `a.y`, of `{ y: 1 }`), not the imported value. */
const isName = (node: ts.Identifier): boolean =>
  (ts.isPropertyAccessExpression(node.parent) || ts.isPropertyAssignment(node.parent)) && node.parent.name === node;

/** Every web module's contracts' words said as they are. */
export async function findContractsWords(): Promise<Finding[]> {
  const files = fs
    .readdirSync(path.join(ROOT, 'web/src'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .filter((f) => !f.includes(`${path.sep}gql${path.sep}`))
    .sort();
  return (await Promise.all(files.map(scanContractsWords))).flat();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const findings = await findContractsWords();
  for (const f of findings) console.log(`${f.file}:${f.line}  ${f.text}`);
  console.log(`${findings.length} contracts' texts shown without their translation`);
}
