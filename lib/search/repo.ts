// The only file that touches the database for search. Raw SQL: FTS5 has no Prisma equivalent.
import { getSqlite } from "../db";
import type { ResourceRow } from "../resources/serialize";
import type { ExperienceRow } from "../experiences/serialize";

export type CandidateRow = ExperienceRow & { resourceKey: string; rank: number };

// bm25 column weights, in the FTS column order: name, task, tips, outcome.
const WEIGHTS = [4.0, 3.0, 1.5, 1.0];

/** FTS5 query text: each term quoted, so user text can never be read as FTS syntax. */
export function ftsOr(terms: string[]): string {
  return terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(" OR ");
}

export function findCandidates(match: string, category: string, max: number): CandidateRow[] {
  const sql = /* sql */ `
    SELECT e.id, e.name, e.url, e.category, e.task, e.score, e.outcome, e.tips,
           e.content_id AS contentId, e.submitted_by AS submittedBy, e.status,
           e.created_at AS createdAt, e.updated_at AS updatedAt, e.resource_key AS resourceKey,
           bm25(experience_fts, ${WEIGHTS.join(", ")}) AS rank
    FROM experience_fts
    JOIN experiences e ON e.id = experience_fts.rowid
    ${category ? "JOIN resources r ON r.key = e.resource_key AND r.category = @category" : ""}
    WHERE experience_fts MATCH @match
    ORDER BY rank
    LIMIT @max`;
  return getSqlite().prepare(sql).all({ match, category, max }) as CandidateRow[];
}

export function findSearchFields(ids: number[]): Map<number, { name: string; task: string; tips: string; outcome: string }> {
  const out = new Map<number, { name: string; task: string; tips: string; outcome: string }>();
  if (ids.length === 0) return out;
  const rows = getSqlite()
    .prepare(
      /* sql */ `SELECT id, search_name AS name, search_task AS task, search_tips AS tips, search_outcome AS outcome
       FROM experiences WHERE id IN (${ids.map(() => "?").join(",")})`,
    )
    .all(...ids) as { id: number; name: string; task: string; tips: string; outcome: string }[];
  for (const row of rows) out.set(row.id, row);
  return out;
}

export function findResources(keys: string[]): Map<string, ResourceRow> {
  const out = new Map<string, ResourceRow>();
  if (keys.length === 0) return out;
  const rows = getSqlite()
    .prepare(
      /* sql */ `SELECT key, name, url, category, experience_count AS experienceCount, score_sum AS scoreSum,
              score_1 AS score1, score_2 AS score2, score_3 AS score3, score_4 AS score4, score_5 AS score5,
              first_seen AS firstSeen, last_seen AS lastSeen
       FROM resources WHERE key IN (${keys.map(() => "?").join(",")})`,
    )
    .all(...keys) as ResourceRow[];
  for (const row of rows) out.set(row.key, row);
  return out;
}

export type SearchLogEntry = {
  query: string;
  category: string;
  resultCount: number;
  abstained: boolean;
  latencyMs: number;
  createdAt: string;
};

export function insertSearchLogs(entries: SearchLogEntry[]): void {
  if (entries.length === 0) return;
  const db = getSqlite();
  const insert = db.prepare(
    /* sql */ `INSERT INTO search_logs (query, category, result_count, abstained, latency_ms, created_at)
     VALUES (@query, @category, @resultCount, @abstained, @latencyMs, @createdAt)`,
  );
  db.transaction((rows: SearchLogEntry[]) => {
    for (const row of rows) insert.run({ ...row, abstained: row.abstained ? 1 : 0 });
  })(entries);
}
