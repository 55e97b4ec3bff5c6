// The demand logs: every search (search_logs) and every GET of a content id that does not exist
// (content_misses). Signals of what agents wanted, read by the maintainers' insights; written in
// the background and pruned by age and count (prune-demand-logs.ts). This file owns both tables.
import { db } from "../db";

export type SearchLogEntry = {
  query: string;
  category: string;
  resultCount: number;
  abstained: boolean;
  latencyMs: number;
  createdAt: string;
  /** The API key that searched; '' (the default) for an anonymous search. Never a token. */
  keyId?: string;
  /** The answer's search_id ('' for searches logged before search ids existed). */
  searchId?: string;
  /** The answer's confidence: high | low | none. */
  confidence?: string;
  /** The resource keys shown, in order (confident ones first), and how many of them were confident. */
  shownKeys?: string[];
  confidentCount?: number;
  /** Who searched (client-id.ts): "k:" + key id, "d:" + a daily hash, or "" unknown. */
  clientId?: string;
};

/** Rows per INSERT statement: a batch of logs costs a few statements, not one per row. */
const ROWS_PER_INSERT = 100;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) out.push(rows.slice(i, i + ROWS_PER_INSERT));
  return out;
}

/** Inserts a batch of search-log rows (the caller's transaction, lib/db-background.ts). */
export async function insertSearchLogs(entries: SearchLogEntry[]): Promise<void> {
  for (const rows of chunks(entries)) {
    await db().run(
      /* sql */ `INSERT INTO search_logs (query, category, result_count, abstained, latency_ms, created_at, key_id, search_id,
         confidence, shown_keys, confident_count, client_id)
       VALUES ${rows.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
      rows.flatMap((row) => [
        row.query,
        row.category,
        row.resultCount,
        row.abstained,
        row.latencyMs,
        row.createdAt,
        row.keyId ?? "",
        row.searchId ?? "",
        row.confidence ?? "",
        JSON.stringify(row.shownKeys ?? []),
        row.confidentCount ?? 0,
        row.clientId ?? (row.keyId ? `k:${row.keyId}` : ""),
      ]),
    );
  }
}

/** A logged search as learning reads it (lib/learning): who searched, when, and what it answered. */
export type LoggedSearch = {
  searchId: string;
  query: string;
  keyId: string;
  confidence: string;
  shownKeys: string[];
  confidentCount: number;
  createdAt: string;
};

/** The logged searches with these search ids (through the search_id index); unknown ids are absent. */
export async function findSearchesById(searchIds: readonly string[]): Promise<Map<string, LoggedSearch>> {
  const out = new Map<string, LoggedSearch>();
  if (searchIds.length === 0) return out;
  const rows = await db().all<Omit<LoggedSearch, "shownKeys"> & { shownKeys: string }>(
    /* sql */ `SELECT search_id AS "searchId", query, key_id AS "keyId", confidence, shown_keys AS "shownKeys",
       confident_count AS "confidentCount", created_at AS "createdAt"
     FROM search_logs WHERE search_id IN (@ids)`,
    { ids: [...searchIds] },
  );
  for (const row of rows) out.set(row.searchId, { ...row, confidentCount: Number(row.confidentCount), shownKeys: parseKeys(row.shownKeys) });
  return out;
}

function parseKeys(text: string): string[] {
  try {
    const keys: unknown = JSON.parse(text);
    return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === "string") : [];
  } catch {
    return [];
  }
}

export type ContentMissEntry = { contentId: string; createdAt: string; clientId?: string };

export async function insertContentMisses(entries: ContentMissEntry[]): Promise<void> {
  for (const rows of chunks(entries)) {
    await db().run(
      /* sql */ `INSERT INTO content_misses (content_id, created_at, client_id) VALUES ${rows.map(() => "(?, ?, ?)").join(", ")}`,
      rows.flatMap((row) => [row.contentId, row.createdAt, row.clientId ?? ""]),
    );
  }
}

// Log retention (lib/demand-log/prune-demand-logs.ts decides when). Every DELETE is bounded, so one prune never
// holds the write lock for long; log tables do not move the search generation, so pruning them
// does not empty the answer cache.

/** Deletes up to `limit` of the oldest search-log rows written before `cutoff` (toDbTime), through the created_at index. */
export function deleteSearchLogsBefore(cutoff: string, limit: number): Promise<number> {
  return db().run(
    /* sql */ `DELETE FROM search_logs WHERE id IN
       (SELECT id FROM search_logs WHERE created_at < ? ORDER BY created_at LIMIT ?)`,
    [cutoff, limit],
  );
}

/**
 * Deletes up to `limit` of the oldest search-log rows beyond the newest `keep`. Ids are unique, so
 * the rows above max(id) - keep are at most `keep` (exactly `keep` unless an insert rolled back and
 * left a gap): one lookup of the largest id instead of a count of the table.
 */
export function deleteSearchLogsBeyond(keep: number, limit: number): Promise<number> {
  return db().run(
    /* sql */ `DELETE FROM search_logs WHERE id IN
       (SELECT id FROM search_logs WHERE id <= (SELECT max(id) FROM search_logs) - ? ORDER BY id LIMIT ?)`,
    [keep, limit],
  );
}

// Retention of content_misses (prune-demand-logs.ts decides when). The table has no index on
// created_at, but rows arrive in time order, so the oldest are the lowest ids: each DELETE looks at
// a bounded window at the start of the table and never scans it.

/** Deletes, among the `limit` oldest content misses, those recorded before `cutoff` (toDbTime). */
export function deleteContentMissesBefore(cutoff: string, limit: number): Promise<number> {
  return db().run(
    /* sql */ `DELETE FROM content_misses WHERE id IN (SELECT id FROM content_misses ORDER BY id LIMIT ?) AND created_at < ?`,
    [limit, cutoff],
  );
}

/** Deletes up to `limit` of the oldest content misses beyond the newest `keep` (see deleteSearchLogsBeyond). */
export function deleteContentMissesBeyond(keep: number, limit: number): Promise<number> {
  return db().run(
    /* sql */ `DELETE FROM content_misses WHERE id IN
         (SELECT id FROM content_misses WHERE id <= (SELECT max(id) FROM content_misses) - ? ORDER BY id LIMIT ?)`,
    [keep, limit],
  );
}
