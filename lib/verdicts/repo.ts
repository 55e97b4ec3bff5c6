// The only file that writes experience_verdicts and experience_standing. It reads experiences (a
// verdict's resource, the versions reported) but never writes them: a verdict does not touch the
// experience's row, so no trigger on experiences fires and nothing is re-indexed.
import { db } from "../db";
import { toDbTime } from "../db-time";
import type { VerdictStatus } from "./schema";

export type VerdictRow = {
  experienceId: number;
  keyId: string;
  keyLabel: string;
  verdict: "confirm" | "flag";
  reason: string;
  note: string;
  detail: string;
  version: string;
  duplicateOf: number | null;
  supersededBy: number | null;
  afterSearch: string;
  status: VerdictStatus;
  createdAt: string;
  updatedAt: string;
};

const VERDICT_COLUMNS = /* sql */ `experience_id AS "experienceId", key_id AS "keyId", key_label AS "keyLabel", verdict, reason, note,
  detail, version, duplicate_of AS "duplicateOf", superseded_by AS "supersededBy", after_search AS "afterSearch", status,
  created_at AS "createdAt", updated_at AS "updatedAt"`;

export async function findVerdict(experienceId: number, keyId: string): Promise<VerdictRow | null> {
  return (await db().get<VerdictRow>(`SELECT ${VERDICT_COLUMNS} FROM experience_verdicts WHERE experience_id = ? AND key_id = ?`, [experienceId, keyId])) ?? null;
}

/** Inserts the key's verdict, or replaces the one it gave before (one per key per experience). */
export async function upsertVerdict(row: Omit<VerdictRow, "createdAt" | "updatedAt">, at: Date): Promise<void> {
  await db().run(
    /* sql */ `INSERT INTO experience_verdicts (experience_id, key_id, key_label, verdict, reason, note, detail, version, duplicate_of,
       superseded_by, after_search, status, created_at, updated_at)
     VALUES (@experienceId, @keyId, @keyLabel, @verdict, @reason, @note, @detail, @version, @duplicateOf, @supersededBy, @afterSearch,
       @status, @at, @at)
     ON CONFLICT (experience_id, key_id) DO UPDATE SET key_label = excluded.key_label, verdict = excluded.verdict,
       reason = excluded.reason, note = excluded.note, detail = excluded.detail, version = excluded.version,
       duplicate_of = excluded.duplicate_of, superseded_by = excluded.superseded_by, after_search = excluded.after_search,
       status = excluded.status, updated_at = excluded.updated_at`,
    { ...row, at: toDbTime(at) },
  );
}

/** A confirmation's citation of a search, appended (learning's evidence; never rewritten). */
export async function insertCitation(experienceId: number, keyId: string, searchId: string, at: Date): Promise<void> {
  await db().run(`INSERT INTO verdict_citations (experience_id, key_id, search_id, created_at) VALUES (?, ?, ?, ?)`, [experienceId, keyId, searchId, toDbTime(at)]);
}

/** A confirmation that cited a search, as learning reads it (lib/learning/run-learning.ts). */
export type CitedConfirm = { id: number; experienceId: number; keyId: string; resourceKey: string; searchId: string; createdAt: string };

/** Citations after `afterId`, in id order (learning's cursor). */
export async function listCitedConfirms(afterId: number, limit: number): Promise<CitedConfirm[]> {
  const rows = await db().all<CitedConfirm>(
    /* sql */ `SELECT c.id, c.experience_id AS "experienceId", c.key_id AS "keyId", e.resource_key AS "resourceKey",
       c.search_id AS "searchId", c.created_at AS "createdAt"
     FROM verdict_citations c JOIN experiences e ON e.id = c.experience_id
     WHERE c.id > ? ORDER BY c.id LIMIT ?`,
    [afterId, limit],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), experienceId: Number(r.experienceId) }));
}

/** Of these (experience, key) pairs, those whose verdict is still a confirmation (not replaced by a flag), as "id:key". */
export async function findStandingConfirms(experienceIds: readonly number[]): Promise<Set<string>> {
  if (experienceIds.length === 0) return new Set();
  const rows = await db().all<{ id: number; keyId: string }>(
    `SELECT experience_id AS "id", key_id AS "keyId" FROM experience_verdicts WHERE experience_id IN (@ids) AND verdict = 'confirm' AND status = 'active'`,
    { ids: [...new Set(experienceIds)] },
  );
  return new Set(rows.map((r) => `${Number(r.id)}:${r.keyId}`));
}

export async function setVerdictStatus(experienceId: number, keyId: string, status: VerdictStatus, at: Date): Promise<void> {
  await db().run(`UPDATE experience_verdicts SET status = ?, updated_at = ? WHERE experience_id = ? AND key_id = ?`, [status, toDbTime(at), experienceId, keyId]);
}

/** The verdicts that count for an experience: active ones, and flags still awaiting a maintainer. */
export async function listCountedVerdicts(experienceId: number): Promise<VerdictRow[]> {
  return await db().all<VerdictRow>(
    `SELECT ${VERDICT_COLUMNS} FROM experience_verdicts WHERE experience_id = ? AND status IN ('active', 'pending') ORDER BY key_id`,
    [experienceId],
  );
}

export type FlagRecord = { keyId: string; upheld: number; decided: number };

/** Per key, its flags a maintainer decided: upheld, and upheld or dismissed. Keys without any are absent. */
export async function flagRecords(keyIds: readonly string[]): Promise<Map<string, FlagRecord>> {
  if (keyIds.length === 0) return new Map();
  const rows = await db().all<FlagRecord>(
    /* sql */ `SELECT key_id AS "keyId", SUM(CASE WHEN status = 'upheld' THEN 1 ELSE 0 END) AS upheld, COUNT(*) AS decided
     FROM experience_verdicts WHERE key_id IN (@keyIds) AND verdict = 'flag' AND status IN ('upheld', 'dismissed') GROUP BY key_id`,
    { keyIds: [...keyIds] },
  );
  return new Map(rows.map((r) => [r.keyId, { keyId: r.keyId, upheld: Number(r.upheld), decided: Number(r.decided) }]));
}

/** Every key's flag record (the console's keys page). */
export async function allFlagRecords(): Promise<Map<string, FlagRecord & { flags: number }>> {
  const rows = await db().all<FlagRecord & { flags: number }>(
    /* sql */ `SELECT key_id AS "keyId", COUNT(*) AS flags, SUM(CASE WHEN status = 'upheld' THEN 1 ELSE 0 END) AS upheld,
       SUM(CASE WHEN status IN ('upheld', 'dismissed') THEN 1 ELSE 0 END) AS decided
     FROM experience_verdicts WHERE verdict = 'flag' GROUP BY key_id`,
  );
  return new Map(rows.map((r) => [r.keyId, { keyId: r.keyId, flags: Number(r.flags), upheld: Number(r.upheld), decided: Number(r.decided) }]));
}

/** The experiences a key's counted flags are on: their confidence follows its reliability. */
export async function experiencesFlaggedBy(keyId: string): Promise<number[]> {
  const rows = await db().all<{ id: number }>(
    `SELECT experience_id AS id FROM experience_verdicts WHERE key_id = ? AND verdict = 'flag' AND status IN ('active', 'pending') ORDER BY experience_id`,
    [keyId],
  );
  return rows.map((r) => Number(r.id));
}

export type StandingRow = {
  experienceId: number;
  confirmations: number;
  confirmedBy: string;
  flags: string;
  flagWeight: number;
  staleWeight: number;
  confidence: number;
  lastConfirmed: string | null;
  latestVersion: string;
  newerVersion: string;
  supersededBy: number | null;
};

/** experience_standing's columns named as StandingRow's fields (`t`: the table's alias with its dot, or ''). */
export const standingColumns = (t = "") => /* sql */ `${t}experience_id AS "experienceId", ${t}confirmations, ${t}confirmed_by AS "confirmedBy",
  ${t}flags, ${t}flag_weight AS "flagWeight", ${t}stale_weight AS "staleWeight", ${t}confidence, ${t}last_confirmed AS "lastConfirmed",
  ${t}latest_version AS "latestVersion", ${t}newer_version AS "newerVersion", ${t}superseded_by AS "supersededBy"`;
const STANDING_COLUMNS = standingColumns();

export async function loadStanding(ids: readonly number[]): Promise<Map<number, StandingRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db().all<StandingRow>(`SELECT ${STANDING_COLUMNS} FROM experience_standing WHERE experience_id IN (@ids)`, { ids: [...new Set(ids)] });
  return new Map(rows.map((r) => [Number(r.experienceId), r]));
}

export async function upsertStanding(row: StandingRow, at: Date): Promise<void> {
  await db().run(
    /* sql */ `INSERT INTO experience_standing (experience_id, confirmations, confirmed_by, flags, flag_weight, stale_weight, confidence, last_confirmed,
       latest_version, newer_version, superseded_by, updated_at)
     VALUES (@experienceId, @confirmations, @confirmedBy, @flags, @flagWeight, @staleWeight, @confidence, @lastConfirmed, @latestVersion, @newerVersion,
       @supersededBy, @at)
     ON CONFLICT (experience_id) DO UPDATE SET confirmations = excluded.confirmations, confirmed_by = excluded.confirmed_by, flags = excluded.flags,
       flag_weight = excluded.flag_weight, stale_weight = excluded.stale_weight, confidence = excluded.confidence,
       last_confirmed = excluded.last_confirmed, latest_version = excluded.latest_version, newer_version = excluded.newer_version,
       superseded_by = excluded.superseded_by, updated_at = excluded.updated_at`,
    { ...row, at: toDbTime(at) },
  );
}

/** Every version reported for a resource's published experiences: by their reports and by counted confirmations. */
export async function resourceVersions(resourceKey: string): Promise<string[]> {
  const rows = await db().all<{ version: string }>(
    /* sql */ `SELECT DISTINCT version FROM (
       SELECT e.version FROM experiences e WHERE e.resource_key = @resourceKey AND e.status = 'published' AND e.version <> ''
       UNION ALL
       SELECT v.version FROM experience_verdicts v JOIN experiences e ON e.id = v.experience_id
       WHERE e.resource_key = @resourceKey AND e.status = 'published' AND v.verdict = 'confirm' AND v.status = 'active' AND v.version <> ''
     ) AS versions`,
    { resourceKey },
  );
  return rows.map((r) => r.version);
}

/**
 * The published experiences of a resource that can be behind a newer version: those that name a
 * version, and those that have a standing row (a confirmation may have named one).
 */
export async function listVersionedExperiences(resourceKey: string): Promise<number[]> {
  const rows = await db().all<{ id: number }>(
    /* sql */ `SELECT e.id FROM experiences e
     WHERE e.resource_key = @resourceKey AND e.status = 'published'
       AND (e.version <> '' OR EXISTS (SELECT 1 FROM experience_standing s WHERE s.experience_id = e.id))
     ORDER BY e.id`,
    { resourceKey },
  );
  return rows.map((r) => Number(r.id));
}

/** Each experience's own version and its standing row (null while no verdict or newer version touched it). */
export async function loadStandingView(ids: readonly number[]): Promise<Map<number, { version: string; standing: StandingRow | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db().all<{ id: number; version: string; has: number } & StandingRow>(
    /* sql */ `SELECT e.id, e.version, CASE WHEN s.experience_id IS NULL THEN 0 ELSE 1 END AS has, ${standingColumns("s.")}
     FROM experiences e LEFT JOIN experience_standing s ON s.experience_id = e.id WHERE e.id IN (@ids)`,
    { ids: [...new Set(ids)] },
  );
  return new Map(rows.map(({ id, version, has, ...standing }) => [Number(id), { version, standing: Number(has) ? standing : null }]));
}
