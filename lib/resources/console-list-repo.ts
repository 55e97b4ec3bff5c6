// The console's list of resources (/admin/resources): keyset pages in key order over the resources
// table, filtered by a substring of the name key or the description, with each row's held reports
// counted through the (resource_key, status, created_at) index. Every query has a LIMIT; a filter
// that matches few rows walks the primary key until the page is full.
import { db } from "../db";

export type ConsoleResourceRow = {
  key: string;
  name: string;
  category: string;
  description: string;
  experienceCount: number;
  held: number;
  pinned: boolean;
  lastSeen: string;
};

export async function listConsoleResources(opts: { pattern: string | null; heldOnly: boolean; after: string | null; limit: number }): Promise<ConsoleResourceRow[]> {
  const where: string[] = [];
  const params: Record<string, unknown> = { limit: opts.limit };
  if (opts.after !== null) {
    where.push("r.key > @after");
    params.after = opts.after;
  }
  if (opts.pattern !== null) {
    // Keys are already case-folded; lower() folds the description (ASCII only on SQLite).
    where.push(`(r.key LIKE @pattern ESCAPE '\\' OR lower(r.description) LIKE @pattern ESCAPE '\\')`);
    params.pattern = opts.pattern;
  }
  if (opts.heldOnly) where.push(`EXISTS (SELECT 1 FROM experiences h WHERE h.resource_key = r.key AND h.status = 'pending')`);
  const rows = await db().all<ConsoleResourceRow>(
    /* sql */ `SELECT r.key, r.name, r.category, r.description, r.experience_count AS "experienceCount",
       (SELECT COUNT(*) FROM experiences h WHERE h.resource_key = r.key AND h.status = 'pending') AS held,
       CASE WHEN r.pinned_url IS NOT NULL OR r.pinned_category IS NOT NULL THEN TRUE ELSE FALSE END AS pinned,
       r.last_seen AS "lastSeen"
     FROM resources r ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
     ORDER BY r.key LIMIT @limit`,
    params,
  );
  return rows.map((r) => ({ ...r, experienceCount: Number(r.experienceCount), held: Number(r.held), pinned: Boolean(r.pinned) }));
}
