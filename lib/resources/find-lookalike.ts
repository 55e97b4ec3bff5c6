// A new resource whose name looks like an existing one's ("руmupdf" in Cyrillic next to "pymupdf")
// splits that resource's reports, or impersonates it. Lookalike = same TR39 skeleton; the same key
// (lib/experiences/resource-key.ts) is the same resource, not a lookalike.
import { resourceKey } from "../experiences/resource-key";
import { drawnSkeleton, nameSkeleton } from "../text/skeleton";
import { fillResourceSkeletons } from "./fill-skeletons";
import { findResourceBySkeleton, hasResourceWithoutSkeleton, resourceKeyExists } from "./repo";

/**
 * The existing resource `name` would look like, or null (same key, or nothing alike). Stored
 * skeletons are case-insensitive (nameSkeleton); the new name is also compared as drawn, so a
 * capital I standing in for an l is caught.
 */
export function findLookalikeResource(name: string): { name: string; key: string } | null {
  const key = resourceKey(name);
  if (resourceKeyExists(key)) return null;
  // Rows written by an import or before skeletons existed have none yet: fill them before looking,
  // so that no resource escapes the comparison (one indexed lookup when all are filled).
  if (hasResourceWithoutSkeleton()) fillResourceSkeletons();
  return findResourceBySkeleton([nameSkeleton(name), drawnSkeleton(name)], key);
}
