// Content found by search (#22 item 2): the content nodes whose visible text matches a task, a
// section of their own beside the reports. The query is planned by the same planner as reports
// (plan.ts: the analyzer's stems and Chinese words, the lexicon's and the word lists' other forms,
// idf weights), over content's own statistics (content_terms), and each candidate is scored by the
// same scoreRow over its analyzed id path (as a report's name), title (as its task) and body (as
// its tips). Nothing here reads or changes the ranking of reports.
//
// Cost, whatever the number of nodes and words: at most two document-frequency reads of content
// and of the reports' index each (the plan), the counts (at most once per 10 s), one candidate
// statement over content_terms, one read of the candidates' analyzed fields, one of the shown
// nodes' text and one of their resources' names: ten statements at most, most searches seven. The
// candidate statement reads the posting rows of the query's forms (as an OR over an inverted index
// does), so a very common word costs rows in proportion to the nodes holding it.
import {
  countContentIndexed,
  findContentCandidates,
  findContentHits,
  findContentSearchRows,
  findContentTermCounts,
  findResourceNames,
  type ContentScope,
  type ContentTermGroup,
} from "../contents/content-search-repo";
import { rootOf } from "../contents/content-id";
import { looseResourceKey, resourceKey } from "../text/resource-key";
import { markdownText } from "../text/markdown-text";
import { highlightForms, highlightSnippet } from "./highlight-snippet";
import { planQuery, type PlanIndex, type QueryGroup } from "./plan";
import { scoreRow, type Scored } from "./score";
import type { ContentHitDto } from "./schema";
import type { SearchIndex } from "./search-index";

export const CONTENT_SEARCH_TUNING = {
  /** Content hits in an answer at most. */
  limit: 5,
  /** Candidates scored at most (the best by the weight of the query words they hold). */
  candidates: 40,
  /**
   * Share of the query's weight a node must hold to be shown (as search's coverage): a page that
   * shares one word of a long task is not about it.
   */
  minCoverage: 0.5,
  /** Posting rows (reports' and content's document frequencies of the words' forms) the lookup may read, as plan.ts's OR. */
  postingsBudget: 2_000,
  /** Characters of a snippet at most. */
  snippetChars: 200,
} as const;

const T = CONTENT_SEARCH_TUNING;

// The plan's statistics are the hub's: reports and content nodes together. Content alone is small
// for a long while (a hub with a few nodes), and idf over a few documents turns upside down: every
// word the nodes hold weighs little and every word they lack weighs most, so no node would ever
// cover a task. Counted together, a word weighs by how specific it is in the hub's language, and a
// form occurring only in content still counts as present. Cached apart from the reports' plan
// (plan.ts caches per scope): one scope per experience index scope, i.e. per open database.
const scopes = new WeakMap<object, object>();

function contentPlanIndex(index: SearchIndex, generation: string): PlanIndex {
  let scope = scopes.get(index.scope);
  if (!scope) scopes.set(index.scope, (scope = {}));
  return {
    scope,
    // Content writes move the same generation (migration 20261223000000_content_search).
    generation: async () => generation,
    countIndexed: async () => (await index.countIndexed()) + (await countContentIndexed()),
    documentFrequencies: async (terms) => {
      const [reports, content] = await Promise.all([index.documentFrequencies(terms), findContentTermCounts(terms)]);
      return new Map(terms.map((t) => [t, (reports.get(t) ?? 0) + (content.get(t) ?? 0)]));
    },
  };
}

/**
 * A group's lookup tokens: each form by its rarest word (scanForms: a phrase is checked on the
 * analyzed text when scored), and the word lists' forms by their longest word.
 */
function lookupTokens(g: QueryGroup): string[] {
  const loose = g.looseAlts.map((form) => form.split(" ").reduce((a, b) => (b.length > a.length ? b : a)));
  return [...new Set([...g.scanForms, ...loose])];
}

/**
 * The resource keys a content root may name, most literal first: "PyMuPDF" is "pymupdf", and
 * "tablet-kit" (ids have no spaces) is "tablet kit" or "tabletkit". The caller keeps the one that
 * exists whose loose key is the root's (names that differ only so are one resource).
 */
function resourceKeysOf(root: string): string[] {
  return [...new Set([resourceKey(root), resourceKey(root.replace(/[-_.]+/g, " ")), looseResourceKey(root)])];
}

function sharesContentWord(s: Scored, groups: QueryGroup[]): boolean {
  return groups.some((g, i) => g.content && s.covered[i] > 0);
}

/** The snippet's parts as one string, matched words in **bold**. */
function snippetText(body: string, forms: string[]): string {
  return highlightSnippet(markdownText(body), forms, T.snippetChars)
    .parts.map((p) => (p.mark ? `**${p.text}**` : p.text))
    .join("");
}

/**
 * The content nodes matching `q` within `scope` (a resource's tree, or a category's resources'
 * trees; neither: all), best first. `index` and `generation`: the experience index and the
 * generation the caller read for this search.
 */
export async function searchContent(q: string, scope: ContentScope, index: SearchIndex, generation: string): Promise<ContentHitDto[]> {
  const plan = await planQuery(q, contentPlanIndex(index, generation), generation);
  // The most selective words look nodes up, within a budget of posting rows (the rarest always):
  // a word most nodes hold would make the statement read most of content_terms and add nothing a
  // rarer word does not. Every word still counts when the candidates are scored.
  const selective: QueryGroup[] = [];
  let spent = 0;
  for (const g of [...plan.groups].filter((g) => lookupTokens(g).length > 0).sort((a, b) => a.postings - b.postings)) {
    if (selective.length > 0 && spent + g.postings > T.postingsBudget) break;
    selective.push(g);
    spent += g.postings;
  }
  const groups: ContentTermGroup[] = selective.map((g) => ({ tokens: lookupTokens(g), weight: g.weight * 1000 }));
  const ids = await findContentCandidates(groups, scope, T.candidates);
  if (ids.length === 0) return [];
  const rows = await findContentSearchRows(ids);
  const scored = rows
    .map((row, i) => ({
      row,
      s: scoreRow({ id: i, resourceKey: row.resourceKey, score: 0, reporter: "", sName: row.searchPath, sTask: row.searchTitle, sTips: row.searchBody, sOutcome: "" }, plan.groups),
    }))
    .filter(({ s }) => s.coverage >= T.minCoverage && sharesContentWord(s, plan.groups))
    .sort((a, b) => b.s.relevance - a.s.relevance || b.s.coverage - a.s.coverage || (a.row.contentId < b.row.contentId ? -1 : 1))
    .slice(0, T.limit);
  if (scored.length === 0) return [];
  const hits = await findContentHits(scored.map(({ row }) => row.contentId));
  const shown = new Map(hits.map((h) => [h.id, h]));
  const names = await findResourceNames([...new Set(hits.flatMap((h) => resourceKeysOf(h.rootId)))]);
  const resourceOf = (root: string) => {
    const key = resourceKeysOf(root).find((k) => names.has(k) && looseResourceKey(k) === looseResourceKey(root));
    return key ? names.get(key)! : null;
  };
  return scored.flatMap(({ row, s }) => {
    const hit = shown.get(row.contentId);
    if (!hit) return [];
    const forms = highlightForms({ matched_terms: s.matched, expanded_terms: s.expanded }, q);
    return [
      {
        id: hit.id,
        title: hit.title,
        resource: resourceOf(rootOf(hit.id)),
        snippet: snippetText(hit.body, forms),
        link: `/content/${hit.id.split("/").map(encodeURIComponent).join("/")}`,
      },
    ];
  });
}
