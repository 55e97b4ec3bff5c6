// The search page's one search per view: the rows it shows and the counts its category chips show
// come from a single ranking, and the view is one line in the search log.
//
// The ranking does not depend on the limit (it ranks every candidate, then cuts), so the first
// `limit` results of a search at COUNT_LIMIT are exactly the answer at `limit`: the page searches
// once at COUNT_LIMIT and shows the head. The answer it shows is therefore the one GET /api/search
// gives for the same q, category and limit.
//
// A category scope is a search of its own, not the unscoped answer filtered: candidates are fetched
// within the category before their LIMIT (lib/search/candidates.ts, lib/search/repo.ts), and the
// confidence gate and the "not far weaker than the best" cut compare a category's resources with
// each other only. So a scoped view cannot learn from its own search how many resources match in
// other categories; it counts only its scope and says nothing about the rest rather than run a
// second search for it.
import { logSearch } from "../demand-log/log-search";
import type { SearchInput, SearchResponseDto } from "./schema";
import { searchExperiences } from "./search-experiences";

/** The API's largest page: the chips count at most this many resources, and say so (`capped`). */
export const COUNT_LIMIT = 50;

export type CategoryMatches = {
  /** The answer's confidence: with "low", every count is of weak leads. */
  confidence: SearchResponseDto["confidence"];
  /** Matching resources in all categories (at most COUNT_LIMIT); null when the view is scoped. */
  total: number | null;
  /** The count reached COUNT_LIMIT: more resources may match. */
  capped: boolean;
  /** Categories with at least one match, most matches first (when scoped: that category only). */
  categories: { category: string; count: number }[];
  /** How many of the counted resources are weak leads (all of them when confidence is "low"). */
  weakLeads: number;
};

export type SearchPageView = {
  /** What GET /api/search answers for this input: the rows the page shows. */
  answer: SearchResponseDto;
  /** More results exist beyond `input.limit` (up to COUNT_LIMIT): the page may offer more. */
  more: boolean;
  counts: CategoryMatches;
};

/**
 * `input` as searchInput parsed it. Logged once, as the rows shown (pages have no key), with its
 * confidence (insights tell weak leads from nothing found) and `client`, who asked
 * (lib/demand-log/client-id.ts).
 */
export async function searchPageView(input: SearchInput, client = ""): Promise<SearchPageView> {
  const started = performance.now();
  const wide = await searchExperiences({ ...input, limit: COUNT_LIMIT }, "", { log: false });
  // A fresh object: the cached answer is shared with other callers.
  const answer: SearchResponseDto = { ...wide, limit: input.limit, results: wide.results.slice(0, input.limit) };
  logSearch({
    query: input.q,
    category: input.category,
    resultCount: answer.results.length,
    abstained: answer.abstained,
    latencyMs: performance.now() - started,
    keyId: "",
    confidence: answer.confidence,
    clientId: client,
  });
  return { answer, more: wide.results.length > input.limit, counts: countByCategory(wide, input.category) };
}

function countByCategory(wide: SearchResponseDto, scope: string): CategoryMatches {
  const capped = wide.results.length >= COUNT_LIMIT;
  const weakLeads = wide.results.filter((r) => r.confidence !== "high").length;
  if (scope) {
    const count = wide.results.length;
    return { confidence: wide.confidence, total: null, capped, categories: count ? [{ category: scope, count }] : [], weakLeads };
  }
  const counts = new Map<string, number>();
  for (const r of wide.results) counts.set(r.category, (counts.get(r.category) ?? 0) + 1);
  return {
    confidence: wide.confidence,
    total: wide.results.length,
    capped,
    categories: [...counts]
      .map(([category, count]) => ({ category, count }))
      .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category)),
    weakLeads,
  };
}
