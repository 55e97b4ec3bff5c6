// Candidate generation: which experiences get scored at all. The best rows hold every content word
// of the query (the AND), or all but one (leave-one-out ANDs), and only when those are too few do
// partial matches of the most selective words come in (the OR). FTS5 evaluates an AND by stepping
// every form of every word in lockstep, so an AND over words with many lexicon forms costs a
// multiple of one over the rarest words alone; and an AND with few hits must run to the end of
// its doclists. So the rows holding at least two of the three rarest words are fetched once
// (a superset of the AND and of every leave-one-out AND), and those sets are cut from it in code,
// with the same phrase semantics as FTS5. Only when that pool is too big to load and holds too few
// rows with every word does FTS5 run the AND, and then only over rows older than the pool's.
// Every query is bounded by a LIMIT.
import type { QueryGroup, QueryPlan } from "./plan";
import { rowText } from "./row-text";
import type { AllOf, CandidateRow, SearchIndex, TermQuery } from "./search-index";
import { engineSearchIndex } from "./engine-search-index";

// Bounds on the rows read per query: enough to fill 50 results with their best experiences.
const OR_CANDIDATES = 60;
const AND_CANDIDATES = 100;
const NEAR_CANDIDATES = 50;
// With this many rows holding (nearly) every content word, partial matches cannot win.
const ENOUGH = 60;
// Rows of the rarest words loaded to cut the ANDs from; past this, FTS5 runs the full AND.
const POOL = 100;
// An AND that finds few rows must walk its doclists to the end, the costliest query here. When the
// pool already holds a page of rows with every word, older ones would only compete with those.
const PAGE_OF_FULL_MATCHES = 10;
// bm25 must score every row of the OR before its LIMIT applies. Past this many postings the OR
// streams the newest matches instead: its words are then common, and the rows are scored in code.
const RANK_BUDGET = 2_000;

function holds(text: string, group: QueryGroup): boolean {
  return group.forms.some((form) => text.includes(` ${form} `));
}

const TOO_MANY = -2;

function missingWord(text: string, groups: QueryGroup[]): number {
  let missing = -1;
  for (let k = 0; k < groups.length; k++) {
    if (holds(text, groups[k])) continue;
    if (missing >= 0) return TOO_MANY;
    missing = k;
  }
  return missing;
}

function andOf(groups: QueryGroup[]): AllOf {
  return groups.map((g) => g.forms);
}

/** A superset of andOf(groups) that FTS5 steps through faster: phrases by their rarest word. */
function scanOf(groups: QueryGroup[]): AllOf {
  return groups.map((g) => g.scanForms);
}

/** Newest first, like FTS5's ORDER BY rowid DESC. */
function newest(rows: CandidateRow[], max: number): CandidateRow[] {
  return rows.slice(0, max);
}

export async function fetchCandidates(plan: QueryPlan, category: string, given?: SearchIndex): Promise<CandidateRow[]> {
  const index = given ?? (await engineSearchIndex());
  const rows = new Map<number, CandidateRow>();
  const add = (found: CandidateRow[]) => found.forEach((r) => rows.has(r.id) || rows.set(r.id, r));
  const { required } = plan;
  const n = required.length;
  if (n === 2) add(await index.findNewest([andOf(required)], category, AND_CANDIDATES));
  if (n >= 3) {
    const [a, b, c] = required;
    // Two of the three rarest words: every row missing at most one word has that.
    const pool: TermQuery = [andOf([a, b]), andOf([a, c]), andOf([b, c])];
    const loaded = await index.findNewest(pool, category, POOL);
    // Which required word each row lacks, checked on its analyzed fields: -1 for none, TOO_MANY
    // when two or more are missing (such a row is in neither the AND nor a leave-one-out AND).
    const missed = new Map(loaded.map((r) => [r.id, missingWord(rowText(r), required)]));
    const holdsAllBut = (r: CandidateRow, i: number) => missed.get(r.id) === i;
    // The pool is the newest rows of a superset of the AND, so the AND's rows within it are the
    // newest AND rows overall: FTS5 only needs asking when the pool holds too few of them.
    const all = loaded.filter((r) => holdsAllBut(r, -1));
    add(newest(all, AND_CANDIDATES));
    // Past the pool's oldest row FTS5 must look; within it the AND's rows are all known already.
    if (loaded.length === POOL && all.length < PAGE_OF_FULL_MATCHES) {
      const older = await index.findNewest([scanOf(required)], category, AND_CANDIDATES - all.length, loaded[loaded.length - 1].id);
      add(older.filter((r) => missingWord(rowText(r), required) === -1));
    }
    if (rows.size < ENOUGH) {
      // Exact likewise, up to as many near matches as the pool holds.
      for (let i = 0; i < n; i++) add(newest(loaded.filter((r) => holdsAllBut(r, i)), NEAR_CANDIDATES));
    }
  }
  if (rows.size < ENOUGH && plan.orQuery.length > 0) {
    const ranked = plan.orPostings <= RANK_BUDGET;
    add(ranked ? await index.findRanked(plan.orQuery, category, OR_CANDIDATES) : await index.findNewest(plan.orQuery, category, OR_CANDIDATES));
  }
  return [...rows.values()];
}
