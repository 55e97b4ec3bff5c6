// Query planning. A plain OR of every term makes FTS5 walk and rank the posting lists of common
// words ("data", "python"), which is what costs hundreds of milliseconds at a million rows. The
// planner knows each term's document frequency, so it can run an AND of everything (cheap: the
// rarest list drives it) and an OR of only the selective terms, each bounded by a LIMIT.
import { analyzeTerms } from "../text/analyze";
import { GENERIC_WORDS } from "../text/stop-words";
import { expandTerms } from "./lexicon";
import { everydayRank, expandLoosely } from "./word-lists";
import { searchSwitches } from "./search-config";
import { countIndexed, documentFrequency, ftsPhrase, indexGeneration, termExists } from "./repo";

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
  /** FTS5 expression matching the word or any known form; "" when nothing can match. */
  match: string;
  /**
   * A cheaper superset of `match` for ANDs over many rows: each phrase form is looked up by its
   * rarest word. An AND steps through every doclist of every form, and a phrase's words are often
   * common ("pull request", "data warehouse"); the caller checks the phrase on the loaded rows.
   */
  scanMatch: string;
  /** The forms in `match` (present in the index), for matching loaded rows in code. */
  forms: string[];
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
  /** OR of the most selective groups, within the postings budget. */
  orMatch: string;
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
// forms are mostly absent, and fts5vocab is slow to say so.
const dfCache = new Map<string, number>();
const absent = { generation: "", terms: new Set<string>() };
let totalCache: { n: number; at: number } | null = null;

function termDf(term: string): number {
  const hit = dfCache.get(term);
  if (hit !== undefined) return hit;
  if (absent.terms.has(term)) return 0;
  // A one-row MATCH answers "absent" with a single b-tree seek; fts5vocab counts a whole doclist.
  const n = termExists(term) ? documentFrequency(term) : 0;
  if (n > 0) {
    if (dfCache.size >= DF_CACHE_SIZE) dfCache.clear();
    dfCache.set(term, n);
  } else {
    if (absent.terms.size >= DF_CACHE_SIZE) absent.terms.clear();
    absent.terms.add(term);
  }
  return n;
}

/** Forgets cached zeros when anything was written since they were looked up. */
function checkGeneration(): void {
  const generation = indexGeneration();
  if (generation !== absent.generation) {
    absent.generation = generation;
    absent.terms.clear();
  }
}

function df(term: string): number {
  // A phrase occurs no more often than its rarest word.
  return term.includes(" ") ? Math.min(...term.split(" ").map(termDf)) : termDf(term);
}

/** The word of a phrase that the fewest documents hold; a single word is itself. */
function rarestWord(form: string): string {
  if (!form.includes(" ")) return form;
  const words = form.split(" ");
  const dfs = words.map(termDf);
  return words[dfs.indexOf(Math.min(...dfs))];
}

function totalDocs(): number {
  const now = Date.now();
  if (!totalCache || now - totalCache.at > TOTAL_TTL_MS) totalCache = { n: countIndexed(), at: now };
  return totalCache.n;
}

/** Forgets cached statistics (tests that rebuild the database). */
export function resetPlanCache(): void {
  dfCache.clear();
  absent.terms.clear();
  totalCache = null;
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
function queryTerms(query: string): QueryTerm[] {
  const out: QueryTerm[] = [];
  const analyzed = analyzeTerms(query);
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

export function planQuery(query: string): QueryPlan {
  checkGeneration();
  const terms = queryTerms(query);
  const switches = searchSwitches();
  const expansions = switches.lexicon ? expandTerms(terms.map((t) => t.term)) : terms.map(() => new Set<string>());
  const loose = switches.wordLists ? expandLoosely(terms) : terms.map(() => new Set<string>());
  const seen = new Map<string, Seen>();
  terms.forEach(({ term, factor }, i) => {
    const entry = seen.get(term) ?? { alts: new Set<string>(), loose: new Set<string>(), factor, own: [term], at: [] };
    entry.at.push(i);
    for (const a of expansions[i]) entry.alts.add(a);
    for (const a of loose[i]) entry.loose.add(a);
    entry.factor = Math.max(entry.factor, factor);
    seen.set(term, entry);
  });
  const total = totalDocs();
  const entities = entityTerms(query);
  const groups: QueryGroup[] = mergeSynonyms([...seen]).flatMap(([term, { alts: altSet, loose, factor, own: ownForms }]) => {
    const ownDfs = ownForms.map(df);
    const own = Math.max(...ownDfs);
    const alts = [...altSet].filter((a) => !ownForms.includes(a));
    const altDfs = alts.map(df);
    const liveAlts = alts.filter((_, i) => altDfs[i] > 0);
    // In the lists' order, stopping at the first few that occur: each look-up costs at least a
    // seek, and a document frequency at a million rows can cost milliseconds.
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
    const match = live.length === 0 ? "" : `(${live.map(ftsPhrase).join(" OR ")})`;
    const scanMatch = live.length === 0 ? "" : `(${[...new Set(live.map(rarestWord))].map(ftsPhrase).join(" OR ")})`;
    return [{ term, own: ownForms, alts, liveAlts, looseAlts, df: own, postings, weight, match, scanMatch, forms: live, content: factor === 1, entity }];
  });

  const matchable = groups.filter((g) => g.match).sort((a, b) => a.postings - b.postings);
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
    orMatch: orGroups.map((g) => `(${[...new Set([...g.forms, ...g.looseAlts])].map(ftsPhrase).join(" OR ")})`).join(" OR "),
    orPostings: spent,
  };
}
