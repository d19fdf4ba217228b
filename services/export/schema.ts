/** The JSON Schema of an export's JSON files, published in docs/ and shipped inside every export as schema.json. */
import fs from 'node:fs';
import path from 'node:path';

export const EXPORT_SCHEMA_FILE = path.resolve(import.meta.dirname, '../../docs/data-export.schema.json');

export const EXPORT_SCHEMA: unknown = JSON.parse(fs.readFileSync(EXPORT_SCHEMA_FILE, 'utf8'));
