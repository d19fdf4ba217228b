/**
 * Code that shows the words of a part of the catalogs (catalogParts.ts) is loaded with them:
 * `lazy(withMessages('speaker', () => import('../speaker')))`. The loader resolves once the code
 * and the part's messages, in the language on screen, are both in, so nothing renders before its
 * words; it carries its part, so that the first page can ask for its messages first (shell/firstPage.ts).
 */
import { loadPart, wantPart } from './catalog';
import { type Part, partsWith } from './catalogParts';
import { activeCatalog, shownCatalog } from './translate';

export type WithMessages<T> = (() => Promise<T>) & { part: Part };

export function withMessages<T>(part: Part, load: () => Promise<T>): WithMessages<T> {
  return Object.assign(() => Promise.all([load(), showPart(part)]).then(([module]) => module), { part });
}

/** Adds `part` (and the parts that come with it) to the catalog on screen. */
async function showPart(part: Part): Promise<void> {
  const parts = partsWith(part);
  parts.forEach(wantPart);
  const catalog = await shownCatalog();
  await Promise.all(parts.filter((p) => !catalog.has(p)).map(async (p) => catalog.add(p, await loadPart(catalog.language, p))));
  // The language changed meanwhile: the new one's catalog may have been loaded before this part was wanted.
  if (activeCatalog() !== catalog) await showPart(part);
}
