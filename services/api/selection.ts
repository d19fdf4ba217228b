/**
 * What an operation asked of a field's object, read from the resolver's `info`: for a mutation
 * that can answer from its command when the caller asked only what the command knows.
 */
import { type FragmentDefinitionNode, type GraphQLResolveInfo, Kind, type SelectionSetNode } from 'graphql';

/**
 * Whether every selection of `field` (under the resolved field, aliases and fragments included)
 * asks only for `allowed` fields, with no selection of their own. A directive anywhere (`@include`,
 * `@skip`) answers false: the caller then gets the answer that waits, which is always right.
 */
export function selectsOnly(info: GraphQLResolveInfo, field: string, allowed: ReadonlySet<string>): boolean {
  const within = (set: SelectionSetNode | undefined, test: (name: string, set: SelectionSetNode | undefined) => boolean): boolean =>
    !set ||
    set.selections.every((s) => {
      if (s.directives?.length) return false;
      if (s.kind === Kind.FIELD) return test(s.name.value, s.selectionSet);
      const fragment: FragmentDefinitionNode | undefined = s.kind === Kind.FRAGMENT_SPREAD ? info.fragments[s.name.value] : undefined;
      if (s.kind === Kind.FRAGMENT_SPREAD && !fragment) return false;
      return within(s.kind === Kind.INLINE_FRAGMENT ? s.selectionSet : fragment?.selectionSet, test);
    });
  return info.fieldNodes.every((node) =>
    within(node.selectionSet, (name, set) => name !== field || within(set, (inner, innerSet) => !innerSet && allowed.has(inner))),
  );
}
