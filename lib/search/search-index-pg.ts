// The search index on PostgreSQL (#19): experience_search, the published experiences' narrow copy
// with the tsvector search_vector (the analyzer's own tokens as lexemes, weighted by field: name B,
// task A, tips C, outcome D) and its GIN index, kept by triggers on experiences; document
// frequencies from experience_terms, and the generation from search_meta, kept in memory from its
// NOTIFYs (prisma/pgsql/migrations). The app's pool when DATABASE_URL names PostgreSQL; the eval and
// the tests hand one in.
import pg, { type Pool } from "pg";
import { readCountSetting } from "../count-setting";
import { finishedWriteCount } from "../db";
import type { ExperienceRow } from "../experiences/serialize";
import type { ResourceRow } from "../resources/serialize";
import type { AllOf, AnyOf, CandidateRow, Phrase, SearchIndex, TermQuery } from "./search-index";
import { STANDING_SQL, standingViews, type StandingSqlRow } from "./repo";

// Which rows of a ranked OR enter the bounded candidate set (the ranking itself is score.ts's) is
// decided as on SQLite, by FTS5's bm25 (sqlite/ext/fts5/fts5_aux.c) computed here from the rows'
// analyzed fields: ts_rank has no idf, so in an OR of several words it prefers rows repeating a
// common one where bm25 prefers the row holding the rare one, and the candidate sets of 47 of the
// eval's 300 queries differed (one answer in 95 of the held-out corpus's changed). bm25 needs every
// matching row, which the planner bounds: it asks for a ranked OR only within 2,000 postings
// (candidates.ts RANK_BUDGET). Past RANK_POOL matching rows, ts_rank picks which are ranked.
const BM25_K1 = 1.2;
const BM25_B = 0.75;
/** In the order of rowFields: name, task, tips, outcome (SQLite's bm25(experience_fts, 3, 4, 1.5, 1)). */
const BM25_WEIGHTS = [3, 4, 1.5, 1];
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

const GENERATION_SQL = /* sql */ `SELECT value FROM search_meta WHERE key = 'generation'`;

const LISTEN_TUNING = {
  /** The channel search_generation_bump() notifies with the new generation (20261215000000_generation_notify). */
  channel: "knowhub_search_generation",
  /** After a lost or refused listening connection, searches read the generation until a retry this much later succeeds. */
  retryMs: 1_000,
  /**
   * The generation is read again at least this often even while listening: a notification that was
   * lost without the connection failing (a pooler that does not keep sessions, say) delays what other
   * servers wrote by at most this (#20 asks for a second).
   */
  maxAgeMs: 1_000,
} as const;

/** KNOWHUB_PG_LISTEN=0: read the generation on every search (behind a pooler in transaction mode, where LISTEN does not hold). */
function listenSetting(): boolean {
  return readCountSetting("KNOWHUB_PG_LISTEN", 1) !== 0;
}

/** The generation as a number, to keep the newest of two (a read and a notification may cross). */
function generationNumber(value: string): bigint {
  return /^\d+$/.test(value) ? BigInt(value) : -1n;
}

/**
 * The generation without a round trip per search (#19, #20): one connection per index LISTENs on
 * the channel the generation trigger NOTIFYs at commit, so another server's write reaches this cache
 * within milliseconds. This process's own writes do not wait for their notification: when
 * finishedWriteCount() moved since the last read, the next search reads the generation (and every
 * maxAgeMs anyway). While the listening connection is down (a restart, a pooler, refused), every
 * search reads it as before, and the connection is tried again every retryMs.
 */
function generationWatch(pool: Pool, read: () => Promise<string>, maxAgeMs: number) {
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let live = false;
  let retryAt = 0;
  let value = -1n;
  let text = "";
  let readAt = 0;
  let writesSeen = -1;
  let refreshing: Promise<unknown> | null = null;
  const adopt = (v: string) => {
    const n = generationNumber(v);
    if (n > value || text === "") [value, text] = [n, v];
  };
  const lose = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    live = false;
    retryAt = Date.now() + LISTEN_TUNING.retryMs;
    c.end().catch(() => undefined);
  };
  const listen = async () => {
    const c = new pg.Client({ ...pool.options, application_name: "knowhub-search-listen", keepAlive: true });
    client = c;
    c.on("error", () => lose(c));
    c.on("end", () => lose(c));
    c.on("notification", (m) => {
      if (m.channel === LISTEN_TUNING.channel && m.payload) adopt(m.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${LISTEN_TUNING.channel}`);
      // Listening first, then the value: a write committed in between is in one or the other.
      const writes = finishedWriteCount();
      const { rows } = await c.query<{ value: string }>(GENERATION_SQL);
      adopt(rows[0]?.value ?? "");
      if (client !== c) return;
      // From now on the connection only waits for notifications, which must not keep a process
      // alive (a CLI command exits when its work is done); while a query of ours was under way it had to.
      (c as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
      [writesSeen, readAt, live] = [writes, Date.now(), true];
    } catch {
      lose(c);
    }
  };
  const readNow = async () => {
    const writes = finishedWriteCount();
    const now = Date.now();
    const v = await read();
    if (!live) return v;
    adopt(v);
    [writesSeen, readAt] = [writes, now];
    return text;
  };
  return {
    async generation(): Promise<string> {
      if (pool.ending || !listenSetting()) {
        if (client) lose(client);
        return read();
      }
      if (!live) {
        if (!client && !connecting && Date.now() >= retryAt) {
          connecting = listen().finally(() => (connecting = null));
          await connecting;
        }
        if (!live) return read();
      }
      if (finishedWriteCount() !== writesSeen) return readNow();
      // The safety net's read runs beside the searches, not in front of one.
      if (Date.now() - readAt > maxAgeMs && !refreshing) {
        refreshing = readNow().then(
          () => (refreshing = null),
          () => (refreshing = null),
        );
      }
      return text;
    },
    /** Whether the generation comes from notifications now (tests), after any connection attempt under way. */
    async listening(): Promise<boolean> {
      await connecting;
      return live;
    },
    /** Ends the listening connection (the pool's owner closes the index with the pool). */
    close(): void {
      if (client) lose(client);
      retryAt = Infinity;
    },
  };
}

function rowFields(row: CandidateRow): string[][] {
  return [row.sName, row.sTask, row.sTips, row.sOutcome].map((f) => f.split(" ").filter(Boolean));
}

/** Occurrences of the phrase in the field's tokens (overlapping ones too, as FTS5's instances). */
function countPhrase(tokens: string[], phrase: string[]): number {
  let n = 0;
  for (let i = 0; i + phrase.length <= tokens.length; i++) {
    let k = 0;
    while (k < phrase.length && tokens[i + k] === phrase[k]) k++;
    if (k === phrase.length) n++;
  }
  return n;
}

/**
 * FTS5's bm25 of each row for these phrases (one per quoted phrase of the expression, repeats
 * included), with its arithmetic in its order; higher is better. `hits`: rows holding each phrase.
 */
function bm25(rows: CandidateRow[], phrases: string[], hits: number[], totals: { rows: number; tokens: number }): Map<CandidateRow, number> {
  const avgdl = totals.tokens / totals.rows;
  const idf = hits.map((nHit) => {
    const v = Math.log((totals.rows - nHit + 0.5) / (nHit + 0.5));
    return v <= 0 ? 1e-6 : v;
  });
  const words = phrases.map((p) => p.split(" "));
  const out = new Map<CandidateRow, number>();
  for (const row of rows) {
    const fields = rowFields(row);
    const D = fields.reduce((n, f) => n + f.length, 0);
    let score = 0;
    words.forEach((phrase, i) => {
      let freq = 0;
      fields.forEach((tokens, c) => (freq += countPhrase(tokens, phrase) * BM25_WEIGHTS[c]));
      score += idf[i] * ((freq * (BM25_K1 + 1.0)) / (freq + BM25_K1 * (1 - BM25_B + (BM25_B * D) / avgdl)));
    });
    out.set(row, score);
  }
  return out;
}

export type PgSearchIndex = SearchIndex & {
  /** Whether the generation comes from notifications (true) or a read per search. */
  listening(): Promise<boolean>;
  /** Stops listening (before the pool ends; an ended pool stops it too, at the next search). */
  close(): void;
};

/**
 * The search index over the database `pool` connects to (migrated by lib/db-migrate-pg.ts).
 * `maxAgeMs`: LISTEN_TUNING's, unless a test must see notifications alone.
 */
export function pgSearchIndex(pool: Pool, { maxAgeMs = LISTEN_TUNING.maxAgeMs }: { maxAgeMs?: number } = {}): PgSearchIndex {
  const candidates = async (sql: string, params: unknown[]) => (await pool.query<CandidateRow>(sql, params)).rows;
  let totals: { rows: number; tokens: number; generation: string } | null = null;
  const watch = generationWatch(pool, async () => (await pool.query<{ value: string }>(GENERATION_SQL)).rows[0]?.value ?? "", maxAgeMs);
  const generation = () => watch.generation();
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
    close: () => watch.close(),
    async countIndexed() {
      // Summed from the per-resource counts the triggers keep, as on SQLite.
      const { rows } = await pool.query<{ n: string }>(/* sql */ `SELECT coalesce(sum(experience_count), 0) AS n FROM resources`);
      return Number(rows[0].n);
    },
    async documentFrequencies(terms) {
      const out = new Map<string, number>(terms.map((t) => [t, 0]));
      if (terms.length === 0) return out;
      const { rows } = await pool.query<Counted>(/* sql */ `SELECT term, doc FROM experience_terms WHERE term = ANY($1::text[])`, [terms]);
      for (const row of rows) out.set(row.term, row.doc);
      return out;
    },
    async findRanked(query, category, max) {
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
    findNewest: (query, category, max, below = NO_BOUND) => {
      const params = [tsQuery(query), max, Math.min(below, NO_BOUND)];
      return category ? candidates(SQL.newestInCategory, [...params, category]) : candidates(SQL.newest, params);
    },
    async findExperiences(ids) {
      if (ids.length === 0) return new Map();
      const { rows } = await pool.query<ExperienceRow>(
        /* sql */ `SELECT id, name, url, category, task, score, outcome, tips, content_id AS "contentId",
                submitted_by AS "submittedBy", key_id AS "keyId", key_label AS "keyLabel", status,
                created_at AS "createdAt", updated_at AS "updatedAt"
         FROM experiences WHERE id = ANY($1::int[])`,
        [ids],
      );
      return new Map(rows.map((row) => [row.id, row]));
    },
    async findStanding(ids) {
      if (ids.length === 0) return new Map();
      const { rows } = await pool.query<StandingSqlRow>(STANDING_SQL("SELECT unnest($1::int[])"), [ids]);
      return standingViews(rows);
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
