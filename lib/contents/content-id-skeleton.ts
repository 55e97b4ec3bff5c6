// The lookalike skeleton of a content id (find-lookalike-content.ts), apart from content-id.ts so
// that the id's validation, which every schema uses, does not load the confusables table.
import { drawnSkeleton, nameSkeleton } from "../text/skeleton";

/**
 * The lookalike skeleton of an id (what contents.skeleton stores): each segment's name skeleton,
 * joined by "/". "pymupdf/Find_Tables" and "руmupdf/find-tables" have the one of "pymupdf/find-tables".
 */
export function contentIdSkeleton(id: string): string {
  return id.split("/").map(nameSkeleton).join("/");
}

/** The same with each segment as drawn (lib/text/skeleton.ts drawnSkeleton): compared, never stored. */
export function drawnContentIdSkeleton(id: string): string {
  return id.split("/").map(drawnSkeleton).join("/");
}
