// A new content id that looks like an existing node's ("pymupdf/find_tables", "PyMuPDF/find-tables",
// "руmupdf/find-tables" in Cyrillic, or "pymupdf/find-tables-fork" next to "pymupdf/find-tables")
// would sit beside the real page as its twin. The rule is that of resource names
// (lib/resources/find-lookalike.ts), applied to every segment of the id: the same skeleton, or the
// same after a trailing qualifier is taken off a segment (lib/text/name-qualifiers.ts). Unlike a
// resource name, an id is an address: a variant is never silently filed under the existing node
// (that would revise someone else's page); it is refused (409) unless confirmed, then held.
import { stripQualifier } from "../text/name-qualifiers";
import { contentIdSkeleton, drawnContentIdSkeleton } from "./content-id-skeleton";
import { fillContentSkeletons } from "./fill-content-skeletons";
import { findContentBySkeleton, hasContentWithoutSkeleton } from "./repo";

export type ContentIdMatch = { id: string; qualified: boolean };

/** The visible node `id` looks like, or null. Call it for an id that is not visible itself. */
export async function findLookalikeContent(id: string): Promise<ContentIdMatch | null> {
  if ((await hasContentWithoutSkeleton())) await fillContentSkeletons();
  const whole = [contentIdSkeleton(id), drawnContentIdSkeleton(id)];
  const lookalike = await findContentBySkeleton([...new Set(whole)], id);
  if (lookalike) return { id: lookalike.id, qualified: false };
  const base = id
    .split("/")
    .map((segment) => stripQualifier(segment)?.base ?? segment)
    .join("/");
  if (base === id) return null;
  const qualified = await findContentBySkeleton([...new Set([contentIdSkeleton(base), drawnContentIdSkeleton(base)])], id);
  return qualified ? { id: qualified.id, qualified: true } : null;
}
