// How many resources match a query in each category, whatever category the page is scoped to:
// the search page's chips show these, and say so when a scope hides matches elsewhere.
import type { SearchResponseDto } from "./schema";
import { searchExperiences } from "./search-experiences";

/** The API's largest page: counts stop there and say so (`capped`). */
export const COUNT_LIMIT = 50;

export type CategoryMatches = {
  /** The unscoped answer's confidence: with "low", every count is of weak leads. */
  confidence: SearchResponseDto["confidence"];
  /** Matching resources in all categories (at most COUNT_LIMIT). */
  total: number;
  /** The count reached COUNT_LIMIT: more resources may match. */
  capped: boolean;
  /** Categories with at least one match, most matches first. */
  categories: { category: string; count: number }[];
};

/** `q` is a query as searchInput parsed it. Not logged: the page's own search already was. */
export function countMatchesByCategory(q: string): CategoryMatches {
  const answer = searchExperiences({ q, category: "", limit: COUNT_LIMIT, explain: false }, "", { log: false });
  const counts = new Map<string, number>();
  for (const r of answer.results) counts.set(r.category, (counts.get(r.category) ?? 0) + 1);
  return {
    confidence: answer.confidence,
    total: answer.results.length,
    capped: answer.results.length >= COUNT_LIMIT,
    categories: [...counts]
      .map(([category, count]) => ({ category, count }))
      .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category)),
  };
}
