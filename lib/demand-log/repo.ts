// The demand logs: every search (search_logs) and every GET of a content id that does not exist
// (content_misses). Signals of what agents wanted, read by the maintainers' insights; written in
// the background and pruned by age and count (prune-demand-logs.ts). This file owns both tables.
import { getSqlite } from "../db";

export type SearchLogEntry = {
  query: string;
  category: string;
  resultCount: number;
  abstained: boolean;
  latencyMs: number;
  createdAt: string;
  /** The API key that searched; '' (the default) for an anonymous search. Never a token. */
  keyId?: string;
};

export function insertSearchLogs(entries: SearchLogEntry[]): void {
  if (entries.length === 0) return;
  const db = getSqlite();
  const insert = db.prepare(
    /* sql */ `INSERT INTO search_logs (query, category, result_count, abstained, latency_ms, created_at, key_id)
     VALUES (@query, @category, @resultCount, @abstained, @latencyMs, @createdAt, @keyId)`,
  );
  db.transaction((rows: SearchLogEntry[]) => {
    for (const row of rows) insert.run({ ...row, abstained: row.abstained ? 1 : 0, keyId: row.keyId ?? "" }).changes;
  })(entries);
}

export type ContentMissEntry = { contentId: string; createdAt: string };

export function insertContentMisses(entries: ContentMissEntry[]): void {
  if (entries.length === 0) return;
  const db = getSqlite();
  const insert = db.prepare(/* sql */ `INSERT INTO content_misses (content_id, created_at) VALUES (@contentId, @createdAt)`);
  db.transaction((rows: ContentMissEntry[]) => {
    for (const row of rows) insert.run(row);
  })(entries);
}

// Log retention (lib/demand-log/prune-demand-logs.ts decides when). Every DELETE is bounded, so one prune never
// holds the write lock for long; log tables do not move the search generation, so pruning them
// does not empty the answer cache.

/** Deletes up to `limit` of the oldest search-log rows written before `cutoff` (toDbTime), through the created_at index. */
export function deleteSearchLogsBefore(cutoff: string, limit: number): number {
  const { changes } = getSqlite().prepare(
    /* sql */ `DELETE FROM search_logs WHERE id IN
       (SELECT id FROM search_logs WHERE created_at < ? ORDER BY created_at LIMIT ?)`,
  ).run(cutoff, limit);
  return changes;
}

/**
 * Deletes up to `limit` of the oldest search-log rows beyond the newest `keep`. Ids are unique, so
 * the rows above max(id) - keep are at most `keep` (exactly `keep` unless an insert rolled back and
 * left a gap): one lookup of the largest id instead of a count of the table.
 */
export function deleteSearchLogsBeyond(keep: number, limit: number): number {
  const { changes } = getSqlite().prepare(
    /* sql */ `DELETE FROM search_logs WHERE id IN
       (SELECT id FROM search_logs WHERE id <= (SELECT max(id) FROM search_logs) - ? ORDER BY id LIMIT ?)`,
  ).run(keep, limit);
  return changes;
}

// Retention of content_misses (prune-demand-logs.ts decides when). The table has no index on
// created_at, but rows arrive in time order, so the oldest are the lowest ids: each DELETE looks at
// a bounded window at the start of the table and never scans it.

/** Deletes, among the `limit` oldest content misses, those recorded before `cutoff` (toDbTime). */
export function deleteContentMissesBefore(cutoff: string, limit: number): number {
  return getSqlite()
    .prepare(
      /* sql */ `DELETE FROM content_misses WHERE id IN (SELECT id FROM content_misses ORDER BY id LIMIT ?) AND created_at < ?`,
    )
    .run(limit, cutoff).changes;
}

/** Deletes up to `limit` of the oldest content misses beyond the newest `keep` (see deleteSearchLogsBeyond). */
export function deleteContentMissesBeyond(keep: number, limit: number): number {
  return getSqlite()
    .prepare(
      /* sql */ `DELETE FROM content_misses WHERE id IN
         (SELECT id FROM content_misses WHERE id <= (SELECT max(id) FROM content_misses) - ? ORDER BY id LIMIT ?)`,
    )
    .run(keep, limit).changes;
}
