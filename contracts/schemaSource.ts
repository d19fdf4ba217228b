/**
 * The GraphQL schema's source: every `contracts/schema/*.graphql` file in name order, one file a
 * capability (the number in front keeps the order stable). The server, codegen and the fuzz tests
 * all read the schema through here.
 */
import fs from 'node:fs';
import path from 'node:path';

export const SCHEMA_DIR = path.resolve(import.meta.dirname, 'schema');

export function readSchemaSource(): string {
  return fs
    .readdirSync(SCHEMA_DIR)
    .filter((name) => name.endsWith('.graphql'))
    .sort()
    .map((name) => fs.readFileSync(path.join(SCHEMA_DIR, name), 'utf8'))
    .join('\n');
}
