// The only file that touches the database for search. Raw SQL: FTS5 has no Prisma equivalent.
import type { Statement } from "better-sqlite3";
import { db, getSqlite, type Sqlite } from "../db";
import type { ResourceRow } from "../resources/serialize";
import type { ExperienceRow } from "../experiences/serialize";
import type { CandidateRow } from "./search-index";
import { standingColumns, type StandingRow } from "../verdicts/repo";

export type { CandidateRow };

// bm25 column weights, in the FTS column order: name, task, tips, outcome. They only decide which
// rows enter the bounded candidate set; the final ranking is computed in score.ts.
const BM25 = "bm25(experience_fts, 3.0, 4.0, 1.5, 1.0)";

// Statements are prepared once per connection (tests open a fresh database per file).
const statements = new WeakMap<Sqlite, Map<string, Statement>>();

function prepared(sql: string): Statement {
  const db = getSqlite();
  let byDb = statements.get(db);
  if (!byDb) statements.set(db, (byDb = new Map()));
  let statement = byDb.get(sql);
  if (!statement) byDb.set(sql, (statement = db.prepare(sql)));
  return statement;
}

/** FTS5 string literal: user text can never be read as FTS syntax. */
export function ftsPhrase(seq: string): string {
  return `"${seq.replace(/"/g, '""')}"`;
}

// Candidates are many and mostly discarded: reading every column of each cost several times more
// than these. The shown text is loaded afterwards for the few that make the results (findExperiences).
const CANDIDATE_COLUMNS = /* sql */ `
  e.id, e.resource_key AS resourceKey, e.score,
  CASE WHEN e.key_id = '' THEN 'e:' || e.id ELSE 'k:' || e.key_id END AS reporter,
  e.search_name AS sName, e.search_task AS sTask, e.search_tips AS sTips, e.search_outcome AS sOutcome`;

// The LIMIT sits inside the FTS query so that at most `max` experience rows are ever read.
const CANDIDATES = /* sql */ `
  SELECT ${CANDIDATE_COLUMNS}
  FROM (SELECT rowid AS id, ${BM25} AS rank FROM experience_fts
        WHERE experience_fts MATCH @match ORDER BY rank LIMIT @max) f
  JOIN experiences e ON e.id = f.id`;

// With a category the filter must apply before the limit, or a crowded category hides a small one.
const CANDIDATES_IN_CATEGORY = /* sql */ `
  SELECT ${CANDIDATE_COLUMNS}
  FROM experience_fts f
  JOIN experiences e ON e.id = f.rowid
  JOIN resources r ON r.key = e.resource_key AND r.category = @category
  WHERE experience_fts MATCH @match
  ORDER BY ${BM25}
  LIMIT @max`;

// Rows that contain every term of an AND are alike in coverage, so the newest are taken without
// ranking: FTS5 walks the doclists in rowid order, from @below down, and stops at the limit.
const RECENT = /* sql */ `
  SELECT ${CANDIDATE_COLUMNS}
  FROM (SELECT rowid AS id FROM experience_fts
        WHERE experience_fts MATCH @match AND rowid < @below ORDER BY rowid DESC LIMIT @max) f
  JOIN experiences e ON e.id = f.id`;

const RECENT_IN_CATEGORY = /* sql */ `
  SELECT ${CANDIDATE_COLUMNS}
  FROM experience_fts f
  JOIN experiences e ON e.id = f.rowid
  JOIN resources r ON r.key = e.resource_key AND r.category = @category
  WHERE experience_fts MATCH @match AND f.rowid < @below
  ORDER BY f.rowid DESC
  LIMIT @max`;

/**
 * Up to `max` newest experiences matching an FTS5 expression, unranked; only rows older than
 * `below` (the caller has already seen the newer ones).
 */
export function findRecent(match: string, category: string, max: number, below = Number.MAX_SAFE_INTEGER): CandidateRow[] {
  if (category) return prepared(RECENT_IN_CATEGORY).all({ match, category, max, below }) as CandidateRow[];
  return prepared(RECENT).all({ match, max, below }) as CandidateRow[];
}

/** Up to `max` experiences matching an FTS5 expression, best bm25 first. */
export function findCandidates(match: string, category: string, max: number): CandidateRow[] {
  if (category) return prepared(CANDIDATES_IN_CATEGORY).all({ match, category, max }) as CandidateRow[];
  return prepared(CANDIDATES).all({ match, max }) as CandidateRow[];
}

/** The experiences to show, by id. */
export function findExperiences(ids: readonly number[]): Map<number, ExperienceRow> {
  const rows = prepared(
    /* sql */ `SELECT id, name, url, category, task, score, outcome, tips, content_id AS contentId,
              submitted_by AS submittedBy, key_id AS keyId, key_label AS keyLabel, status, created_at AS createdAt, updated_at AS updatedAt, version
       FROM experiences WHERE id IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(ids)) as ExperienceRow[];
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The standing rows (lib/verdicts) of these experiences: only those a verdict or a newer version
 * touched have one, so this reads experience_standing alone (no experience rows: the version shown
 * comes with the rows findExperiences reads). Named as StandingRow's fields.
 */
export const STANDING_SQL = (ids: string) => /* sql */ `SELECT ${standingColumns()} FROM experience_standing WHERE experience_id IN (${ids})`;

export function standingById(rows: StandingRow[]): Map<number, StandingRow> {
  return new Map(rows.map((row) => [Number(row.experienceId), row]));
}

export function findStanding(ids: readonly number[]): Map<number, StandingRow> {
  if (ids.length === 0) return new Map();
  return standingById(prepared(STANDING_SQL("SELECT value FROM json_each(?)")).all(JSON.stringify(ids)) as StandingRow[]);
}

/** Number of indexed experiences that contain the term (fts5vocab 'row' table, one b-tree seek). */
export function documentFrequency(term: string): number {
  const row = prepared(/* sql */ `SELECT doc FROM experience_vocab WHERE term = ?`).get(term) as { doc: number } | undefined;
  return row?.doc ?? 0;
}

/** Whether any indexed experience contains the term: one seek, however long its doclist. */
export function termExists(term: string): boolean {
  return prepared(/* sql */ `SELECT 1 FROM experience_fts WHERE experience_fts MATCH ? LIMIT 1`).get(ftsPhrase(term)) !== undefined;
}

/**
 * Changes whenever anything that search reads was written, by any connection or process: a counter
 * that triggers on experiences and resources move (migration 20261205000000_search_generation).
 * Search logs, content misses, keys and sessions do not move it, so one process's log flush does
 * not empty another's answer cache.
 */
export function indexGeneration(): string {
  const row = prepared(/* sql */ `SELECT value FROM search_meta WHERE key = 'generation'`).get() as { value: string } | undefined;
  return row?.value ?? "";
}

/** What cached search state belongs to: the open database (tests switch files). */
export function searchScope(): object {
  return getSqlite();
}

/**
 * Number of searchable (published) experiences. Summed from the per-resource counts the triggers
 * keep, so it reads one row per resource instead of one index entry per experience.
 */
export function countIndexed(): number {
  const row = prepared(/* sql */ `SELECT coalesce(sum(experience_count), 0) AS n FROM resources`).get() as { n: number };
  return row.n;
}

export function findResources(keys: readonly string[]): Map<string, ResourceRow> {
  const out = new Map<string, ResourceRow>();
  if (keys.length === 0) return out;
  const rows = prepared(
    /* sql */ `SELECT key, name, url, category, experience_count AS experienceCount,
              reporter_count AS reporterCount, score_sum AS scoreSum, score_1 AS score1, score_2 AS score2, score_3 AS score3, score_4 AS score4, score_5 AS score5,
              first_seen AS firstSeen, last_seen AS lastSeen
       FROM resources WHERE key IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(keys)) as ResourceRow[];
  for (const row of rows) out.set(row.key, row);
  return out;
}

/** FTS5 merges its many small segments into one: fewer segments to read per query. */
export function optimizeSearchIndex(db: Sqlite = getSqlite()): void {
  db.exec(/* sql */ `INSERT INTO experience_fts (experience_fts) VALUES ('optimize')`);
  db.exec(/* sql */ `PRAGMA optimize`);
}


/**
 * The analyzed fields of one resource's newest `max` published reports, on either engine (plain SQL
 * through lib/db over the (resource_key, status, created_at) index): what a resource's page scores
 * against a task.
 */
export async function findResourceCandidates(key: string, max: number): Promise<CandidateRow[]> {
  return await db().all<CandidateRow>(/* sql */ `SELECT e.id, e.resource_key AS "resourceKey", e.score,
       CASE WHEN e.key_id = '' THEN 'e:' || e.id ELSE 'k:' || e.key_id END AS reporter,
       e.search_name AS "sName", e.search_task AS "sTask", e.search_tips AS "sTips", e.search_outcome AS "sOutcome"
     FROM experiences e WHERE e.resource_key = @key AND e.status = 'published'
     ORDER BY e.created_at DESC, e.id DESC LIMIT @max`, { key, max });
}
