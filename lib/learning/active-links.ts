// The active links as search reads them: loaded once per search generation (a link made, lapsed or
// removed moves it: the learned_links triggers), not once per search; the table is small (one row
// per learned phrasing and resource). Kept per search scope (one database), as the answer cache is.
import { LEARNING_TUNING } from "./learning-config";
import { jaccard, phrasingTerms, termSet } from "./phrasing";
import { listActiveLinks, type LinkRow } from "./repo";

export type ActiveLink = LinkRow & { set: Set<string> };

const loaded = new WeakMap<object, { generation: string; links: Promise<ActiveLink[]> }>();

/** The active links at `generation` of the search scope `scope`. */
export function activeLinks(scope: object, generation: string): Promise<ActiveLink[]> {
  const seen = loaded.get(scope);
  if (seen && seen.generation === generation) return seen.links;
  const links = listActiveLinks().then((rows) => rows.map((row) => ({ ...row, set: termSet(row.terms) })));
  loaded.set(scope, { generation, links });
  // A failed read is not kept: the next search reads again.
  void links.catch(() => {
    if (loaded.get(scope)?.links === links) loaded.delete(scope);
  });
  return links;
}

export type LinkMatch = { link: ActiveLink; similarity: number };

/** The links whose phrasing is close to the query's (the grouping rule), closest and best supported first. */
export function matchLinks(query: string, links: readonly ActiveLink[], tuning = LEARNING_TUNING): LinkMatch[] {
  if (links.length === 0) return [];
  const set = termSet(phrasingTerms(query));
  const matches: LinkMatch[] = [];
  for (const link of links) {
    const similarity = jaccard(set, link.set);
    if (similarity >= tuning.similarity) matches.push({ link, similarity });
  }
  matches.sort((a, b) => b.similarity - a.similarity || b.link.keyCount - a.link.keyCount || a.link.id - b.link.id);
  return matches.slice(0, tuning.maxLinksPerAnswer);
}
