/**
 * Hard-coded words people read (issue 32): text in JSX, string literals given to JSX as a
 * visible attribute or child, sentences given to a React state setter (`setError('…')`, shown
 * later) and sentences an error is made with (`new Error('…')`: pages show an error's message), in
 * web/src; and English sentences in the mail templates. Found with
 * the TypeScript compiler's parser. Files not converted yet are listed in unconverted.txt; the
 * check (hardcodedStrings.test.ts) fails on a finding outside the list and on a listed file that
 * has none left, so the list only shrinks.
 *
 *   npx tsx scripts/i18n/hardcodedStrings.ts           every finding, and the count
 *   npx tsx scripts/i18n/hardcodedStrings.ts --files   the files holding any
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript-api';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const ALLOWLIST = fileURLToPath(new URL('./unconverted.txt', import.meta.url));

/** JSX attributes whose value a person reads or hears. */
const VISIBLE_ATTRIBUTES = new Set([
  'label',
  'title',
  'subtitle',
  'placeholder',
  'aria-label',
  'aria-valuetext',
  'alt',
  'helperText',
  'description',
  'primary',
  'secondary',
  'tooltip',
  'message',
  'emptyText',
  'heading',
  'text',
  'confirmLabel',
  'cancelLabel',
]);

const WORDS = /\p{L}{2,}/u;
/** An English sentence in a mail template: two words or more. */
const SENTENCE = /\p{L}+[ ,']+\p{L}+/u;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 80);

export interface Finding {
  file: string;
  line: number;
  text: string;
}

function sourceFiles(dir: string, pattern: RegExp): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && pattern.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)))
    .filter((f) => !f.includes('/gql/'))
    .sort();
}

/** The literal's text, or null for anything that is not a literal. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
  return null;
}

/** Where a literal ends up in JSX: a visible attribute, a child, or nowhere visible (a call's argument, a prop like `to`). */
function shownInJsx(node: ts.Node): boolean {
  let child = node;
  for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) return false;
    if (ts.isJsxAttribute(parent)) return VISIBLE_ATTRIBUTES.has(parent.name.getText());
    if (ts.isJsxExpression(parent)) {
      const holder = parent.parent;
      if (ts.isJsxAttribute(holder)) return VISIBLE_ATTRIBUTES.has(holder.name.getText());
      return ts.isJsxElement(holder) || ts.isJsxFragment(holder);
    }
    const passesThrough =
      ts.isConditionalExpression(parent) ||
      ts.isParenthesizedExpression(parent) ||
      (ts.isBinaryExpression(parent) && child !== parent.left) ||
      ts.isTemplateSpan(parent) ||
      ts.isTemplateExpression(parent);
    if (!passesThrough) return false;
  }
  return false;
}

/** A React state setter (`setError`, `setNotice`): what it holds is shown, so a sentence given to it is read. */
const STATE_SETTER = /^set[A-Z]\w*$/;

/**
 * An error's message read as a person's sentence: a capital first, a full stop (or ! ? …) last. A
 * developer's (`useAuth needs an AuthProvider`) is written without, and never shown as a page's words.
 */
const PERSONS_SENTENCE = /^\p{Lu}.*[.!?…]$/su;

/** A literal an error is made with (`new SpeedCheckError('…')`), directly or through a condition. */
function givenToError(node: ts.Node, source: ts.SourceFile): boolean {
  let child = node;
  for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (ts.isNewExpression(parent)) return parent.arguments?.[0] === child && /Error$/.test(parent.expression.getText(source));
    const passesThrough = ts.isConditionalExpression(parent) || ts.isParenthesizedExpression(parent);
    if (!passesThrough) return false;
  }
  return false;
}

/** A literal that reaches a state setter's argument, directly or through a condition (`setError(busy ? 'a' : 'b')`). */
function givenToStateSetter(node: ts.Node, source: ts.SourceFile): boolean {
  let child = node;
  for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (ts.isCallExpression(parent))
      return parent.arguments.includes(child as ts.Expression) && STATE_SETTER.test(parent.expression.getText(source));
    const passesThrough =
      ts.isConditionalExpression(parent) ||
      ts.isParenthesizedExpression(parent) ||
      (ts.isBinaryExpression(parent) && child !== parent.left);
    if (!passesThrough) return false;
  }
  return false;
}

function jsxFindings(file: string, source: ts.SourceFile): Finding[] {
  const found: Finding[] = [];
  const add = (node: ts.Node, text: string) =>
    found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, text: oneLine(text) });
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && WORDS.test(node.text)) add(node, node.text);
    else {
      const text = literalText(node);
      if (text !== null && WORDS.test(text) && shownInJsx(node)) add(node, text);
      else if (
        text !== null &&
        SENTENCE.test(text) &&
        (givenToStateSetter(node, source) || (PERSONS_SENTENCE.test(text.trim()) && givenToError(node, source)))
      )
        add(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function mailFindings(file: string, source: ts.SourceFile): Finding[] {
  const found: Finding[] = [];
  const visit = (node: ts.Node) => {
    // An error a developer reads (an unknown template) is not the mail's.
    if (ts.isNewExpression(node) && node.expression.getText(source) === 'Error') return;
    const text = literalText(node);
    if (text !== null && SENTENCE.test(text.replace(/<[^>]*>/g, ' '))) {
      found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, text: oneLine(text) });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const parse = (file: string) =>
  ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);

/** Every hard-coded user-visible string in the web's JSX and in the mail templates. */
export function findHardcodedStrings(): Finding[] {
  const web = sourceFiles('web/src', /(?<!\.test)\.tsx?$/).flatMap((file) => jsxFindings(file, parse(file)));
  const mail = sourceFiles('services/domain', /^(templates|\w*[Mm]ail(Templates)?)\.ts$/).flatMap((file) =>
    mailFindings(file, ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true)),
  );
  return [...web, ...mail];
}

/** One file's findings, by its path (the check's own test). */
export const scanFile = (file: string): Finding[] =>
  jsxFindings(file, ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX));

export function readAllowlist(): string[] {
  return fs
    .readFileSync(ALLOWLIST, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const findings = findHardcodedStrings();
  // --files: the files holding any, one a line (the allowlist's form).
  if (process.argv.includes('--files')) for (const file of new Set(findings.map((f) => f.file))) console.log(file);
  else for (const f of findings) console.log(`${f.file}:${f.line}  ${f.text}`);
  console.log(`${new Set(findings.map((f) => f.file)).size} files hold ${findings.length} hard-coded user-visible strings`);
}
