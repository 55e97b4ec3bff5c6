// SQL of the moderation domain: the queue's read model over experiences and content revisions, and
// status changes of experiences. Content revisions change status through lib/contents (their node's
// visible revision must follow).
import { getSqlite } from "../db";
import { toDbTime } from "../db-time";
import type { ItemStatus } from "./schema";

export type ExperienceItemRow = {
  id: number;
  resourceKey: string;
  name: string;
  task: string;
  score: number;
  outcome: string;
  tips: string;
  submittedBy: string;
  keyId: string;
  keyLabel: string;
  status: ItemStatus;
  statusReason: string;
  findings: string;
  createdAt: string;
};

export type RevisionItemRow = {
  contentId: string;
  revision: number;
  title: string;
  body: string;
  submittedBy: string;
  keyId: string;
  keyLabel: string;
  status: ItemStatus;
  statusReason: string;
  findings: string;
  createdAt: string;
};

const EXPERIENCE_ITEM = /* sql */ `e.id, e.resource_key AS resourceKey, COALESCE(r.name, e.name) AS name, e.task, e.score,
  e.outcome, e.tips, e.submitted_by AS submittedBy, e.key_id AS keyId, e.key_label AS keyLabel, e.status,
  e.status_reason AS statusReason, e.findings, e.created_at AS createdAt`;

const REVISION_ITEM = /* sql */ `v.content_id AS contentId, v.revision, v.title, v.body, v.submitted_by AS submittedBy,
  v.key_id AS keyId, v.key_label AS keyLabel, v.status, v.status_reason AS statusReason, v.findings, v.created_at AS createdAt`;

export function findExperienceItem(id: number): ExperienceItemRow | null {
  return (
    (getSqlite()
      .prepare(`SELECT ${EXPERIENCE_ITEM} FROM experiences e LEFT JOIN resources r ON r.key = e.resource_key WHERE e.id = ?`)
      .get(id) as ExperienceItemRow) ?? null
  );
}

export function findRevisionItem(contentId: string, revision: number): RevisionItemRow | null {
  return (
    (getSqlite()
      .prepare(`SELECT ${REVISION_ITEM} FROM content_revisions v WHERE v.content_id = ? AND v.revision = ?`)
      .get(contentId, revision) as RevisionItemRow) ?? null
  );
}

export function setExperienceStatus(id: number, status: ItemStatus, reason: string, at: Date): void {
  getSqlite()
    .prepare(`UPDATE experiences SET status = ?, status_reason = ?, updated_at = ? WHERE id = ?`)
    .run(status, reason, toDbTime(at), id);
}

export type QueueFilter = {
  statuses: ItemStatus[];
  types: ("experience" | "content_revision")[];
  finding: string | null;
  resourceKey: string | null;
  keyId: string | null;
  limit: number;
  offset: number;
};

/** Experiences and revisions in one list, newest first. */
export type QueueRow = { type: "experience"; row: ExperienceItemRow } | { type: "content_revision"; row: RevisionItemRow };

export function listQueueRows(filter: QueueFilter): QueueRow[] {
  const db = getSqlite();
  const params = {
    statuses: JSON.stringify(filter.statuses),
    finding: filter.finding ? `%"kind":"${filter.finding.replace(/[^a-z_]/g, "")}"%` : null,
    resourceKey: filter.resourceKey,
    keyId: filter.keyId,
    limit: filter.limit,
    offset: filter.offset,
  };
  const parts: string[] = [];
  if (filter.types.includes("experience")) {
    parts.push(/* sql */ `SELECT 'experience' AS type, CAST(id AS TEXT) AS ref, created_at FROM experiences
      WHERE status IN (SELECT value FROM json_each(@statuses))
        AND (@finding IS NULL OR findings LIKE @finding) AND (@resourceKey IS NULL OR resource_key = @resourceKey)
        AND (@keyId IS NULL OR key_id = @keyId)`);
  }
  if (filter.types.includes("content_revision") && filter.resourceKey === null) {
    parts.push(/* sql */ `SELECT 'content_revision' AS type, content_id || '@' || revision AS ref, created_at FROM content_revisions
      WHERE status IN (SELECT value FROM json_each(@statuses))
        AND (@finding IS NULL OR findings LIKE @finding) AND (@keyId IS NULL OR key_id = @keyId)`);
  }
  if (parts.length === 0) return [];
  const refs = db
    .prepare(`${parts.join(" UNION ALL ")} ORDER BY created_at DESC, ref DESC LIMIT @limit OFFSET @offset`)
    .all(params) as { type: "experience" | "content_revision"; ref: string }[];
  return refs.flatMap((ref): QueueRow[] => {
    if (ref.type === "experience") {
      const row = findExperienceItem(Number(ref.ref));
      return row ? [{ type: "experience" as const, row }] : [];
    }
    const at = ref.ref.lastIndexOf("@");
    const row = findRevisionItem(ref.ref.slice(0, at), Number(ref.ref.slice(at + 1)));
    return row ? [{ type: "content_revision" as const, row }] : [];
  });
}

export function countByStatus(): Record<ItemStatus, number> {
  const rows = getSqlite()
    .prepare(
      /* sql */ `SELECT status, SUM(n) AS n FROM (
         SELECT status, COUNT(*) AS n FROM experiences GROUP BY status
         UNION ALL SELECT status, COUNT(*) AS n FROM content_revisions GROUP BY status)
       GROUP BY status`,
    )
    .all() as { status: ItemStatus; n: number }[];
  const counts: Record<ItemStatus, number> = { published: 0, pending: 0, rejected: 0, hidden: 0 };
  for (const row of rows) if (row.status in counts) counts[row.status] = Number(row.n);
  return counts;
}

/** Everything one key wrote that is in one of `statuses`: experience ids and content revisions. */
export function listKeyItems(keyId: string, statuses: ItemStatus[]): { experiences: number[]; revisions: { contentId: string; revision: number }[] } {
  const db = getSqlite();
  const json = JSON.stringify(statuses);
  const experiences = (
    db.prepare(`SELECT id FROM experiences WHERE key_id = ? AND status IN (SELECT value FROM json_each(?)) ORDER BY id`).all(keyId, json) as { id: number }[]
  ).map((r) => r.id);
  const revisions = db
    .prepare(
      `SELECT content_id AS contentId, revision FROM content_revisions
       WHERE key_id = ? AND status IN (SELECT value FROM json_each(?)) ORDER BY content_id, revision`,
    )
    .all(keyId, json) as { contentId: string; revision: number }[];
  return { experiences, revisions };
}

/** The resource's other published reports, best match for comparison: newest first. */
export function listOtherExperiences(resourceKey: string, exceptId: number, limit: number): ExperienceItemRow[] {
  return getSqlite()
    .prepare(
      `SELECT ${EXPERIENCE_ITEM} FROM experiences e LEFT JOIN resources r ON r.key = e.resource_key
       WHERE e.resource_key = ? AND e.id <> ? AND e.status = 'published' ORDER BY e.created_at DESC, e.id DESC LIMIT ?`,
    )
    .all(resourceKey, exceptId, limit) as ExperienceItemRow[];
}

export function findVisibleRevision(contentId: string): { title: string; body: string; revision: number } | null {
  return (
    (getSqlite().prepare(`SELECT title, body, revision FROM contents WHERE id = ? AND revision > 0`).get(contentId) as {
      title: string;
      body: string;
      revision: number;
    }) ?? null
  );
}

// ---- Insights: the demand nobody serves yet, and who gets flagged. ----

export function topAbstainedSearches(since: Date, limit: number): { query: string; count: number }[] {
  return getSqlite()
    .prepare(
      /* sql */ `SELECT query, COUNT(*) AS count FROM search_logs WHERE abstained = 1 AND created_at >= ?
       GROUP BY query ORDER BY count DESC, query LIMIT ?`,
    )
    .all(toDbTime(since), limit) as { query: string; count: number }[];
}

export function topContentMisses(since: Date, limit: number): { content_id: string; count: number }[] {
  return getSqlite()
    .prepare(
      /* sql */ `SELECT content_id, COUNT(*) AS count FROM content_misses WHERE created_at >= ?
       GROUP BY content_id ORDER BY count DESC, content_id LIMIT ?`,
    )
    .all(toDbTime(since), limit) as { content_id: string; count: number }[];
}

export function keyModerationShares(): { keyId: string; label: string; total: number; flagged: number; removed: number }[] {
  return getSqlite()
    .prepare(
      /* sql */ `SELECT key_id AS keyId, MAX(key_label) AS label, COUNT(*) AS total,
         SUM(findings <> '[]') AS flagged, SUM(status IN ('hidden', 'rejected')) AS removed
       FROM (SELECT key_id, key_label, findings, status FROM experiences WHERE key_id <> ''
             UNION ALL SELECT key_id, key_label, findings, status FROM content_revisions WHERE key_id <> '')
       GROUP BY key_id ORDER BY removed * 1.0 / total DESC, total DESC`,
    )
    .all() as { keyId: string; label: string; total: number; flagged: number; removed: number }[];
}
