// A phrasing is the set of a query's analyzed terms (lib/text/analyze.ts: the same stemming and
// Chinese segmentation as search), so word order, stop words, plurals and case do not separate two
// agents asking the same thing; two phrasings are one when their sets are similar enough (Jaccard).
import { analyze } from "../text/analyze";

/** The distinct analyzed terms of a query, sorted, one space apart (stored in learning_evidence.terms). */
export function phrasingTerms(query: string): string {
  return [...new Set(analyze(query))].sort().join(" ");
}

export function termSet(terms: string): Set<string> {
  return new Set(terms.split(" ").filter(Boolean));
}

/** |A ∩ B| / |A ∪ B|; 0 when both are empty. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / (a.size + b.size - shared);
}
