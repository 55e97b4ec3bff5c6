// The only file that touches the database for content nodes and their revisions. Writes use the raw
// handle's BEGIN IMMEDIATE so that read-compare-write of a node's revision is one atomic step.
import { getSqlite } from "../db";
import { toDbTime } from "../db-time";

export type ContentRow = {
  id: string;
  rootId: string;
  parentId: string;
  title: string;
  body: string;
  sortOrder: number;
  revision: number;
  contentHash: string;
  submittedBy: string;
  keyId: string;
  keyLabel: string;
  createdAt: string;
  updatedAt: string;
};

export type RevisionRow = {
  contentId: string;
  revision: number;
  title: string;
  body: string;
  sortOrder: number;
  contentHash: string;
  submittedBy: string;
  keyId: string;
  keyLabel: string;
  createdAt: string;
};

export type ContentLinkRow = { id: string; title: string };

const CONTENT_COLUMNS = /* sql */ `id, root_id AS rootId, parent_id AS parentId, title, body, sort_order AS sortOrder,
  revision, content_hash AS contentHash, submitted_by AS submittedBy, key_id AS keyId, key_label AS keyLabel, created_at AS createdAt, updated_at AS updatedAt`;

const REVISION_COLUMNS = /* sql */ `content_id AS contentId, revision, title, body, sort_order AS sortOrder,
  content_hash AS contentHash, submitted_by AS submittedBy, key_id AS keyId, key_label AS keyLabel, created_at AS createdAt`;

export function findContent(id: string): ContentRow | null {
  return (getSqlite().prepare(`SELECT ${CONTENT_COLUMNS} FROM contents WHERE id = ?`).get(id) as ContentRow) ?? null;
}

export function findRevision(id: string, revision: number): RevisionRow | null {
  return (
    (getSqlite()
      .prepare(`SELECT ${REVISION_COLUMNS} FROM content_revisions WHERE content_id = ? AND revision = ?`)
      .get(id, revision) as RevisionRow) ?? null
  );
}

export function listRevisions(id: string): RevisionRow[] {
  return getSqlite()
    .prepare(`SELECT ${REVISION_COLUMNS} FROM content_revisions WHERE content_id = ? ORDER BY revision`)
    .all(id) as RevisionRow[];
}

export function findContentLink(id: string): ContentLinkRow | null {
  return (getSqlite().prepare(`SELECT id, title FROM contents WHERE id = ?`).get(id) as ContentLinkRow) ?? null;
}

export function listChildren(parentId: string): ContentLinkRow[] {
  return getSqlite()
    .prepare(`SELECT id, title FROM contents WHERE parent_id = ? ORDER BY sort_order, id`)
    .all(parentId) as ContentLinkRow[];
}

/** The siblings just before and after a node in (sort_order, id) order. */
export function findSiblings(node: { parentId: string; sortOrder: number; id: string }): {
  prev: ContentLinkRow | null;
  next: ContentLinkRow | null;
} {
  const db = getSqlite();
  const prev = db
    .prepare(
      /* sql */ `SELECT id, title FROM contents WHERE parent_id = @parentId AND (sort_order, id) < (@sortOrder, @id)
       ORDER BY sort_order DESC, id DESC LIMIT 1`,
    )
    .get(node) as ContentLinkRow | undefined;
  const next = db
    .prepare(
      /* sql */ `SELECT id, title FROM contents WHERE parent_id = @parentId AND (sort_order, id) > (@sortOrder, @id)
       ORDER BY sort_order, id LIMIT 1`,
    )
    .get(node) as ContentLinkRow | undefined;
  return { prev: prev ?? null, next: next ?? null };
}

/** Ids under one root (or every root id when rootId is null), for "did you mean" on a miss. */
export function listIdsUnder(rootId: string | null, max: number): string[] {
  const db = getSqlite();
  const rows = (
    rootId === null
      ? db.prepare(`SELECT id FROM contents WHERE parent_id = '' LIMIT ?`).all(max)
      : db.prepare(`SELECT id FROM contents WHERE root_id = ? LIMIT ?`).all(rootId, max)
  ) as { id: string }[];
  return rows.map((r) => r.id);
}

export function insertContentMiss(id: string, at: Date): void {
  getSqlite().prepare(`INSERT INTO content_misses (content_id, created_at) VALUES (?, ?)`).run(id, toDbTime(at));
}

export type NodeWrite = {
  id: string;
  rootId: string;
  parentId: string;
  title: string;
  body: string;
  sortOrder: number;
  contentHash: string;
  submittedBy: string;
  keyId: string;
  keyLabel: string;
  at: Date;
};

// How a revision is written, for every writer (the API below and lib/transfer's import): the node
// row always holds its latest revision, content_revisions every revision. Parameters are named as
// the fields of NodeWrite plus @revision and @at (the revision's time, ISO 8601 from toDbTime);
// @keyId and @keyLabel are the provenance ('' without a key).
export const CONTENT_WRITE_SQL = {
  insertNode: /* sql */ `INSERT INTO contents (id, root_id, parent_id, title, body, sort_order, revision, content_hash,
      submitted_by, key_id, key_label, created_at, updated_at)
    VALUES (@id, @rootId, @parentId, @title, @body, @sortOrder, @revision, @contentHash, @submittedBy, @keyId, @keyLabel, @at, @at)`,
  advanceNode: /* sql */ `UPDATE contents SET title = @title, body = @body, sort_order = @sortOrder, revision = @revision,
      content_hash = @contentHash, submitted_by = @submittedBy, key_id = @keyId, key_label = @keyLabel, updated_at = @at
    WHERE id = @id`,
  insertRevision: /* sql */ `INSERT INTO content_revisions (content_id, revision, title, body, sort_order, content_hash,
      submitted_by, key_id, key_label, created_at)
    VALUES (@id, @revision, @title, @body, @sortOrder, @contentHash, @submittedBy, @keyId, @keyLabel, @at)`,
} as const;

/**
 * Writes a node: a new node gets revision 1; a changed one gets the next revision (the old text
 * stays in content_revisions); an identical one is left alone.
 */
export function writeContentNode(node: NodeWrite): { status: "created" | "updated" | "unchanged"; row: ContentRow } {
  const db = getSqlite();
  const at = toDbTime(node.at);
  const run = db.transaction(() => {
    const current = findContent(node.id);
    if (
      current &&
      current.contentHash === node.contentHash &&
      current.title === node.title &&
      current.sortOrder === node.sortOrder
    ) {
      return { status: "unchanged" as const, row: current };
    }
    const revision = current ? current.revision + 1 : 1;
    const values = { ...node, revision, at };
    db.prepare(current ? CONTENT_WRITE_SQL.advanceNode : CONTENT_WRITE_SQL.insertNode).run(values);
    db.prepare(CONTENT_WRITE_SQL.insertRevision).run(values);
    return { status: current ? ("updated" as const) : ("created" as const), row: findContent(node.id)! };
  });
  return run.immediate();
}

// Retention of content_misses (lib/search/log-search.ts decides when). The table has no index on
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
