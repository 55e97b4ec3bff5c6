// What the verdicts add up to across the hub, for the maintainers' insights: the most confirmed and
// most flagged reports, and what went stale. Read-only; every list is bounded (LIMIT) and reads the
// small tables (experience_standing: only experiences somebody gave a verdict on; experience_verdicts)
// first, joining the experiences by primary key. Staleness by age is the one part that reads
// experiences by their (status, created_at) index: it depends on the clock, so nothing stores it.
import { db } from "../db";
import { toDbTime } from "../db-time";

export type RankedExperienceRow = {
  id: number;
  name: string;
  task: string;
  createdAt: string;
  version: string;
  confirmations: number;
  flags: string;
  staleWeight: number;
  confidence: number | null;
  lastConfirmed: string | null;
  newerVersion: string;
  supersededBy: number | null;
};

const RANKED_COLUMNS = /* sql */ `e.id, e.name, e.task, e.created_at AS "createdAt", e.version, s.confirmations, s.flags,
  s.stale_weight AS "staleWeight", s.confidence, s.last_confirmed AS "lastConfirmed", s.newer_version AS "newerVersion",
  s.superseded_by AS "supersededBy"`;

/** Published experiences with the most confirmations (distinct keys), most recently confirmed first among equals. */
export async function mostConfirmedExperiences(limit: number): Promise<RankedExperienceRow[]> {
  return await db().all<RankedExperienceRow>(
    /* sql */ `SELECT ${RANKED_COLUMNS} FROM experience_standing s JOIN experiences e ON e.id = s.experience_id
     WHERE s.confirmations > 0 AND e.status = 'published'
     ORDER BY s.confirmations DESC, s.last_confirmed DESC, e.id DESC LIMIT @limit`,
    { limit },
  );
}

export type FlaggedExperienceRow = RankedExperienceRow & { flagCount: number; pendingCount: number; status: string };

/**
 * Experiences with the most counted flags (active, or pending a maintainer), whatever their status:
 * a report a maintainer has not yet decided on is exactly what this list is for. Among equals, the
 * ones with flags awaiting a maintainer first.
 */
export async function mostFlaggedExperiences(limit: number): Promise<FlaggedExperienceRow[]> {
  return await db().all<FlaggedExperienceRow>(
    /* sql */ `SELECT ${RANKED_COLUMNS}, f.flag_count AS "flagCount", f.pending_count AS "pendingCount", e.status
     FROM (SELECT experience_id, COUNT(*) AS flag_count, SUM(CASE WHEN status = 'pending' THEN 1 ELSE 0 END) AS pending_count
           FROM experience_verdicts WHERE verdict = 'flag' AND status IN ('active', 'pending') GROUP BY experience_id
           ORDER BY COUNT(*) DESC, SUM(CASE WHEN status = 'pending' THEN 1 ELSE 0 END) DESC, experience_id DESC LIMIT @limit) AS f
     JOIN experiences e ON e.id = f.experience_id
     LEFT JOIN experience_standing s ON s.experience_id = f.experience_id
     ORDER BY f.flag_count DESC, f.pending_count DESC, e.id DESC`,
    { limit },
  );
}

/** Counted flags by reason, and how many of them await a maintainer (unsafe and spam). */
export async function flagCountsByReason(): Promise<{ reason: string; count: number; pending: number }[]> {
  return await db().all<{ reason: string; count: number; pending: number }>(
    /* sql */ `SELECT reason, COUNT(*) AS count, SUM(CASE WHEN status = 'pending' THEN 1 ELSE 0 END) AS pending
     FROM experience_verdicts WHERE verdict = 'flag' AND status IN ('active', 'pending') GROUP BY reason ORDER BY reason`,
  );
}

export type StaleCounts = { version: number; flags: number; age: number; total: number };

// The three ways a published report is stale (lib/verdicts/standing.ts says the same per report):
// a newer version reported, stale flags weighing at least `staleWeight`, and neither the report nor
// a confirmation newer than `cutoff`.
const STALE_BY_STANDING = /* sql */ `SELECT s.experience_id AS id FROM experience_standing s JOIN experiences e ON e.id = s.experience_id
  WHERE e.status = 'published' AND (s.newer_version <> '' OR s.stale_weight >= @staleWeight)`;
const STALE_BY_AGE = /* sql */ `SELECT e.id FROM experiences e LEFT JOIN experience_standing s ON s.experience_id = e.id
  WHERE e.status = 'published' AND e.created_at < @cutoff AND (s.last_confirmed IS NULL OR s.last_confirmed < @cutoff)`;

export async function staleCounts(cutoff: Date, staleWeight: number): Promise<StaleCounts> {
  const params = { cutoff: toDbTime(cutoff), staleWeight };
  const row = await db().get<StaleCounts>(
    /* sql */ `SELECT
       (SELECT COUNT(*) FROM experience_standing s JOIN experiences e ON e.id = s.experience_id
        WHERE e.status = 'published' AND s.newer_version <> '') AS version,
       (SELECT COUNT(*) FROM experience_standing s JOIN experiences e ON e.id = s.experience_id
        WHERE e.status = 'published' AND s.stale_weight >= @staleWeight) AS flags,
       (SELECT COUNT(*) FROM (${STALE_BY_AGE}) AS aged) AS age,
       (SELECT COUNT(*) FROM (${STALE_BY_STANDING} UNION ${STALE_BY_AGE}) AS stale) AS total`,
    params,
  );
  return { version: Number(row?.version ?? 0), flags: Number(row?.flags ?? 0), age: Number(row?.age ?? 0), total: Number(row?.total ?? 0) };
}

/** The newest stale published experiences (by id), with what their standing says. */
export async function staleExperiences(cutoff: Date, staleWeight: number, limit: number): Promise<RankedExperienceRow[]> {
  return await db().all<RankedExperienceRow>(
    /* sql */ `SELECT e.id, e.name, e.task, e.created_at AS "createdAt", e.version, COALESCE(s.confirmations, 0) AS confirmations,
       COALESCE(s.flags, '{}') AS flags, COALESCE(s.stale_weight, 0) AS "staleWeight", s.confidence, s.last_confirmed AS "lastConfirmed",
       COALESCE(s.newer_version, '') AS "newerVersion", s.superseded_by AS "supersededBy"
     FROM (SELECT id FROM (${STALE_BY_STANDING} UNION ${STALE_BY_AGE}) AS stale ORDER BY id DESC LIMIT @limit) AS picked
     JOIN experiences e ON e.id = picked.id LEFT JOIN experience_standing s ON s.experience_id = e.id
     ORDER BY e.id DESC`,
    { cutoff: toDbTime(cutoff), staleWeight, limit },
  );
}
