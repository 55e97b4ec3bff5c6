// Query planning. A plain OR of every term makes FTS5 walk and rank the posting lists of common
// words ("data", "python"), which is what costs hundreds of milliseconds at a million rows. The
// planner knows each term's document frequency, so it can run an AND of everything (cheap: the
// rarest list drives it) and an OR of only the selective terms, each bounded by a LIMIT.
import { analyzeTerms } from "../text/analyze";
import { GENERIC_WORDS } from "../text/stop-words";
import { expandTerms } from "../text/lexicon";
import { everydayRank, expandLoosely } from "./word-lists";
import { searchSwitches } from "./search-config";
import type { AnyOf, SearchIndex, TermQuery } from "./search-index";
import { engineSearchIndex } from "./engine-search-index";

/** One word of the query, with the other forms of the same concept (lexicon and word lists). */
export type QueryGroup = {
  term: string;
  /** Forms that count as the agent's own word: the term, and query words that are its synonyms. */
  own: string[];
  alts: string[];
  /** The lexicon's alts present in the index: only these can be in a row (scoring skips the rest). */
  liveAlts: string[];
  /** Translations and synonyms from the general word lists present in the index (the first few). */
  looseAlts: string[];
  /** Documents containing the word itself. */
  df: number;
  /** Documents containing the word or any of its forms (upper bound: sum). */
  postings: number;
  /** Specificity: idf of the word, or of its concept when the word itself is unknown. */
  weight: number;
  /** The forms rows are looked up by (present in the index); none when nothing can match. */
  forms: string[];
  /**
   * A cheaper superset of `forms` for ANDs over many rows: each phrase form is looked up by its
   * rarest word. An AND steps through every doclist of every form, and a phrase's words are often
   * common ("pull request", "data warehouse"); the caller checks the phrase on the loaded rows.
   */
  scanForms: string[];
  /** A content word, as opposed to a soft or generic one. */
  content: boolean;
  /** A name the agent typed (Slurm, MongoDB, a Latin word in a Chinese query): weighs more. */
  entity: boolean;
};

export type QueryPlan = {
  groups: QueryGroup[];
  total: number;
  /** The matchable content words (not soft or generic ones), rarest first. */
  required: QueryGroup[];
  /** OR of the most selective groups, within the postings budget; empty when nothing can match. */
  orQuery: TermQuery;
  /** Posting entries the OR touches (what ranking it by bm25 costs). */
  orPostings: number;
};

// A general word list lists many senses; the first that occur in the index are the likely ones,
// and every form added makes the FTS expressions longer.
const LOOSE_PER_TERM = 4;
const LOOSE_TRIED_PER_TERM = 16;

// Posting entries the OR query may touch: bounds its cost however common the words are.
const OR_POSTINGS_BUDGET = 2_000;
const DF_CACHE_SIZE = 20_000;
const TOTAL_TTL_MS = 10_000;

// Positive document frequencies are cached: being a little stale only nudges a weight. Zeros are
// cached only until the next write to the database (a word written a moment ago must be searchable
// in the very next request); they are worth caching because a query's unknown words and lexicon
// forms are mostly absent, and fts5vocab is slow to say so. Per index scope (one open database):
// two engines, or two files, in one process never share statistics.
type Stats = {
  dfs: Map<string, number>;
  absent: { generation: string; terms: Set<string> };
  total: { n: number; at: number } | null;
};
let statsByScope = new WeakMap<object, Stats>();

/**
 * What planning reads of an index: its scope, generation, size and document frequencies. The
 * experience index (SearchIndex) is one; content search's (search-content.ts) is another, with a
 * scope of its own, so the two never share statistics.
 */
export type PlanIndex = Pick<SearchIndex, "scope" | "generation" | "countIndexed" | "documentFrequencies">;

function statsOf(index: PlanIndex): Stats {
  let stats = statsByScope.get(index.scope);
  if (!stats) statsByScope.set(index.scope, (stats = { dfs: new Map(), absent: { generation: "", terms: new Set() }, total: null }));
  return stats;
}

/**
 * Document frequencies for one query's planning, looked up in batches: every term a step needs is
 * gathered first and the misses asked for in one call (one await per step, not one per term).
 */
class TermStats {
  /** This query's words: what termDf answers from (the shared caches may be cleared meanwhile). */
  private readonly known = new Map<string, number>();

  constructor(
    private readonly index: PlanIndex,
    private readonly stats: Stats,
  ) {}

  /** Makes the words of these terms (and phrases) known to termDf. */
  async load(terms: Iterable<string>): Promise<void> {
    const { dfs, absent } = this.stats;
    const missing = new Set<string>();
    for (const term of terms) {
      for (const word of term.split(" ")) {
        if (this.known.has(word)) continue;
        const hit = dfs.get(word) ?? (absent.terms.has(word) ? 0 : undefined);
        if (hit === undefined) missing.add(word);
        else this.known.set(word, hit);
      }
    }
    if (missing.size === 0) return;
    const found = await this.index.documentFrequencies([...missing]);
    for (const word of missing) {
      const n = found.get(word) ?? 0;
      this.known.set(word, n);
      if (n > 0) {
        if (dfs.size >= DF_CACHE_SIZE) dfs.clear();
        dfs.set(word, n);
      } else {
        if (absent.terms.size >= DF_CACHE_SIZE) absent.terms.clear();
        absent.terms.add(word);
      }
    }
  }

  termDf(word: string): number {
    const n = this.known.get(word);
    if (n === undefined) throw new Error(`plan: the document frequency of "${word}" was not loaded`);
    return n;
  }

  df(term: string): number {
    // A phrase occurs no more often than its rarest word.
    return term.includes(" ") ? Math.min(...term.split(" ").map((w) => this.termDf(w))) : this.termDf(term);
  }

  /** The word of a phrase that the fewest documents hold; a single word is itself. */
  rarestWord(form: string): string {
    if (!form.includes(" ")) return form;
    const words = form.split(" ");
    const dfs = words.map((w) => this.termDf(w));
    return words[dfs.indexOf(Math.min(...dfs))];
  }
}

/** Forgets cached zeros when anything was written since they were looked up. */
function checkGeneration(stats: Stats, generation: string): void {
  if (generation !== stats.absent.generation) {
    stats.absent.generation = generation;
    stats.absent.terms.clear();
  }
}

async function totalDocs(index: PlanIndex, stats: Stats): Promise<number> {
  const now = Date.now();
  if (!stats.total || now - stats.total.at > TOTAL_TTL_MS) stats.total = { n: await index.countIndexed(), at: now };
  return stats.total.n;
}

/** Forgets cached statistics (tests that rebuild the database). */
export function resetPlanCache(): void {
  statsByScope = new WeakMap();
}

// A word no report uses (nor any of its forms) has no statistics here. It is either what the task is
// about (tumor, Kotlin, CRDT) or how this agent happens to put it (weird, shopper, against), and
// the language's own statistics tell them apart: an everyday word is expected in about one text in
// (rank / ZIPF_DOCS), Zipf's law for texts of a hundred-odd words. Other unknown words, and names
// the agent typed, stay maximally specific.
const ZIPF_DOCS = 100;

function unknownDf(term: string, entity: boolean, total: number): number {
  const rank = entity || !searchSwitches().wordLists ? undefined : everydayRank(term);
  return rank === undefined ? 0 : total * Math.min(1, ZIPF_DOCS / rank);
}

export function idf(docFreq: number, total: number): number {
  const n = Math.max(total, docFreq);
  return Math.log(1 + (n - docFreq + 0.5) / (docFreq + 0.5));
}

// Lone characters and fallback bigrams of Chinese, and generic English words ("quick", "part"),
// say little about the task: they count, but far less than content words.
const SOFT_FACTOR = 0.5;
const GENERIC_FACTOR = 0.3;
// Such a run may still be a phrase the segmenter cut wrongly: between a soft term and a word.
const UNKNOWN_RUN_FACTOR = 0.7;

// A named tool, platform or format is what a task is most specifically about: an answer that does
// not mention it is an answer to another task.
const ENTITY_FACTOR = 1.5;

/** `run`: the characters a bigram was cut from (the word lists look Chinese up by characters). */
type QueryTerm = { term: string; factor: number; run?: string };

/**
 * Terms of the words the agent wrote as names: capitalized or mixed-case words other than the
 * first (Slurm, MongoDB, AMap, SMS), and every Latin word of a query written in Chinese.
 */
function entityTerms(query: string): Set<string> {
  const text = query.normalize("NFKC");
  const chinese = /\p{Script=Han}/u.test(text);
  const out = new Set<string>();
  const words = [...text.matchAll(/[A-Za-z][A-Za-z0-9]*/g)];
  words.forEach((m, i) => {
    const word = m[0];
    const named = chinese || (i > 0 && /[A-Z]/.test(word)) || /[a-z][A-Z]/.test(word);
    if (named) for (const t of analyzeTerms(word)) out.add(t.term);
  });
  return out;
}

/** The query's terms; a long Chinese word unknown to the index falls back to its bigrams. */
async function queryTerms(query: string, stats: TermStats): Promise<QueryTerm[]> {
  const out: QueryTerm[] = [];
  const analyzed = analyzeTerms(query);
  await stats.load(analyzed.flatMap((t) => [t.term, ...(t.parts ?? [])]));
  const df = (term: string) => stats.df(term);
  // A run of characters the segmenter did not know whose bigrams are all unknown here is a word
  // nobody used (答题卡, 判分), not an artifact of cutting text into bigrams: it stays a requirement.
  const knownRuns = new Set(analyzed.flatMap((t) => (t.run && df(t.term) > 0 ? [t.run] : [])));
  for (const t of analyzed) {
    if (t.run && !knownRuns.has(t.run)) {
      if (!out.some((o) => o.term === t.run)) out.push({ term: t.run, factor: UNKNOWN_RUN_FACTOR });
      continue;
    }
    if (t.parts && df(t.term) === 0) {
      for (const part of t.parts) out.push({ term: part, factor: SOFT_FACTOR, run: t.term });
    } else {
      out.push({ term: t.term, factor: t.soft ? SOFT_FACTOR : GENERIC_WORDS.has(t.term) ? GENERIC_FACTOR : 1, run: t.run });
    }
  }
  return out;
}

type Seen = { alts: Set<string>; loose: Set<string>; factor: number; own: string[]; at: number[] };

/**
 * Adjacent query words that are forms of one concept ("powerpoint slides", "docker container")
 * name one thing: counted twice, a document naming it once would look like it covers twice the
 * query it does. Only neighbours merge: distant words are separate requirements even when a broad
 * lexicon line relates them.
 */
function mergeSynonyms(entries: [string, Seen][]): [string, Seen][] {
  const out: [string, Seen][] = [];
  for (const [term, entry] of entries) {
    const near = (e: Seen) => e.at.some((p) => entry.at.some((q) => Math.abs(p - q) === 1));
    const into = out.find(([t, e]) => e.factor === 1 && entry.factor === 1 && near(e) && (e.alts.has(term) || entry.alts.has(t)));
    if (!into) {
      out.push([term, entry]);
      continue;
    }
    const [, target] = into;
    target.own.push(...entry.own);
    target.at.push(...entry.at);
    for (const a of entry.alts) target.alts.add(a);
    for (const a of entry.loose) target.loose.add(a);
    target.factor = Math.max(target.factor, entry.factor);
  }
  return out;
}

/**
 * `generation`: the index's, when the caller has just read it (searchExperiences reads it once for
 * the answer cache and the plan).
 */
export async function planQuery(query: string, given?: PlanIndex, generation?: string): Promise<QueryPlan> {
  const index = given ?? (await engineSearchIndex());
  const cached = statsOf(index);
  checkGeneration(cached, generation ?? (await index.generation()));
  const stats = new TermStats(index, cached);
  const df = (term: string) => stats.df(term);
  const terms = await queryTerms(query, stats);
  const switches = searchSwitches();
  const expansions = switches.lexicon ? expandTerms(terms.map((t) => t.term)) : terms.map(() => new Set<string>());
  const loose = switches.wordLists ? expandLoosely(terms) : terms.map(() => new Set<string>());
  // Every form the steps below may look at, in one batch: the query's words, the lexicon's forms and
  // the word lists' first few (at most LOOSE_TRIED_PER_TERM are tried per word).
  await stats.load([
    ...terms.map((t) => t.term),
    ...expansions.flatMap((e) => [...e]),
    ...loose.flatMap((l) => [...l].slice(0, LOOSE_TRIED_PER_TERM)),
  ]);
  const seen = new Map<string, Seen>();
  terms.forEach(({ term, factor }, i) => {
    const entry = seen.get(term) ?? { alts: new Set<string>(), loose: new Set<string>(), factor, own: [term], at: [] };
    entry.at.push(i);
    for (const a of expansions[i]) entry.alts.add(a);
    for (const a of loose[i]) entry.loose.add(a);
    entry.factor = Math.max(entry.factor, factor);
    seen.set(term, entry);
  });
  const total = await totalDocs(index, cached);
  const entities = entityTerms(query);
  const groups: QueryGroup[] = mergeSynonyms([...seen]).flatMap(([term, { alts: altSet, loose, factor, own: ownForms }]) => {
    const ownDfs = ownForms.map(df);
    const own = Math.max(...ownDfs);
    const alts = [...altSet].filter((a) => !ownForms.includes(a));
    const altDfs = alts.map(df);
    const liveAlts = alts.filter((_, i) => altDfs[i] > 0);
    // In the lists' order, stopping at the first few that occur (their document frequencies were
    // loaded in the batch above, LOOSE_TRIED_PER_TERM at most: a look-up costs at least a seek).
    const looseAlts: string[] = [];
    let tried = 0;
    for (const a of loose) {
      if (looseAlts.length === LOOSE_PER_TERM || tried++ === LOOSE_TRIED_PER_TERM) break;
      if (!ownForms.includes(a) && !altSet.has(a) && df(a) > 0) looseAlts.push(a);
    }
    const looseDfs = looseAlts.map(df);
    const known = [...ownForms.filter((_, i) => ownDfs[i] > 0), ...liveAlts];
    // Rows are looked up by the word and the lexicon's forms; the word lists' forms only stand in
    // for a word the index does not know (every form makes the FTS expressions slower), and
    // otherwise only add to the score of rows found by other words.
    const live = known.length > 0 ? known : looseAlts;
    // A soft term nobody used is most likely a segmentation artifact, not a missing requirement.
    if (live.length === 0 && factor === SOFT_FACTOR) return [];
    const conceptDf = Math.max(0, ...altDfs, ...looseDfs);
    const entity = factor === 1 && ownForms.some((f) => entities.has(f));
    const weight = (entity ? ENTITY_FACTOR : factor) * idf(own > 0 ? own : conceptDf > 0 ? conceptDf : unknownDf(term, entity, total), total);
    const postings = [...ownDfs, ...altDfs, ...looseDfs].reduce((s, n) => s + n, 0);
    const scanForms = [...new Set(live.map((form) => stats.rarestWord(form)))];
    return [{ term, own: ownForms, alts, liveAlts, looseAlts, df: own, postings, weight, forms: live, scanForms, content: factor === 1, entity }];
  });

  const matchable = groups.filter((g) => g.forms.length > 0).sort((a, b) => a.postings - b.postings);
  // Selective groups first; the rarest always goes in, so even an all-common query finds something.
  const orGroups: QueryGroup[] = [];
  let spent = 0;
  for (const g of matchable) {
    if (orGroups.length > 0 && spent + g.postings > OR_POSTINGS_BUDGET) break;
    orGroups.push(g);
    spent += g.postings;
  }
  return {
    groups,
    total,
    required: matchable.filter((g) => g.content),
    // The OR also looks rows up by the word lists' forms (bounded by the postings budget, which
    // counts them): it is how a report in the other language becomes a candidate at all.
    orQuery: orGroups.map((g): AnyOf[] => [[...new Set([...g.forms, ...g.looseAlts])]]),
    orPostings: spent,
  };
}
