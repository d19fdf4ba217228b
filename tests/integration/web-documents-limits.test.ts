/**
 * Every query and mutation the web app sends (its generated documents, with the `__typename`s
 * Apollo adds) is within the API's limits: cost, depth, tokens, aliases. A document over one is
 * refused whole at validation, before any resolver, so a page breaks where no type-check sees it:
 * the read models' history, once its fields became a fragment, cost 5,200 of 5,000.
 */
import assert from 'node:assert/strict';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { print, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, it } from 'vitest';
import * as generated from '../../web/src/gql/graphql';
import { startTestApp, type TestApp } from '../support/app';

const LIMIT_MESSAGE = /cost limit|depth|token limit|aliases|directives/i;

const documents = Object.entries(generated)
  .filter(([name, value]) => name.endsWith('Document') && typeof value === 'object' && (value as DocumentNode).kind === 'Document')
  .map(([name, value]) => ({ name, document: value as DocumentNode }))
  .filter(({ document }) => {
    const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
    return operation && operation.operation !== 'subscription';
  });

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, 'web_documents');
});
afterAll(async () => {
  await app?.close();
});

describe("the web app's documents", () => {
  it('are all within the API limits, as Apollo sends them', async () => {
    assert.ok(documents.length > 100, `found ${documents.length} documents`);
    const over: string[] = [];
    for (const { name, document } of documents) {
      // No variables: a document over a limit is refused at validation, before they are looked at.
      const res = await app.gql(print(addTypenameToDocument(document)), {});
      const limits = (res.errors ?? []).filter((e) => LIMIT_MESSAGE.test(e.message));
      if (limits.length) over.push(`${name}: ${limits.map((e) => e.message).join('; ')}`);
    }
    assert.deepEqual(over, []);
  });
});
