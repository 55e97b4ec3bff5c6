// The only file that touches the database for content nodes and their revisions. Writes run inside
// transaction() (lib/db.ts: one writer at a time), so that read-compare-write of a node's revisions is one
// atomic step.
//
// The visible-revision model: content_revisions keeps every revision with its moderation status;
// the contents row shows the node's visible revision, its latest *published* one (title, body,
// sort_order, hash, author and updated_at copied from it, `revision` = its number), or nothing
// (revision 0, text blanked) while none is published. `latest_revision` numbers every revision.
// Public reads go through the *Visible* / *Published* queries below and never see anything else.
import { db, transaction } from "../db";
import { toDbTime } from "../db-time";
import type { TreeRow } from "./content-tree";

export type ContentRow = {
  id: string;
  rootId: string;
  parentId: string;
  title: string;
  body: string;
  sortOrder: number;
  /** The visible revision's number; 0 when no revision is published. */
  revision: number;
  /** The highest revision number ever submitted, whatever its status. */
  latestRevision: number;
  /** Whether only moderate keys may revise the node. */
  locked: boolean;
  contentHash: string;
  submittedBy: string;
  keyId: string;
  keyLabel: string;
  createdAt: string;
  updatedAt: string;
};

export type RevisionStatus = "published" | "pending" | "rejected" | "hidden";

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
  status: RevisionStatus;
  /** JSON array text: the screening findings that held it. */
  findings: string;
  statusReason: string;
  createdAt: string;
};

export type RevisionSummaryRow = Pick<RevisionRow, "revision" | "title" | "contentHash" | "submittedBy" | "keyId" | "keyLabel" | "createdAt">;

export type ContentLinkRow = { id: string; title: string };

const CONTENT_COLUMNS = /* sql */ `id, root_id AS "rootId", parent_id AS "parentId", title, body, sort_order AS "sortOrder",
  revision, latest_revision AS "latestRevision", locked, content_hash AS "contentHash", submitted_by AS "submittedBy",
  key_id AS "keyId", key_label AS "keyLabel", created_at AS "createdAt", updated_at AS "updatedAt"`;

const REVISION_COLUMNS = /* sql */ `content_id AS "contentId", revision, title, body, sort_order AS "sortOrder",
  content_hash AS "contentHash", submitted_by AS "submittedBy", key_id AS "keyId", key_label AS "keyLabel",
  status, findings, status_reason AS "statusReason", created_at AS "createdAt"`;

/** A node whatever its visibility (writers and maintainers). */
export async function findContent(id: string): Promise<ContentRow | null> {
  return (await db().get<ContentRow>(`SELECT ${CONTENT_COLUMNS} FROM contents WHERE id = ?`, [id])) ?? null;
}

/** The nearest locked node above `id` (its parent, the parent's parent...), or null. */
export async function findLockedAncestor(id: string): Promise<string | null> {
  const ancestors: string[] = [];
  for (let at = id.lastIndexOf("/"); at > 0; at = id.lastIndexOf("/", at - 1)) ancestors.push(id.slice(0, at));
  if (ancestors.length === 0) return null;
  const row = await db().get<{ id: string }>(`SELECT id FROM contents WHERE id IN (?) AND locked = TRUE ORDER BY length(id) DESC LIMIT 1`, [ancestors]);
  return row?.id ?? null;
}

// ---- Lookalike ids: contents.skeleton (find-lookalike-content.ts, fill-content-skeletons.ts). ----

/** A visible node (other than `exceptId`) whose id has one of these skeletons, or null. */
export async function findContentBySkeleton(skeletons: string[], exceptId: string): Promise<{ id: string; skeleton: string } | null> {
  const row = await db().get<{ id: string; skeleton: string }>(/* sql */ `SELECT id, skeleton FROM contents
       WHERE skeleton IN (?) AND id <> ? AND revision > 0 ORDER BY id LIMIT 1`, [skeletons, exceptId]);
  return row ?? null;
}

export async function hasContentWithoutSkeleton(): Promise<boolean> {
  return (await db().get(/* sql */ `SELECT 1 FROM contents WHERE skeleton = '' LIMIT 1`)) !== null;
}

/** Nodes whose skeleton is not computed yet, by id after `afterId` (keyset pages). */
export async function listContentIdsWithoutSkeleton(afterId: string, limit: number): Promise<string[]> {
  const rows = await db().all<{ id: string }>(/* sql */ `SELECT id FROM contents WHERE skeleton = '' AND id > ? ORDER BY id LIMIT ?`, [afterId, limit]);
  return rows.map((r) => r.id);
}

/** Sets skeletons not set yet, in one transaction; returns how many rows changed. */
export async function setContentSkeletons(rows: { id: string; skeleton: string }[]): Promise<number> {
  return transaction(async () => {
    let changed = 0;
    for (const row of rows) changed += await db().run(/* sql */ `UPDATE contents SET skeleton = ? WHERE id = ? AND skeleton = ''`, [row.skeleton, row.id]);
    return changed;
  });
}

/** A node the public may see: one with a published revision. */
export async function findVisibleContent(id: string): Promise<ContentRow | null> {
  return (await db().get<ContentRow>(`SELECT ${CONTENT_COLUMNS} FROM contents WHERE id = ? AND revision > 0`, [id])) ?? null;
}

/** One revision whatever its status (writers and maintainers). */
export async function findRevision(id: string, revision: number): Promise<RevisionRow | null> {
  return (
    (await db().get<RevisionRow>(`SELECT ${REVISION_COLUMNS} FROM content_revisions WHERE content_id = ? AND revision = ?`, [id, revision])) ?? null
  );
}

export async function findPublishedRevision(id: string, revision: number): Promise<RevisionRow | null> {
  return (
    (await db().get<RevisionRow>(`SELECT ${REVISION_COLUMNS} FROM content_revisions WHERE content_id = ? AND revision = ? AND status = 'published'`, [id, revision])) ?? null
  );
}

/** Every revision of a node, whatever its status (maintainers). */
export async function listRevisions(id: string): Promise<RevisionRow[]> {
  return await db().all<RevisionRow>(`SELECT ${REVISION_COLUMNS} FROM content_revisions WHERE content_id = ? ORDER BY revision`, [id]);
}

/** A node's published revisions without their bodies: a history lists them, and a body may be 200 KB. */
export async function listPublishedRevisionSummaries(id: string): Promise<RevisionSummaryRow[]> {
  return await db().all<RevisionSummaryRow>(
    /* sql */ `SELECT revision, title, content_hash AS "contentHash", submitted_by AS "submittedBy", key_id AS "keyId",
       key_label AS "keyLabel", created_at AS "createdAt"
     FROM content_revisions WHERE content_id = ? AND status = 'published' ORDER BY revision`,
    [id],
  );
}

export async function findContentLink(id: string): Promise<ContentLinkRow | null> {
  return (await db().get<ContentLinkRow>(`SELECT id, title FROM contents WHERE id = ? AND revision > 0`, [id])) ?? null;
}

export async function listChildren(parentId: string): Promise<ContentLinkRow[]> {
  return await db().all<ContentLinkRow>(`SELECT id, title FROM contents WHERE parent_id = ? AND revision > 0 ORDER BY sort_order, id`, [parentId]);
}

/**
 * The visible nodes under one root (the root's own row included), shallowest first, at most `max`:
 * a whole tree in one statement (lib/contents/content-tree.ts builds it). Ordering by depth keeps
 * every level above the cut whole when a root has more nodes than that.
 */
export async function listTreeNodes(rootId: string, max: number): Promise<TreeRow[]> {
  return await db().all<TreeRow>(
    /* sql */ `SELECT id, parent_id AS "parentId", title, sort_order AS "sortOrder" FROM contents
     WHERE root_id = @rootId AND revision > 0
     ORDER BY length(id) - length(replace(id, '/', '')), sort_order, id LIMIT @max`,
    { rootId, max },
  );
}

/** The visible ones among these ids, with their titles (breadcrumbs, cited pages). */
export async function listContentLinks(ids: string[]): Promise<ContentLinkRow[]> {
  if (ids.length === 0) return [];
  return await db().all<ContentLinkRow>(`SELECT id, title FROM contents WHERE id IN (@ids) AND revision > 0 ORDER BY id`, { ids });
}

/** Visible ids under one root (or every visible root id when rootId is null), for "did you mean" on a miss. */
export async function listIdsUnder(rootId: string | null, max: number): Promise<string[]> {
  const rows =
    rootId === null
      ? await db().all<{ id: string }>(`SELECT id FROM contents WHERE parent_id = '' AND revision > 0 ORDER BY id LIMIT ?`, [max])
      : await db().all<{ id: string }>(`SELECT id FROM contents WHERE root_id = ? AND revision > 0 ORDER BY id LIMIT ?`, [rootId, max]);
  return rows.map((r) => r.id);
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

/** How a new revision enters: published at once, or stored with a status and why (held, a restored backup). */
export type RevisionState = { status: RevisionStatus; findings: string; statusReason: string };

export const PUBLISHED_STATE: RevisionState = { status: "published", findings: "[]", statusReason: "" };

// How a revision is written, for every writer (writeContentNode below and lib/transfer's import).
// Parameters are named as the fields of NodeWrite plus @revision, @at (the revision's time, ISO
// 8601 from toDbTime), @status, @findings and @statusReason; @keyId and @keyLabel are the
// provenance ('' without a key). A revision numbered above the node's latest_revision is written as:
// insertNode (only for a new node: an invisible row, which content_revisions' foreign key needs),
// insertRevision, noteRevision, and showRevision when it is published (being the newest, it is
// then the latest published one, i.e. the visible revision). lockNode: a restored backup's lock.
export const CONTENT_WRITE_SQL = {
  insertNode: /* sql */ `INSERT INTO contents (id, root_id, parent_id, title, body, sort_order, revision, latest_revision,
      content_hash, submitted_by, key_id, key_label, created_at, updated_at)
    VALUES (@id, @rootId, @parentId, '', '', 0, 0, 0, '', '', '', '', @at, @at)`,
  insertRevision: /* sql */ `INSERT INTO content_revisions (content_id, revision, title, body, sort_order, content_hash,
      submitted_by, key_id, key_label, status, findings, status_reason, created_at)
    VALUES (@id, @revision, @title, @body, @sortOrder, @contentHash, @submittedBy, @keyId, @keyLabel, @status, @findings,
      @statusReason, @at)`,
  noteRevision: /* sql */ `UPDATE contents SET latest_revision = @revision WHERE id = @id`,
  showRevision: /* sql */ `UPDATE contents SET title = @title, body = @body, sort_order = @sortOrder, revision = @revision,
      content_hash = @contentHash, submitted_by = @submittedBy, key_id = @keyId, key_label = @keyLabel, updated_at = @at
    WHERE id = @id`,
  // No published revision: nothing of any revision's text stays on the row, so a query that forgot
  // `revision > 0` still shows nothing. updated_at falls back to created_at so that the row is a
  // function of the revisions alone (a restored backup gives the same row).
  hideNode: /* sql */ `UPDATE contents SET title = '', body = '', sort_order = 0, revision = 0, content_hash = '',
      submitted_by = '', key_id = '', key_label = '', updated_at = created_at
    WHERE id = @id`,
  lockNode: /* sql */ `UPDATE contents SET locked = TRUE WHERE id = @id`,
} as const;

/**
 * Writes the next revision of a node (latest_revision + 1; the node row is created when new) in
 * `state`. Call it inside transaction(), after deciding that a revision is due. Returns its number.
 */
export async function writeContentNode(node: NodeWrite, state: RevisionState, current: ContentRow | null): Promise<number> {
  const revision = (current?.latestRevision ?? 0) + 1;
  const values = { ...node, ...state, revision, at: toDbTime(node.at) };
  if (!current) await db().run(CONTENT_WRITE_SQL.insertNode, values);
  await db().run(CONTENT_WRITE_SQL.insertRevision, values);
  await db().run(CONTENT_WRITE_SQL.noteRevision, values);
  if (state.status === "published") await db().run(CONTENT_WRITE_SQL.showRevision, values);
  return revision;
}

export async function setRevisionStatus(id: string, revision: number, status: RevisionStatus, reason: string): Promise<void> {
  await db().run(/* sql */ `UPDATE content_revisions SET status = ?, status_reason = ? WHERE content_id = ? AND revision = ?`, [status, reason, id, revision]);
}

/**
 * Makes the node row show its latest published revision again (after a status change), or nothing.
 * Returns the visible revision's number (0: none).
 */
export async function refreshVisibleRevision(id: string): Promise<number> {
  const visible = await db().get<RevisionRow>(
    /* sql */ `SELECT ${REVISION_COLUMNS} FROM content_revisions
     WHERE content_id = ? AND status = 'published' ORDER BY revision DESC LIMIT 1`,
    [id],
  );
  if (!visible) {
    await db().run(CONTENT_WRITE_SQL.hideNode, { id });
    return 0;
  }
  await db().run(CONTENT_WRITE_SQL.showRevision, {
    id,
    title: visible.title,
    body: visible.body,
    sortOrder: visible.sortOrder,
    revision: visible.revision,
    contentHash: visible.contentHash,
    submittedBy: visible.submittedBy,
    keyId: visible.keyId,
    keyLabel: visible.keyLabel,
    at: visible.createdAt,
  });
  return Number(visible.revision);
}

export async function setContentLocked(id: string, locked: boolean): Promise<void> {
  await db().run(/* sql */ `UPDATE contents SET locked = ? WHERE id = ?`, [locked, id]);
}

