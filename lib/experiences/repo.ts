// The only file that touches the database for experiences.
import { db, transaction } from "../db";
import { isUniqueViolation } from "../db-errors";
import { toDbTime } from "../db-time";
import { DomainError } from "../errors";
import type { ExperienceColumns } from "./experience-columns";
import type { ExperienceRow } from "./serialize";

export type NewExperience = ExperienceColumns & { createdAt: Date; status?: string; findings?: string; statusReason?: string };

const EXPERIENCE_COLUMNS = /* sql */ `id, name, url, category, task, score, outcome, tips, content_id AS "contentId",
  submitted_by AS "submittedBy", key_id AS "keyId", key_label AS "keyLabel", status, created_at AS "createdAt", updated_at AS "updatedAt"`;

export function findExperienceByHash(hash: string): Promise<ExperienceRow | null> {
  return db().get<ExperienceRow>(`SELECT ${EXPERIENCE_COLUMNS} FROM experiences WHERE submission_hash = ?`, [hash]);
}

// ---- Near-duplicates (lib/text/near-duplicate.ts, lib/resources/find-near-duplicate.ts) ----

export type NearCandidateRow = { id: number; task: string; score: number; nearSignature: string };

/**
 * The published reports of a resource with their near-duplicate signatures, oldest first (the
 * resource_key/status index). Pending, rejected and hidden reports are invisible, so never matched.
 */
export function listNearCandidates(resourceKey: string): Promise<NearCandidateRow[]> {
  return db().all<NearCandidateRow>(
    /* sql */ `SELECT id, task, score, near_signature AS "nearSignature" FROM experiences
     WHERE resource_key = ? AND status = 'published' ORDER BY id`,
    [resourceKey],
  );
}

export type AnalyzedTaskTips = { id: number; searchTask: string; searchTips: string };

/** The analyzed task and tips of some reports, to compute signatures not stored yet (or stored by an older version). */
export function findAnalyzedTaskTips(ids: number[]): Promise<AnalyzedTaskTips[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db().all<AnalyzedTaskTips>(
    /* sql */ `SELECT id, search_task AS "searchTask", search_tips AS "searchTips" FROM experiences WHERE id IN (@ids) ORDER BY id`,
    { ids },
  );
}

/**
 * Reports (any status) whose stored signature is not of `version` (the prefix before the first
 * colon; '' before the column was filled), by id after `after`. The version holds digits, dots and
 * hex letters only, so it needs no escaping in LIKE.
 */
export function listStaleNearSignatures(version: string, after: number, limit: number): Promise<AnalyzedTaskTips[]> {
  return db().all<AnalyzedTaskTips>(
    /* sql */ `SELECT id, search_task AS "searchTask", search_tips AS "searchTips" FROM experiences
     WHERE id > @after AND near_signature NOT LIKE @prefix ORDER BY id LIMIT @limit`,
    { after, prefix: `${version}:%`, limit },
  );
}

/** Stores signatures, in one transaction; returns how many rows changed. */
export async function setNearSignatures(rows: { id: number; nearSignature: string }[]): Promise<number> {
  return transaction(async () => {
    let changed = 0;
    for (const row of rows) {
      changed += await db().run(/* sql */ `UPDATE experiences SET near_signature = ? WHERE id = ? AND near_signature <> ?`, [row.nearSignature, row.id, row.nearSignature]);
    }
    return changed;
  });
}

/**
 * Inserts one experience; the database triggers create or update its resource aggregate and its
 * search entry in the same statement. A second insert of the same submission hash is a conflict.
 */
export async function insertExperience(data: NewExperience): Promise<ExperienceRow> {
  const at = toDbTime(data.createdAt);
  try {
    const row = await db().get<ExperienceRow>(
      /* sql */ `INSERT INTO experiences (name, resource_key, url, category, task, score, outcome, tips, content_id,
         submitted_by, key_id, key_label, status, findings, status_reason, submission_hash, search_name, search_task,
         search_tips, search_outcome, after_search, version, near_signature, created_at, updated_at)
       VALUES (@name, @resourceKey, @url, @category, @task, @score, @outcome, @tips, @contentId, @submittedBy, @keyId,
         @keyLabel, @status, @findings, @statusReason, @submissionHash, @searchName, @searchTask, @searchTips,
         @searchOutcome, @afterSearch, @version, @nearSignature, @at, @at)
       RETURNING ${EXPERIENCE_COLUMNS}`,
      { ...data, afterSearch: data.afterSearch ?? "", status: data.status ?? "published", findings: data.findings ?? "[]", statusReason: data.statusReason ?? "", at },
    );
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new DomainError("conflict", "An identical experience already exists.", { submission_hash: data.submissionHash });
    }
    throw error;
  }
}

/** A report that cited a search (after_search), as learning reads it (lib/learning). */
export type CitedExperience = { id: number; keyId: string; resourceKey: string; afterSearch: string; createdAt: string };

/**
 * Reports citing a search, in id order, after `afterId` (learning's cursor): a walk of the primary
 * key over the reports written since the last learning step.
 */
export async function listCitedExperiences(afterId: number, limit: number): Promise<CitedExperience[]> {
  const rows = await db().all<CitedExperience>(
    /* sql */ `SELECT id, key_id AS "keyId", resource_key AS "resourceKey", after_search AS "afterSearch", created_at AS "createdAt"
     FROM experiences WHERE id > ? AND after_search <> '' ORDER BY id LIMIT ?`,
    [afterId, limit],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Of these experience ids, the published ones (held, rejected or hidden reports teach nothing). */
export async function findPublishedIds(ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db().all<{ id: number }>(`SELECT id FROM experiences WHERE id IN (@ids) AND status = 'published'`, { ids: [...ids] });
  return new Set(rows.map((r) => Number(r.id)));
}

/** What a verdict needs to know of the experience it is about. */
export type ExperienceFacts = { id: number; resourceKey: string; keyId: string; status: string; version: string; createdAt: string };

export async function findExperienceFacts(ids: readonly number[]): Promise<Map<number, ExperienceFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await db().all<ExperienceFacts>(
    /* sql */ `SELECT id, resource_key AS "resourceKey", key_id AS "keyId", status, version, created_at AS "createdAt"
     FROM experiences WHERE id IN (@ids)`,
    { ids: [...ids] },
  );
  return new Map(rows.map((r) => [Number(r.id), { ...r, id: Number(r.id) }]));
}

export async function findExperienceById(id: number): Promise<ExperienceRow | null> {
  return (await db().get<ExperienceRow>(`SELECT ${EXPERIENCE_COLUMNS} FROM experiences WHERE id = ?`, [id])) ?? null;
}

// ---- Reports that cite a content page (lib/experiences/list-citing-reports.ts) ----

export type CitingRow = { id: number; name: string; task: string; score: number; outcome: string; tips: string; contentId: string; createdAt: string };

const CITING_COLUMNS = /* sql */ `id, name, task, score, outcome, tips, content_id AS "contentId", created_at AS "createdAt"`;

/**
 * Published reports that may cite content `id`, newest first: those naming it in content_id (any
 * resource; the content_id index), and those among the newest `scan` reports of `resourceKey` whose
 * task, outcome or tips contain the id as written (a substring test the caller confirms; instr and
 * strpos are the same test, case kept, on the two engines). `limit` rows of each at most.
 */
export async function listCitationCandidates(id: string, resourceKey: string, scan: number, limit: number): Promise<CitingRow[]> {
  const contains = db().engine === "postgres" ? "strpos" : "instr";
  const named = await db().all<CitingRow>(
    /* sql */ `SELECT ${CITING_COLUMNS} FROM experiences WHERE content_id = @id AND status = 'published'
     ORDER BY created_at DESC, id DESC LIMIT @limit`,
    { id, limit },
  );
  const mentioned = await db().all<CitingRow>(
    /* sql */ `SELECT ${CITING_COLUMNS} FROM (
       SELECT * FROM experiences WHERE resource_key = @resourceKey AND status = 'published'
       ORDER BY created_at DESC, id DESC LIMIT @scan) AS recent
     WHERE ${contains}(task, @id) > 0 OR ${contains}(outcome, @id) > 0 OR ${contains}(tips, @id) > 0
     ORDER BY created_at DESC, id DESC LIMIT @limit`,
    { id, resourceKey, scan, limit },
  );
  return [...named, ...mentioned].map((r) => ({ ...r, id: Number(r.id), score: Number(r.score) }));
}
