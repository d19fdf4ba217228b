/**
 * The web app's GraphQL documents: every `graphql(`…`)` call under web/src (the generated web/src/gql
 * left out). Codegen types them from here, and the web build (web/vite.config.ts) compiles each call
 * to its document in place, from the same sources.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type DocumentNode, type FragmentDefinitionNode, Kind, parse, visit } from 'graphql';

export const WEB_SRC = path.resolve(import.meta.dirname, '../web/src');
export const GENERATED_DIR = path.join(WEB_SRC, 'gql');

/** A `graphql(` call with a template literal; its text is the document, verbatim. */
export const GRAPHQL_CALL = /\bgraphql\(\s*`([^`]*)`\s*\)/g;

export interface WebDocument {
  file: string;
  source: string;
  document: DocumentNode;
}

/** The documents of one file's text, refusing what the generated `graphql()` cannot type. */
export function documentsIn(file: string, text: string): WebDocument[] {
  return [...text.matchAll(GRAPHQL_CALL)].map(([, source]) => ({ file, source, document: parseDocument(file, source) }));
}

function parseDocument(file: string, source: string): DocumentNode {
  if (source.includes('${') || source.includes('\\')) {
    throw new Error(`${file}: a graphql() document is plain text (no \${…} or escapes); spread a fragment by name instead`);
  }
  try {
    return parse(source, { noLocation: true });
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}\n${source}`);
  }
}

/** A file's text with each `graphql(`…`)` call replaced by its document, as a plain object. */
export function inlineDocuments(file: string, text: string, fragments: Map<string, FragmentDefinitionNode>): string {
  return text.replace(
    GRAPHQL_CALL,
    (_call, source: string) => `(${plainDocument(executableDocument(parseDocument(file, source), fragments))})`,
  );
}

/** A document as the client preset writes it: JSON without empty lists (no arguments, no directives). */
export function plainDocument(document: DocumentNode): string {
  return JSON.stringify(document, (_key, value) => (Array.isArray(value) && value.length === 0 ? undefined : value));
}

export function readWebDocuments(): WebDocument[] {
  const files = fs
    .readdirSync(WEB_SRC, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.test.ts') && !name.endsWith('.test.tsx'))
    .map((name) => path.join(WEB_SRC, name))
    .filter((file) => !file.startsWith(GENERATED_DIR + path.sep))
    .sort();
  return files.flatMap((file) => documentsIn(path.relative(WEB_SRC, file), fs.readFileSync(file, 'utf8')));
}

/** Every fragment definition of the web app, by name. */
export function fragmentsByName(documents: WebDocument[]): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const { document } of documents) {
    for (const definition of document.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
  }
  return fragments;
}

/**
 * The document a `graphql()` call stands for at run time: its own definitions followed by the
 * fragments it spreads (transitively), as the client preset's generated documents have them.
 */
export function executableDocument(document: DocumentNode, fragments: Map<string, FragmentDefinitionNode>): DocumentNode {
  const own = new Set(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [d.name.value] : [])));
  const added: FragmentDefinitionNode[] = [];
  const pending = [document as DocumentNode | FragmentDefinitionNode];
  while (pending.length > 0) {
    visit(pending.pop()!, {
      FragmentSpread(node) {
        const name = node.name.value;
        if (own.has(name)) return;
        const fragment = fragments.get(name);
        if (!fragment) throw new Error(`unknown fragment ${name}`);
        own.add(name);
        added.push(fragment);
        pending.push(fragment);
      },
    });
  }
  return { ...document, definitions: [...document.definitions, ...added] };
}
