// The only file that touches the database for experiences.
import { db } from "../db";
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
         search_tips, search_outcome, after_search, version, created_at, updated_at)
       VALUES (@name, @resourceKey, @url, @category, @task, @score, @outcome, @tips, @contentId, @submittedBy, @keyId,
         @keyLabel, @status, @findings, @statusReason, @submissionHash, @searchName, @searchTask, @searchTips,
         @searchOutcome, @afterSearch, @version, @at, @at)
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
