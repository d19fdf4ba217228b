/**
 * Codemod (issue 13): moves test files from Node's test runner (`node:test`) to the card's runners,
 * Vitest for unit, contract and integration tests and Playwright's own runner (`@playwright/test`)
 * for the browser tests under tests/e2e.
 *
 *   npx tsx scripts/migrate-tests-to-vitest.ts            convert every file that imports node:test
 *   npx tsx scripts/migrate-tests-to-vitest.ts --check    only say what it would change (exit 1 if anything)
 *   npx tsx scripts/migrate-tests-to-vitest.ts tests/e2e  only files under these paths
 *
 * It can be rerun at any time: a file that no longer imports node:test is left as it is, so after a
 * merge from main it converts just the node:test files main gained. It works on the syntax tree,
 * with the type checker to find node:test's test context wherever it is passed, and changes only:
 *
 * Vitest (everything outside tests/e2e):
 *   - the import: `import { describe, it, beforeAll, afterAll, … } from 'vitest'`; `before` becomes
 *     `beforeAll`, `after` becomes `afterAll` (every reference), `suite` becomes `describe`;
 *   - options: `it(title, { timeout: n }, fn)` stays (Vitest's own form); `{ skip: reason }` becomes
 *     `skipFor(reason).it(title, fn)` (or `.describe`) from tests/support/skip, which skips when there
 *     is a reason and then says why, in the title and on the console; a hook's `{ timeout: n }`
 *     becomes Vitest's `n` argument;
 *   - the test context: `t.skip(reason)` becomes `skipTest(t, reason)` (Vitest's `t.skip(reason)`
 *     plus the reason printed), `t.name` becomes `t.task.name`, `t.diagnostic(x)` a console line,
 *     `t.after(fn)` `t.onTestFinished(fn)`; `type TestContext` comes from Vitest;
 *   - `mock.timers.enable({ apis, now })` becomes `vi.useFakeTimers({ toFake: apis, now })`,
 *     `mock.timers.tick(ms)` `vi.advanceTimersByTime(ms)`, `mock.timers.reset()` `vi.useRealTimers()`,
 *     `mock.fn(…)` `vi.fn(…)`.
 *
 * @playwright/test (tests/e2e):
 *   - the import: `import { test } from '@playwright/test'`; `describe` becomes `test.describe`,
 *     `it` `test`, `before` `test.beforeAll`, `after` `test.afterAll`, `beforeEach`/`afterEach`
 *     `test.beforeEach`/`test.afterEach`;
 *   - `playwright-core` imports of every file there become `@playwright/test` (the same
 *     playwright-core underneath, the one whose browser contexts the runner traces).
 *
 * Anything else (node:test's `todo`, `only` and `concurrency` options, `t.plan`, `t.test` subtests,
 * done callbacks, the test context in a browser test, …) is not guessed at: the file is left as it
 * is and named with the reason, for a hand conversion, and the run exits 1.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const ROOTS = ['contracts', 'services', 'projections', 'web/src', 'tests', 'scripts'];
const SKIP_HELPERS = 'tests/support/skip';

type Target = 'vitest' | 'playwright';
type Kind = 'test' | 'suite' | 'hook' | 'mock' | 'type';

interface Edit {
  start: number;
  end: number;
  text: string;
}

class Unsupported extends Error {}

const VITEST_NAMES: Record<string, [Kind, string]> = {
  describe: ['suite', 'describe'],
  suite: ['suite', 'describe'],
  it: ['test', 'it'],
  test: ['test', 'test'],
  before: ['hook', 'beforeAll'],
  after: ['hook', 'afterAll'],
  beforeEach: ['hook', 'beforeEach'],
  afterEach: ['hook', 'afterEach'],
  mock: ['mock', 'vi'],
  TestContext: ['type', 'TestContext'],
};

const PLAYWRIGHT_NAMES: Record<string, [Kind, string]> = {
  describe: ['suite', 'test.describe'],
  suite: ['suite', 'test.describe'],
  it: ['test', 'test'],
  test: ['test', 'test'],
  before: ['hook', 'test.beforeAll'],
  after: ['hook', 'test.afterAll'],
  beforeEach: ['hook', 'test.beforeEach'],
  afterEach: ['hook', 'test.afterEach'],
};

/** Members of node:test's TestContext and SuiteContext (others are no context's). */
const CONTEXT_MEMBERS = new Set(['skip', 'todo', 'name', 'fullName', 'diagnostic', 'after', 'before', 'beforeEach', 'afterEach', 'test', 'mock', 'plan', 'signal', 'assert', 'runOnly', 'filePath', 'waitFor']);

function listFiles(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', '.data', '.test-data', '.git'].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listFiles(full, out);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function importsNodeTest(sf: ts.SourceFile): ts.ImportDeclaration | undefined {
  return sf.statements.find(
    (s): s is ts.ImportDeclaration => ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && s.moduleSpecifier.text === 'node:test',
  );
}

function isE2e(file: string): boolean {
  return path.relative(root, file).split(path.sep).join('/').startsWith('tests/e2e/');
}

/** The identifier is a name being declared or a member name, not a reference to a binding. */
function isDeclarationOrMemberName(id: ts.Identifier): boolean {
  const p = id.parent;
  if (ts.isPropertyAccessExpression(p) && p.name === id) return true;
  if (ts.isQualifiedName(p) && p.right === id) return true;
  if ((ts.isPropertyAssignment(p) || ts.isMethodDeclaration(p) || ts.isPropertyDeclaration(p) || ts.isPropertySignature(p) || ts.isMethodSignature(p)) && p.name === id) return true;
  if ((ts.isVariableDeclaration(p) || ts.isParameter(p) || ts.isFunctionDeclaration(p) || ts.isFunctionExpression(p) || ts.isClassDeclaration(p) || ts.isBindingElement(p)) && p.name === id) return true;
  if (ts.isBindingElement(p) && p.propertyName === id) return true;
  if (ts.isImportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p) || ts.isExportSpecifier(p)) return true;
  if (ts.isLabeledStatement(p) || ts.isBreakOrContinueStatement(p)) return true;
  return false;
}

function convertFile(program: ts.Program, file: string): { text: string; changes: string[] } | null {
  const sf = program.getSourceFile(file);
  if (!sf) throw new Error(`${file} is not in the program`);
  const checker = program.getTypeChecker();
  const text = sf.getFullText();
  const target: Target = isE2e(file) ? 'playwright' : 'vitest';
  const edits: Edit[] = [];
  const changes: string[] = [];
  const edit = (start: number, end: number, replacement: string) => edits.push({ start, end, text: replacement });
  const src = (node: ts.Node) => node.getText(sf);

  const decl = importsNodeTest(sf);

  // playwright-core imports in the browser tests' files: @playwright/test's playwright-core. The
  // first one with named imports takes in `test` too, in place of node:test's import.
  let mergedInto: ts.ImportDeclaration | undefined;
  if (target === 'playwright') {
    for (const s of sf.statements) {
      if (!ts.isImportDeclaration(s) || !ts.isStringLiteral(s.moduleSpecifier) || s.moduleSpecifier.text !== 'playwright-core') continue;
      const c = s.importClause;
      if (decl && !mergedInto && c && !c.name && c.namedBindings && ts.isNamedImports(c.namedBindings)) {
        mergedInto = s;
        const specs = c.namedBindings.elements.map((e) => (c.isTypeOnly && !e.isTypeOnly ? `type ${src(e)}` : src(e)));
        edit(s.getStart(sf), s.getEnd(), `import { test, ${specs.join(', ')} } from '@playwright/test';`);
      } else {
        edit(s.moduleSpecifier.getStart(sf), s.moduleSpecifier.getEnd(), `'@playwright/test'`);
      }
      changes.push(`playwright-core → @playwright/test`);
    }
  }

  if (!decl) return edits.length ? { text: apply(text, edits), changes } : null;

  const clause = decl.importClause;
  if (!clause || clause.name || !clause.namedBindings || !ts.isNamedImports(clause.namedBindings)) {
    throw new Unsupported(`import of node:test other than named imports: ${src(decl)}`);
  }
  const names = target === 'vitest' ? VITEST_NAMES : PLAYWRIGHT_NAMES;

  // The bindings node:test gave this file: symbol → what it becomes.
  interface Binding {
    imported: string;
    local: string;
    kind: Kind;
    mapped: string;
    typeOnly: boolean;
  }
  const bindings = new Map<ts.Symbol, Binding>();
  for (const spec of clause.namedBindings.elements) {
    const imported = (spec.propertyName ?? spec.name).text;
    const entry = names[imported];
    if (!entry) throw new Unsupported(`node:test's '${imported}' has no ${target === 'vitest' ? 'Vitest' : '@playwright/test'} counterpart here`);
    const symbol = checker.getSymbolAtLocation(spec.name);
    if (!symbol) throw new Error(`no symbol for ${imported} in ${file}`);
    bindings.set(symbol, { imported, local: spec.name.text, kind: entry[0], mapped: entry[1], typeOnly: spec.isTypeOnly || clause.isTypeOnly });
  }
  const bindingOf = (node: ts.Node): Binding | undefined => {
    if (!ts.isIdentifier(node)) return undefined;
    const symbol = checker.getSymbolAtLocation(node);
    return symbol ? bindings.get(symbol) : undefined;
  };

  // A Vitest rename (before → beforeAll) must not meet a name the file already has.
  const renamed = [...bindings.values()].filter((b) => target === 'vitest' && b.local === b.imported && b.mapped !== b.local);
  if (target === 'playwright') renamed.push({ imported: 'test', local: 'test', kind: 'test', mapped: 'test', typeOnly: false });
  const taken = new Set<string>();
  const collectDeclared = (node: ts.Node) => {
    if ((ts.isVariableDeclaration(node) || ts.isParameter(node) || ts.isFunctionDeclaration(node) || ts.isBindingElement(node) || ts.isClassDeclaration(node)) && node.name && ts.isIdentifier(node.name)) {
      taken.add(node.name.text);
    }
    if (ts.isImportSpecifier(node) && node.parent.parent.parent !== decl) taken.add(node.name.text);
    ts.forEachChild(node, collectDeclared);
  };
  collectDeclared(sf);
  for (const b of renamed) if (taken.has(b.mapped)) throw new Unsupported(`the file already has a '${b.mapped}' of its own`);

  let needSkipFor = false;
  let needSkipTest = false;
  let usesVi = false;
  /** Callees that an edit already replaced whole (`describe` → `skipFor(…).describe`). */
  const replacedCallees = new Set<ts.Node>();

  /** Options object of a test or suite call → [kept properties' text, skip expression]. */
  const readOptions = (options: ts.ObjectLiteralExpression, what: string): { kept: string[]; skip?: string } => {
    const kept: string[] = [];
    let skip: string | undefined;
    for (const prop of options.properties) {
      const name = prop.name && (ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name)) ? prop.name.text : undefined;
      let value: string | undefined;
      if (ts.isPropertyAssignment(prop)) value = src(prop.initializer);
      else if (ts.isShorthandPropertyAssignment(prop)) value = prop.name.text;
      if (!name || value === undefined) throw new Unsupported(`${what} options I cannot read: ${src(options)}`);
      if (name === 'timeout') kept.push(`timeout: ${value}`);
      else if (name === 'skip') skip = value;
      else throw new Unsupported(`${what} option '${name}' (node:test) has no direct counterpart: convert by hand`);
    }
    return { kept, skip };
  };

  const visitCall = (call: ts.CallExpression) => {
    // Callee: a node:test binding, possibly with .skip / .only / .todo.
    let base: ts.Expression = call.expression;
    let modifier: string | undefined;
    if (ts.isPropertyAccessExpression(base) && ts.isIdentifier(base.expression) && bindingOf(base.expression)) {
      modifier = base.name.text;
      base = base.expression;
    }
    const binding = bindingOf(base);
    if (!binding || binding.kind === 'mock' || binding.kind === 'type') return;
    const title = `${binding.local}${modifier ? `.${modifier}` : ''}(${call.arguments[0] ? src(call.arguments[0]).slice(0, 60) : ''}…)`;
    if (modifier && !['skip', 'only', 'todo'].includes(modifier)) throw new Unsupported(`${title}: '${modifier}'`);
    if (modifier === 'todo' && target === 'playwright') throw new Unsupported(`${title}: todo in a browser test`);

    if (binding.kind === 'hook') {
      const [fn, options] = call.arguments;
      if (fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && fn.parameters.length) {
        throw new Unsupported(`${title}: the hook takes node:test's context`);
      }
      if (options) {
        if (!ts.isObjectLiteralExpression(options)) throw new Unsupported(`${title}: hook options ${src(options)}`);
        const { kept, skip } = readOptions(options, title);
        if (skip !== undefined || target === 'playwright') throw new Unsupported(`${title}: hook options ${src(options)}`);
        edit(options.getStart(sf), options.getEnd(), kept.length ? kept[0].replace(/^timeout: /, '') : 'undefined');
        changes.push(`hook timeout`);
      }
    } else {
      const [first, second] = call.arguments;
      if (!first || !(ts.isStringLiteralLike(first) || ts.isTemplateExpression(first) || ts.isIdentifier(first) || ts.isBinaryExpression(first) || ts.isCallExpression(first) || ts.isPropertyAccessExpression(first))) {
        throw new Unsupported(`${title}: a ${binding.kind} without a title first`);
      }
      if (second && ts.isObjectLiteralExpression(second)) {
        if (target === 'playwright') throw new Unsupported(`${title}: node:test options in a browser test: ${src(second)}`);
        const { kept, skip } = readOptions(second, title);
        if (skip !== undefined) {
          if (modifier) throw new Unsupported(`${title}: skip option on .${modifier}`);
          edit(base.getStart(sf), base.getEnd(), `skipFor(${skip}).${binding.kind === 'suite' ? 'describe' : 'it'}`);
          replacedCallees.add(base);
          needSkipFor = true;
          changes.push(`{ skip } → skipFor(…).${binding.kind === 'suite' ? 'describe' : 'it'}`);
        }
        if (kept.length) edit(second.getStart(sf), second.getEnd(), `{ ${kept.join(', ')} }`);
        else edit(first.getEnd(), second.getEnd(), '');
      }
      const fn = call.arguments[call.arguments.length - 1];
      if (fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) {
        if (binding.kind === 'suite' && fn.parameters.length) throw new Unsupported(`${title}: the suite function takes node:test's context`);
        if (target === 'playwright' && fn.parameters.length) throw new Unsupported(`${title}: a browser test that takes node:test's context`);
        if (fn.parameters.length > 1) throw new Unsupported(`${title}: a done callback`);
        if (fn.parameters.length === 1 && !ts.isIdentifier(fn.parameters[0].name)) throw new Unsupported(`${title}: a destructured test context`);
      }
    }
  };

  /** `t.member` on node:test's TestContext (found by type, wherever the context is passed). */
  const isNodeTestContext = (expr: ts.Expression): boolean => {
    const type = checker.getTypeAtLocation(expr);
    const symbol = type.getSymbol() ?? type.aliasSymbol;
    if (!symbol || !['TestContext', 'SuiteContext'].includes(symbol.getName())) return false;
    return (symbol.getDeclarations() ?? []).some((d) => /@types\/node\/test\.d\.ts$/.test(d.getSourceFile().fileName.split(path.sep).join('/')));
  };

  const visitContextMember = (access: ts.PropertyAccessExpression) => {
    const member = access.name.text;
    const call = ts.isCallExpression(access.parent) && access.parent.expression === access ? access.parent : undefined;
    const what = `${src(access)} (node:test's test context)`;
    if (target === 'playwright') throw new Unsupported(`${what} in a browser test`);
    if (member === 'skip' && call) {
      if (call.arguments.length !== 1) throw new Unsupported(`${what}: a skip must say why`);
      edit(call.getStart(sf), call.getEnd(), `skipTest(${src(access.expression)}, ${src(call.arguments[0])})`);
      needSkipTest = true;
      changes.push('t.skip(reason) → skipTest(t, reason)');
    } else if ((member === 'name' || member === 'fullName') && !call) {
      edit(access.name.getStart(sf), access.name.getEnd(), `task.${member}`);
      changes.push(`t.${member} → t.task.${member}`);
    } else if (member === 'diagnostic' && call) {
      edit(access.getStart(sf), access.getEnd(), 'console.log');
      changes.push('t.diagnostic → console.log');
    } else if (member === 'after' && call) {
      edit(access.name.getStart(sf), access.name.getEnd(), 'onTestFinished');
      changes.push('t.after → t.onTestFinished');
    } else if (member === 'signal' && !call) {
      // Vitest's context has an AbortSignal too.
    } else {
      throw new Unsupported(`${what}: convert by hand`);
    }
  };

  const visitMock = (id: ts.Identifier) => {
    // mock.timers.enable(…) / .tick(…) / .reset(), mock.fn(…)
    const a = id.parent;
    const fail = () => {
      throw new Unsupported(`node:test mock use ${src(a.parent ?? a)}: convert by hand (vi.fn, vi.spyOn, vi.useFakeTimers)`);
    };
    if (!ts.isPropertyAccessExpression(a) || a.expression !== id) return fail();
    usesVi = true;
    if (a.name.text === 'fn' && ts.isCallExpression(a.parent) && a.parent.expression === a) {
      edit(a.getStart(sf), a.getEnd(), 'vi.fn');
      changes.push('mock.fn → vi.fn');
      return;
    }
    if (a.name.text !== 'timers' || !ts.isPropertyAccessExpression(a.parent)) return fail();
    const method = a.parent;
    const call = method.parent;
    if (!ts.isCallExpression(call) || call.expression !== method) return fail();
    if (method.name.text === 'enable') {
      const [options] = call.arguments;
      const out: string[] = [];
      if (options) {
        if (!ts.isObjectLiteralExpression(options)) return fail();
        for (const prop of options.properties) {
          if (!ts.isPropertyAssignment(prop) || !ts.isIdentifier(prop.name)) return fail();
          if (prop.name.text === 'apis') out.push(`toFake: ${src(prop.initializer)}`);
          else if (prop.name.text === 'now') out.push(`now: ${src(prop.initializer)}`);
          else return fail();
        }
      }
      edit(call.getStart(sf), call.getEnd(), `vi.useFakeTimers(${out.length ? `{ ${out.join(', ')} }` : ''})`);
      changes.push('mock.timers.enable → vi.useFakeTimers');
    } else if (method.name.text === 'reset' && call.arguments.length === 0) {
      edit(call.getStart(sf), call.getEnd(), 'vi.useRealTimers()');
      changes.push('mock.timers.reset → vi.useRealTimers');
    } else if (method.name.text === 'tick' && call.arguments.length === 1) {
      edit(method.getStart(sf), method.getEnd(), 'vi.advanceTimersByTime');
      changes.push('mock.timers.tick → vi.advanceTimersByTime');
    } else return fail();
  };

  const visit = (node: ts.Node): void => {
    if (node === decl) return;
    if (ts.isCallExpression(node)) visitCall(node);
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && CONTEXT_MEMBERS.has(node.name.text) && isNodeTestContext(node.expression)) {
      visitContextMember(node);
    }
    if (ts.isIdentifier(node) && !isDeclarationOrMemberName(node)) {
      const b = bindingOf(node);
      if (b && !replacedCallees.has(node)) {
        if (ts.isShorthandPropertyAssignment(node.parent)) throw new Unsupported(`'${b.local}' used as shorthand property`);
        if (b.kind === 'mock') visitMock(node);
        else if (b.kind === 'type') {
          // The same name in Vitest.
        } else if (target === 'playwright' || b.local === b.imported) {
          if (b.mapped !== b.local) edit(node.getStart(sf), node.getEnd(), b.mapped);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);

  // The new import(s), in place of node:test's.
  let imports: string;
  if (target === 'vitest') {
    const specs: string[] = [];
    for (const b of bindings.values()) {
      if (b.kind === 'mock') continue;
      const spec = b.local === b.imported ? b.mapped : `${b.mapped} as ${b.local}`;
      const full = b.typeOnly && !clause.isTypeOnly ? `type ${spec}` : spec;
      if (!specs.includes(full)) specs.push(full);
    }
    if (usesVi && !specs.includes('vi')) specs.push('vi');
    imports = `import ${clause.isTypeOnly ? 'type ' : ''}{ ${specs.join(', ')} } from 'vitest';`;
    const helpers = [needSkipFor && 'skipFor', needSkipTest && 'skipTest'].filter(Boolean);
    if (helpers.length) {
      let rel = path.relative(path.dirname(file), path.join(root, SKIP_HELPERS)).split(path.sep).join('/');
      if (!rel.startsWith('.')) rel = `./${rel}`;
      imports += `\nimport { ${helpers.join(', ')} } from '${rel}';`;
    }
  } else {
    imports = mergedInto ? '' : `import { test } from '@playwright/test';`;
  }
  // Without a replacement the import goes with its line.
  edit(decl.getStart(sf), imports || text[decl.getEnd()] !== '\n' ? decl.getEnd() : decl.getEnd() + 1, imports);
  changes.unshift(`node:test → ${target === 'vitest' ? 'vitest' : '@playwright/test'}`);
  return { text: apply(text, edits), changes: [...new Set(changes)] };
}

function apply(text: string, edits: Edit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  let limit = Infinity;
  for (const e of sorted) {
    if (e.end > limit) throw new Error(`overlapping edits at ${e.start}`);
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
    limit = e.start;
  }
  return out;
}

function main() {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const filters = args.filter((a) => !a.startsWith('--')).map((a) => path.resolve(a));
  const files = ROOTS.flatMap((d) => listFiles(path.join(root, d)))
    .filter((f) => !filters.length || filters.some((p) => f === p || f.startsWith(p + path.sep)))
    .filter((f) => {
      const text = fs.readFileSync(f, 'utf8');
      return /from ['"]node:test['"]/.test(text) || (isE2e(f) && /from ['"]playwright-core['"]/.test(text));
    })
    .sort();
  if (!files.length) {
    console.log('No file imports node:test: nothing to convert.');
    return;
  }
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => console.error(d.messageText) });
  if (!parsed) throw new Error('cannot read tsconfig.json');
  const program = ts.createProgram(files, { ...parsed.options, noEmit: true });

  let changed = 0;
  const refused: string[] = [];
  for (const file of files) {
    const rel = path.relative(root, file);
    try {
      const result = convertFile(program, file);
      if (!result) continue;
      changed++;
      console.log(`${check ? 'would convert' : 'converted'} ${rel}: ${result.changes.join('; ')}`);
      if (!check) fs.writeFileSync(file, result.text);
    } catch (error) {
      if (!(error instanceof Unsupported)) throw error;
      refused.push(`${rel}: ${error.message}`);
    }
  }
  console.log(`\n${changed} file(s) ${check ? 'to convert' : 'converted'}, ${refused.length} left for a hand conversion.`);
  for (const line of refused) console.log(`  left as is: ${line}`);
  if (refused.length || (check && changed)) process.exitCode = 1;
}

main();
