// The search index on SQLite: the FTS5 table experience_fts and its fts5vocab table, through
// repo.ts's synchronous statements, on SQLite's raw read connection (engine-search-index.ts picks it).
import { countIndexed, documentFrequency, findCandidates, findExperiences, findStanding, findRecent, findResources, ftsPhrase, indexGeneration, searchScope, termExists } from "./repo";
import type { AllOf, SearchIndex, TermQuery } from "./search-index";

function allOf(terms: AllOf): string {
  return terms.map((any) => `(${any.map(ftsPhrase).join(" OR ")})`).join(" AND ");
}

/** The FTS5 expression of a term query: user text is always quoted, never read as FTS syntax. */
export function ftsMatch(query: TermQuery): string {
  if (query.length === 1) return allOf(query[0]);
  return query.map((all) => (all.length === 1 ? allOf(all) : `(${allOf(all)})`)).join(" OR ");
}

export const sqliteSearchIndex: SearchIndex = {
  // The open database: tests and the eval switch files within one process.
  get scope() {
    return searchScope();
  },
  generation: async () => indexGeneration(),
  countIndexed: async () => countIndexed(),
  documentFrequencies: async (terms) => {
    const out = new Map<string, number>();
    // A one-row MATCH answers "absent" with a single b-tree seek; fts5vocab counts a whole doclist.
    for (const term of terms) out.set(term, termExists(term) ? documentFrequency(term) : 0);
    return out;
  },
  findRanked: async (query, category, max) => findCandidates(ftsMatch(query), category, max),
  findNewest: async (query, category, max, below) => findRecent(ftsMatch(query), category, max, below),
  findExperiences: async (ids) => findExperiences(ids),
  findResources: async (keys) => findResources(keys),
  findStanding: async (ids) => findStanding(ids),
};
