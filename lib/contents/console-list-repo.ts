// The console's list of content nodes (/admin/content): keyset pages in id order over contents,
// filtered by a substring of the id or title, a root, locked nodes, or nodes with held revisions,
// each row counting its held revisions through the revisions' primary key (content_id, revision).
// Every query has a LIMIT.
import { db } from "../db";

export type ConsoleContentRow = {
  id: string;
  rootId: string;
  title: string;
  locked: boolean;
  revision: number;
  latestRevision: number;
  held: number;
  updatedAt: string;
};

export async function listConsoleContents(opts: {
  pattern: string | null;
  root: string | null;
  status: "all" | "locked" | "held";
  after: string | null;
  limit: number;
}): Promise<ConsoleContentRow[]> {
  const where: string[] = [];
  const params: Record<string, unknown> = { limit: opts.limit };
  if (opts.after !== null) {
    where.push("c.id > @after");
    params.after = opts.after;
  }
  if (opts.pattern !== null) {
    // Ids are matched as written (case matters in ids); titles case-folded (ASCII only on SQLite).
    where.push(`(c.id LIKE @pattern ESCAPE '\\' OR lower(c.title) LIKE lower(@pattern) ESCAPE '\\')`);
    params.pattern = opts.pattern;
  }
  if (opts.root !== null) {
    where.push("c.root_id = @root");
    params.root = opts.root;
  }
  if (opts.status === "locked") where.push("c.locked = TRUE");
  if (opts.status === "held") where.push(`EXISTS (SELECT 1 FROM content_revisions h WHERE h.content_id = c.id AND h.status = 'pending')`);
  const rows = await db().all<ConsoleContentRow>(
    /* sql */ `SELECT c.id, c.root_id AS "rootId", c.title, c.locked, c.revision, c.latest_revision AS "latestRevision",
       (SELECT COUNT(*) FROM content_revisions h WHERE h.content_id = c.id AND h.status = 'pending') AS held,
       c.updated_at AS "updatedAt"
     FROM contents c ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
     ORDER BY c.id LIMIT @limit`,
    params,
  );
  return rows.map((r) => ({
    ...r,
    locked: Boolean(Number(r.locked)),
    revision: Number(r.revision),
    latestRevision: Number(r.latestRevision),
    held: Number(r.held),
  }));
}
