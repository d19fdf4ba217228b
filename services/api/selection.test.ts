import assert from 'node:assert/strict';
import { type FragmentDefinitionNode, type GraphQLResolveInfo, Kind, type OperationDefinitionNode, parse, type FieldNode } from 'graphql';
import { describe, it } from 'vitest';
import { selectsOnly } from './selection';

/** The `info` a resolver of the operation's first field gets, as far as selectsOnly reads it. */
function infoOf(document: string): GraphQLResolveInfo {
  const parsed = parse(document);
  const operation = parsed.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = Object.fromEntries(
    parsed.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  return { fieldNodes: [operation.selectionSet.selections[0] as FieldNode], fragments } as unknown as GraphQLResolveInfo;
}

const KNOWN = new Set(['__typename', 'id', 'status']);
const only = (document: string) => selectsOnly(infoOf(document), 'conversation', KNOWN);

describe('selectsOnly', () => {
  it('is true for known leaf fields, under aliases, inline fragments and fragment spreads', () => {
    assert.equal(only('mutation { r { created conversation { id status } } }'), true);
    assert.equal(only('mutation { r { c: conversation { theId: id } other: conversation { __typename } } }'), true);
    assert.equal(only('mutation { r { ... on R { conversation { ... on Conversation { id } } } } }'), true);
    assert.equal(only('mutation { r { ...F } } fragment F on R { conversation { ...G } } fragment G on Conversation { status }'), true);
    assert.equal(only('mutation { r { created } }'), true);
  });

  it('is false for any other field, a field with its own selection, a directive or an unknown fragment', () => {
    assert.equal(only('mutation { r { conversation { id reservedWith { id } } } }'), false);
    assert.equal(only('mutation { r { conversation { id course } } }'), false);
    assert.equal(only('mutation { r { conversation { id } again: conversation { lessonAttempt { id } } } }'), false);
    assert.equal(only('mutation { r { conversation { id @include(if: true) } } }'), false);
    assert.equal(only('mutation { r { conversation @skip(if: false) { id } } }'), false);
    assert.equal(only('mutation { r { ...Missing } }'), false);
    assert.equal(only('mutation { r { ...F } } fragment F on R { conversation { id status course { id } } }'), false);
  });
});
