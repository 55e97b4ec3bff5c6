// The search index on PostgreSQL (#19): experience_search, the published experiences' narrow copy
// with the tsvector search_vector (the analyzer's own tokens as lexemes, weighted by field: name B,
// task A, tips C, outcome D) and its GIN index, kept by triggers on experiences; document
// frequencies from experience_terms, and the generation from search_meta, kept in memory from its
// NOTIFYs (prisma/pgsql/migrations). The app's pool when DATABASE_URL names PostgreSQL; the eval and
// the tests hand one in.
import type { Pool } from "pg";
import type { ExperienceRow } from "../experiences/serialize";
import type { ResourceRow } from "../resources/serialize";
import { bm25 } from "./fts5-bm25";
import type { MemoryPostings } from "./memory-postings";
import { GENERATION_SQL, generationNumber, generationWatch, LISTEN_TUNING } from "./pg-generation-watch";
import type { AllOf, AnyOf, CandidateRow, Phrase, SearchIndex, TermQuery } from "./search-index";
import { memoryIndexSetting, pgMemoryIndex } from "./search-index-pg-memory";
import { STANDING_SQL, standingById } from "./repo";
import type { StandingRow } from "../verdicts/repo";

// Which rows of a ranked OR enter the bounded candidate set (the ranking itself is score.ts's) is
// decided as on SQLite, by FTS5's bm25 (sqlite/ext/fts5/fts5_aux.c) computed here from the rows'
// analyzed fields: ts_rank has no idf, so in an OR of several words it prefers rows repeating a
// common one where bm25 prefers the row holding the rare one, and the candidate sets of 47 of the
// eval's 300 queries differed (one answer in 95 of the held-out corpus's changed). bm25 needs every
// matching row, which the planner bounds: it asks for a ranked OR only within 2,000 postings
// (candidates.ts RANK_BUDGET). Past RANK_POOL matching rows, ts_rank picks which are ranked.
// (fts5-bm25.ts).
const RANK_POOL = 5_000;
// ts_rank's weights in the order D, C, B, A: outcome 1, tips 1.5, name 3, task 4, divided by 4
// because ts_rank refuses weights above 1 ("weight out of range"; its rank is homogeneous in them).
const RANK_WEIGHTS = "{0.25, 0.375, 0.75, 1}";

/** A tsquery lexeme taken verbatim: quoted, never parsed or normalized (as the stored tokens were). */
function lexeme(token: string): string {
  return `'${token.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

/**
 * A phrase stands within one field, as in FTS5, without naming the field: each field's positions
 * start one past the previous field's last (migration 20261210000000_search_speed), so no two fields
 * are adjacent. Spelled once per field weight instead, a query cost GIN four entries per lexeme.
 */
function phrase(p: Phrase): string {
  const tokens = p.split(" ");
  if (tokens.length === 1) return lexeme(tokens[0]);
  return `(${tokens.map(lexeme).join(" <-> ")})`;
}

function anyOf(any: AnyOf): string {
  return `(${any.map(phrase).join(" | ")})`;
}

function allOf(all: AllOf): string {
  return all.map(anyOf).join(" & ");
}

/** The tsquery text of a term query (cast with ::tsquery: its syntax is parsed, its lexemes are not). */
export function tsQuery(query: TermQuery): string {
  if (query.length === 1) return allOf(query[0]);
  return query.map((all) => `(${allOf(all)})`).join(" | ");
}

const CANDIDATE_COLUMNS = /* sql */ `
  s.id, s.resource_key AS "resourceKey", s.score, s.reporter,
  s.search_name AS "sName", s.search_task AS "sTask", s.search_tips AS "sTips", s.search_outcome AS "sOutcome"`;

/**
 * Up to $2 rows matching the tsquery $1: by rank, or newest first below the id $3; with a category,
 * only its resources' rows, filtered before the limit (a crowded category must not hide a small one).
 * They are read from experience_search, the published rows' narrow copy (migration
 * 20261211000000_search_table): a newest-first walk filters rows on the way, and the experiences
 * heap is half again as wide. Ties of rank go to the older row, as FTS5 hands rows to its sorter in
 * rowid order.
 */
function candidateSql(order: "ranked" | "newest", inCategory: boolean): string {
  const category = order === "newest" ? "$4" : "$3";
  const from = /* sql */ `experience_search s ${inCategory ? `JOIN resources r ON r.key = s.resource_key AND r.category = ${category}` : ""}`;
  if (order === "newest") {
    return /* sql */ `
      SELECT ${CANDIDATE_COLUMNS} FROM ${from}
      WHERE s.search_vector @@ $1::tsquery AND s.id < $3::bigint
      ORDER BY s.id DESC LIMIT $2`;
  }
  // The rank only decides which rows enter when more than $2 match; the planner asks for a ranked
  // OR within 2,000 postings, so nearly always every matching row is read and ts_rank (a third of
  // the statement's time) is computed only past $2. Which rows, and their order, is bm25's, in code.
  return /* sql */ `
    WITH m AS MATERIALIZED (SELECT ${CANDIDATE_COLUMNS} FROM ${from} WHERE s.search_vector @@ $1::tsquery LIMIT $2::int8 + 1)
    SELECT * FROM m WHERE (SELECT count(*) FROM m) <= $2::int8
    UNION ALL
    (SELECT ${CANDIDATE_COLUMNS} FROM ${from}
     WHERE (SELECT count(*) FROM m) > $2::int8 AND s.search_vector @@ $1::tsquery
     ORDER BY ts_rank('${RANK_WEIGHTS}', s.search_vector, $1::tsquery) DESC, s.id LIMIT $2)`;
}
const SQL = {
  ranked: candidateSql("ranked", false),
  rankedInCategory: candidateSql("ranked", true),
  newest: candidateSql("newest", false),
  newestInCategory: candidateSql("newest", true),
};

// Past every PostgreSQL integer id: "no bound" (compared as bigint).
const NO_BOUND = 2 ** 31;

type Counted = { term: string; doc: number };

export type PgSearchIndex = SearchIndex & {
  /** Whether the generation comes from notifications (true) or a read per search. */
  listening(): Promise<boolean>;
  /**
   * Loads the postings into memory now (search-index-pg-memory.ts) unless they are or are turned
   * off; whether searches read them from now on (else they read PostgreSQL).
   */
  memoryReady(): Promise<boolean>;
  /** Stops listening and drops the postings (before the pool ends; an ended pool stops it too, at the next search). */
  close(): void;
};

/** Categories' resource keys kept per generation (a category changes without a write to experiences). */
const CATEGORY_CACHE_SIZE = 64;

/**
 * The search index over the database `pool` connects to (migrated by lib/db-migrate-pg.ts).
 * `maxAgeMs`: LISTEN_TUNING's, unless a test must see notifications alone. `memory`: whether the
 * postings are held in this process (default: KNOWHUB_PG_MEMORY_INDEX, on).
 */
export function pgSearchIndex(
  pool: Pool,
  { maxAgeMs = LISTEN_TUNING.maxAgeMs, memory: inMemory = memoryIndexSetting() }: { maxAgeMs?: number; memory?: boolean } = {},
): PgSearchIndex {
  const candidates = async (sql: string, params: unknown[]) => (await pool.query<CandidateRow>(sql, params)).rows;
  let totals: { rows: number; tokens: number; generation: string } | null = null;
  const watch = generationWatch(pool, async () => (await pool.query<{ value: string }>(GENERATION_SQL)).rows[0]?.value ?? "", maxAgeMs);
  const memory = inMemory ? pgMemoryIndex(pool) : null;
  // The generation this process last saw (a search reads it first): the postings must hold it.
  let latest = "";
  const generation = async () => {
    latest = await watch.generation();
    memory?.searched();
    return latest;
  };
  const postings = async (): Promise<MemoryPostings | null> => (memory ? memory.at(generationNumber(latest || (await watch.generation()))) : null);
  let categories: { generation: bigint; keys: Map<string, Promise<Set<string>>> } = { generation: -1n, keys: new Map() };
  /** Which rows a category keeps: its resources' keys as of the postings' generation (one read per category and generation). */
  const inCategory = async (mem: MemoryPostings, category: string): Promise<((id: number) => boolean) | undefined> => {
    if (!category) return undefined;
    const at = memory!.generation() ?? -1n;
    if (categories.generation !== at || categories.keys.size >= CATEGORY_CACHE_SIZE) categories = { generation: at, keys: new Map() };
    let keys = categories.keys.get(category);
    if (!keys) {
      keys = pool.query<{ key: string }>(/* sql */ `SELECT key FROM resources WHERE category = $1`, [category]).then((r) => new Set(r.rows.map((row) => row.key)));
      categories.keys.set(category, keys);
      keys.catch(() => categories.keys.delete(category));
    }
    const set = await keys;
    return (id) => set.has(mem.resourceKey(id));
  };
  const indexTotals = async () => {
    // Kept by triggers, exact at every generation (migration 20261216000000_search_totals): one
    // primary-key read after a write, none while nothing was written (the generation comes from
    // LISTEN/NOTIFY). It was a full scan of the published rows: seconds at 1M.
    const now = await generation();
    if (!totals || totals.generation !== now) {
      const { rows } = await pool.query<{ rows: string; tokens: string }>(
        /* sql */ `SELECT "rows", "tokens" FROM experience_search_totals WHERE id = 1`,
      );
      totals = { rows: Number(rows[0]?.rows ?? 0), tokens: Number(rows[0]?.tokens ?? 0), generation: now };
    }
    return totals;
  };
  /**
   * Rows holding each phrase: a word's from experience_terms, a phrase's counted. One round trip for
   * all of them (a query's phrases were counted one statement each, a few ms apiece).
   */
  const phraseHits = async (phrases: string[]) => {
    const { rows } = await pool.query<{ n: string }>(
      /* sql */ `SELECT CASE WHEN p.query IS NULL THEN coalesce((SELECT t.doc FROM experience_terms t WHERE t.term = p.phrase), 0)
                ELSE (SELECT count(*) FROM experience_search s WHERE s.search_vector @@ p.query::tsquery) END AS n
       FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS p(phrase, query, i) ORDER BY p.i`,
      [phrases, phrases.map((p) => (p.includes(" ") ? tsQuery([[[p]]]) : null))],
    );
    return rows.map((r) => Number(r.n));
  };
  return {
    scope: pool,
    concurrentReads: true,
    generation,
    listening: () => watch.listening(),
    memoryReady: async () => (memory ? memory.ready() : false),
    close: () => {
      watch.close();
      memory?.close();
    },
    async countIndexed() {
      // Summed from the per-resource counts the triggers keep, as on SQLite.
      const { rows } = await pool.query<{ n: string }>(/* sql */ `SELECT coalesce(sum(experience_count), 0) AS n FROM resources`);
      return Number(rows[0].n);
    },
    async documentFrequencies(terms) {
      const out = new Map<string, number>(terms.map((t) => [t, 0]));
      if (terms.length === 0) return out;
      const mem = await postings();
      if (mem) {
        for (const t of terms) out.set(t, mem.df(t));
        return out;
      }
      const { rows } = await pool.query<Counted>(/* sql */ `SELECT term, doc FROM experience_terms WHERE term = ANY($1::text[])`, [terms]);
      for (const row of rows) out.set(row.term, row.doc);
      return out;
    },
    async findRanked(query, category, max) {
      const mem = await postings();
      if (mem) {
        const ids = mem.newest(query, RANK_POOL + 1, Infinity, await inCategory(mem, category));
        // Past RANK_POOL, ts_rank picks the rows (below): PostgreSQL's to compute.
        if (ids.length <= RANK_POOL) {
          const phrases = query.flatMap((all) => all.flatMap((any) => [...any]));
          const matching = ids.map((id) => mem.row(id));
          const scores = bm25(matching, phrases, phrases.map((p) => mem.hits(p)), { rows: mem.count, tokens: mem.tokens });
          return matching.sort((a, b) => scores.get(b)! - scores.get(a)! || a.id - b.id).slice(0, max);
        }
      }
      const params = [tsQuery(query), RANK_POOL];
      const phrases = query.flatMap((all) => all.flatMap((any) => [...any]));
      // Independent reads: on the pool's connections at once, not one round trip after another.
      const [matching, hits, sums] = await Promise.all([
        category ? candidates(SQL.rankedInCategory, [...params, category]) : candidates(SQL.ranked, params),
        phraseHits(phrases),
        indexTotals(),
      ]);
      const scores = bm25(matching, phrases, hits, sums);
      // Ties go to the older row (FTS5 hands its sorter the rows in rowid order).
      return matching.sort((a, b) => scores.get(b)! - scores.get(a)! || a.id - b.id).slice(0, max);
    },
    async findNewest(query, category, max, below = NO_BOUND) {
      const mem = await postings();
      if (mem) return mem.newest(query, max, Math.min(below, NO_BOUND), await inCategory(mem, category)).map((id) => mem.row(id));
      const params = [tsQuery(query), max, Math.min(below, NO_BOUND)];
      return category ? candidates(SQL.newestInCategory, [...params, category]) : candidates(SQL.newest, params);
    },
    async findExperiences(ids) {
      if (ids.length === 0) return new Map();
      const { rows } = await pool.query<ExperienceRow>(
        /* sql */ `SELECT id, name, url, category, task, score, outcome, tips, content_id AS "contentId",
                submitted_by AS "submittedBy", key_id AS "keyId", key_label AS "keyLabel", status,
                created_at AS "createdAt", updated_at AS "updatedAt", version
         FROM experiences WHERE id = ANY($1::int[])`,
        [ids],
      );
      return new Map(rows.map((row) => [row.id, row]));
    },
    async findStanding(ids) {
      if (ids.length === 0) return new Map();
      const { rows } = await pool.query<StandingRow>(STANDING_SQL("SELECT unnest($1::int[])"), [ids]);
      return standingById(rows);
    },
    async findResources(keys) {
      if (keys.length === 0) return new Map();
      const { rows } = await pool.query<ResourceRow>(
        /* sql */ `SELECT key, name, url, category, experience_count AS "experienceCount",
                reporter_count AS "reporterCount", score_sum AS "scoreSum", score_1 AS "score1", score_2 AS "score2",
                score_3 AS "score3", score_4 AS "score4", score_5 AS "score5", first_seen AS "firstSeen", last_seen AS "lastSeen"
         FROM resources WHERE key = ANY($1::text[])`,
        [keys],
      );
      return new Map(rows.map((row) => [row.key, row]));
    },
  };
}
