// SQL of the moderation domain: the queue's read model over experiences and content revisions, and
// status changes of experiences. Content revisions change status through lib/contents (their node's
// visible revision must follow).
import { db } from "../db";
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

const EXPERIENCE_ITEM = /* sql */ `e.id, e.resource_key AS "resourceKey", COALESCE(r.name, e.name) AS name, e.task, e.score,
  e.outcome, e.tips, e.submitted_by AS "submittedBy", e.key_id AS "keyId", e.key_label AS "keyLabel", e.status,
  e.status_reason AS "statusReason", e.findings, e.created_at AS "createdAt"`;

const REVISION_ITEM = /* sql */ `v.content_id AS "contentId", v.revision, v.title, v.body, v.submitted_by AS "submittedBy",
  v.key_id AS "keyId", v.key_label AS "keyLabel", v.status, v.status_reason AS "statusReason", v.findings, v.created_at AS "createdAt"`;

export async function findExperienceItem(id: number): Promise<ExperienceItemRow | null> {
  return (
    (await db().get<ExperienceItemRow>(`SELECT ${EXPERIENCE_ITEM} FROM experiences e LEFT JOIN resources r ON r.key = e.resource_key WHERE e.id = ?`, [id])) ?? null
  );
}

export async function findRevisionItem(contentId: string, revision: number): Promise<RevisionItemRow | null> {
  return (
    (await db().get<RevisionItemRow>(`SELECT ${REVISION_ITEM} FROM content_revisions v WHERE v.content_id = ? AND v.revision = ?`, [contentId, revision])) ?? null
  );
}

export async function setExperienceStatus(id: number, status: ItemStatus, reason: string, at: Date): Promise<void> {
  await db().run(`UPDATE experiences SET status = ?, status_reason = ?, updated_at = ? WHERE id = ?`, [status, reason, toDbTime(at), id]);
}

export type FlagItemRow = {
  experienceId: number;
  keyId: string;
  keyLabel: string;
  reason: string;
  detail: string;
  verdictStatus: string;
  createdAt: string;
  resourceKey: string;
  name: string;
  task: string;
  outcome: string;
  tips: string;
  experienceStatus: ItemStatus;
};

// A flag's status as the queue reads it (schema.ts ITEM_TYPES).
export const FLAG_QUEUE_STATUS = /* sql */ `CASE v.status WHEN 'pending' THEN 'pending' WHEN 'upheld' THEN 'published' ELSE 'rejected' END`;
export const QUEUED_FLAGS = /* sql */ `v.verdict = 'flag' AND v.reason IN ('unsafe', 'spam') AND v.status IN ('pending', 'upheld', 'dismissed')`;

export async function findFlagItem(experienceId: number, keyId: string): Promise<FlagItemRow | null> {
  return (
    (await db().get<FlagItemRow>(
      /* sql */ `SELECT v.experience_id AS "experienceId", v.key_id AS "keyId", v.key_label AS "keyLabel", v.reason, v.detail,
         v.status AS "verdictStatus", v.updated_at AS "createdAt", e.resource_key AS "resourceKey", COALESCE(r.name, e.name) AS name,
         e.task, e.outcome, e.tips, e.status AS "experienceStatus"
       FROM experience_verdicts v JOIN experiences e ON e.id = v.experience_id LEFT JOIN resources r ON r.key = e.resource_key
       WHERE v.experience_id = ? AND v.key_id = ? AND ${QUEUED_FLAGS}`,
      [experienceId, keyId],
    )) ?? null
  );
}

export async function countByStatus(): Promise<Record<ItemStatus, number>> {
  const rows = await db().all<{ status: ItemStatus; n: number }>(/* sql */ `SELECT status, SUM(n) AS n FROM (
         SELECT status, COUNT(*) AS n FROM experiences GROUP BY status
         UNION ALL SELECT status, COUNT(*) AS n FROM content_revisions GROUP BY status
         UNION ALL SELECT ${FLAG_QUEUE_STATUS} AS status, COUNT(*) AS n FROM experience_verdicts v WHERE ${QUEUED_FLAGS} GROUP BY v.status) AS counts
       GROUP BY status`);
  const counts: Record<ItemStatus, number> = { published: 0, pending: 0, rejected: 0, hidden: 0 };
  for (const row of rows) if (row.status in counts) counts[row.status] = Number(row.n);
  return counts;
}

/** Everything one key wrote that is in one of `statuses`: experience ids and content revisions. */
export async function listKeyItems(keyId: string, statuses: ItemStatus[]): Promise<{ experiences: number[]; revisions: { contentId: string; revision: number }[] }> {
  const experiences = (await db().all<{ id: number }>(`SELECT id FROM experiences WHERE key_id = ? AND status IN (?) ORDER BY id`, [keyId, statuses])).map((r) => r.id);
  const revisions = await db().all<{ contentId: string; revision: number }>(
    `SELECT content_id AS "contentId", revision FROM content_revisions
     WHERE key_id = ? AND status IN (?) ORDER BY content_id, revision`,
    [keyId, statuses],
  );
  return { experiences, revisions };
}

/** The resource's other published reports, best match for comparison: newest first. */
export async function listOtherExperiences(resourceKey: string, exceptId: number, limit: number): Promise<ExperienceItemRow[]> {
  return await db().all<ExperienceItemRow>(`SELECT ${EXPERIENCE_ITEM} FROM experiences e LEFT JOIN resources r ON r.key = e.resource_key
       WHERE e.resource_key = ? AND e.id <> ? AND e.status = 'published' ORDER BY e.created_at DESC, e.id DESC LIMIT ?`, [resourceKey, exceptId, limit]);
}

export async function findVisibleRevision(contentId: string): Promise<{ title: string; body: string; revision: number } | null> {
  return (
    (await db().get<{
      title: string;
      body: string;
      revision: number;
    }>(`SELECT title, body, revision FROM contents WHERE id = ? AND revision > 0`, [contentId])) ?? null
  );
}

// ---- Insights: the demand nobody serves yet, and who gets flagged. ----

/** A demand row: how often, and by how many clients (search_logs.client_id; unknown callers count as one). */
export type DemandRow = { searches: number; clients: number };

// Distinct clients: the known ones, plus one for all the lines whose client is unknown (logged
// before client ids, or by a caller with neither key nor address): a lower bound, never a count of loads.
const CLIENTS = /* sql */ `COUNT(DISTINCT CASE WHEN client_id <> '' THEN client_id END) + MAX(CASE WHEN client_id = '' THEN 1 ELSE 0 END)`;

/**
 * The searches of the period that confidently answered nothing: `found: "nothing"` found no lead at
 * all (confidence none, or not recorded), `found: "weak"` only weak leads (confidence low). Most
 * clients first. Through the created_at index.
 */
export async function topUnansweredSearches(since: Date, limit: number, found: "nothing" | "weak"): Promise<({ query: string } & DemandRow)[]> {
  const which = found === "weak" ? `confidence = 'low'` : `confidence <> 'low'`;
  return await db().all<{ query: string } & DemandRow>(/* sql */ `SELECT query, COUNT(*) AS searches, ${CLIENTS} AS clients
       FROM search_logs WHERE abstained = TRUE AND ${which} AND created_at >= ?
       GROUP BY query ORDER BY clients DESC, searches DESC, query LIMIT ?`, [toDbTime(since), limit]);
}

export async function topContentMisses(since: Date, limit: number): Promise<({ content_id: string } & DemandRow)[]> {
  return await db().all<{ content_id: string } & DemandRow>(/* sql */ `SELECT content_id, COUNT(*) AS searches, ${CLIENTS} AS clients
       FROM content_misses WHERE created_at >= ?
       GROUP BY content_id ORDER BY clients DESC, searches DESC, content_id LIMIT ?`, [toDbTime(since), limit]);
}

export async function keyModerationShares(): Promise<{ keyId: string; label: string; total: number; flagged: number; removed: number }[]> {
  return await db().all<{ keyId: string; label: string; total: number; flagged: number; removed: number }>(/* sql */ `SELECT * FROM (SELECT key_id AS "keyId", MAX(key_label) AS label, COUNT(*) AS total,
         SUM(CASE WHEN findings <> '[]' THEN 1 ELSE 0 END) AS flagged,
         SUM(CASE WHEN status IN ('hidden', 'rejected') THEN 1 ELSE 0 END) AS removed
       FROM (SELECT key_id, key_label, findings, status FROM experiences WHERE key_id <> ''
             UNION ALL SELECT key_id, key_label, findings, status FROM content_revisions WHERE key_id <> '') AS items
       GROUP BY key_id) AS shares
       -- PostgreSQL orders by output names only as such, not inside an expression: hence the outer query.
       ORDER BY removed * 1.0 / total DESC, total DESC`);
}

export type CitedSearchRow = {
  source: "report" | "confirm" | "flag";
  experienceId: number;
  at: string;
  keyLabel: string;
  query: string;
  confidence: string;
  name: string;
  task: string;
};

// The writes that cited a search (a report's after_search, a verdict's) since a time: reports by the
// (status, created_at) index, verdicts by (status, updated_at), each search found by its search_id.
const CITED_WRITES = /* sql */ `SELECT 'report' AS source, id AS experience_id, after_search, created_at AS at, key_label
     FROM experiences WHERE status IN ('published', 'pending') AND created_at >= @since AND after_search <> ''
   UNION ALL
   SELECT verdict AS source, experience_id, after_search, updated_at AS at, key_label
     FROM experience_verdicts WHERE status IN ('active', 'pending', 'upheld', 'dismissed') AND updated_at >= @since AND after_search <> ''`;

/** Searches that ended in a report, confirmation or flag citing them: the newest, and how many searches in all. */
export async function searchesEndedInWrites(since: Date, limit: number): Promise<{ count: number; rows: CitedSearchRow[] }> {
  const params = { since: toDbTime(since), limit };
  const rows = await db().all<CitedSearchRow>(
    /* sql */ `SELECT c.source, c.experience_id AS "experienceId", c.at, c.key_label AS "keyLabel", l.query, l.confidence, e.name, e.task
     FROM (${CITED_WRITES}) AS c JOIN search_logs l ON l.search_id = c.after_search JOIN experiences e ON e.id = c.experience_id
     ORDER BY c.at DESC, c.experience_id DESC LIMIT @limit`,
    params,
  );
  const total = await db().get<{ count: number }>(
    /* sql */ `SELECT COUNT(DISTINCT c.after_search) AS count FROM (${CITED_WRITES}) AS c JOIN search_logs l ON l.search_id = c.after_search`,
    { since: params.since },
  );
  return { count: Number(total?.count ?? 0), rows: rows.map((r) => ({ ...r, experienceId: Number(r.experienceId) })) };
}
