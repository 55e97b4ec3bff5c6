// The only file that touches learning's tables: learning_evidence (each cited write, judged once)
// and learned_links (the phrasings search learned to answer). Both engines, SQL written once.
import { db } from "../db";
import { toDbTime } from "../db-time";

export type EvidenceRow = {
  id: number;
  source: string;
  sourceId: number;
  experienceId: number;
  keyId: string;
  searchId: string;
  query: string;
  terms: string;
  resourceKey: string;
  searchConfidence: string;
  counts: boolean;
  reason: string;
  createdAt: string;
};

export type NewEvidence = Omit<EvidenceRow, "id" | "createdAt">;

const EVIDENCE_COLUMNS = /* sql */ `id, source, source_id AS "sourceId", experience_id AS "experienceId", key_id AS "keyId",
  search_id AS "searchId", query, terms, resource_key AS "resourceKey", search_confidence AS "searchConfidence", counts, reason,
  created_at AS "createdAt"`;

/** The last source id judged for a source: learning's cursor (evidence is written in source order). */
export async function lastJudgedId(source: string): Promise<number> {
  const row = await db().get<{ last: number | null }>(`SELECT MAX(source_id) AS "last" FROM learning_evidence WHERE source = ?`, [source]);
  return Number(row?.last ?? 0);
}

/** Records judged writes; a write judged already (another process's step) is left as it is. */
export async function insertEvidence(rows: readonly NewEvidence[], at: Date): Promise<void> {
  for (const row of rows) {
    await db().run(
      /* sql */ `INSERT INTO learning_evidence (source, source_id, experience_id, key_id, search_id, query, terms, resource_key,
         search_confidence, counts, reason, created_at)
       VALUES (@source, @sourceId, @experienceId, @keyId, @searchId, @query, @terms, @resourceKey, @searchConfidence, @counts, @reason, @at)
       ON CONFLICT (source, source_id) DO NOTHING`,
      { ...row, at: toDbTime(at) },
    );
  }
}

/** The evidence that counts for these resources, oldest first (a few rows per resource). */
export async function listCountingEvidence(resourceKeys: readonly string[]): Promise<EvidenceRow[]> {
  if (resourceKeys.length === 0) return [];
  const rows = await db().all<EvidenceRow>(
    `SELECT ${EVIDENCE_COLUMNS} FROM learning_evidence WHERE resource_key IN (@keys) AND counts = TRUE ORDER BY id`,
    { keys: [...resourceKeys] },
  );
  return rows.map(numbers);
}

/** Every judged write behind a link's resource, for the console (newest first, bounded). */
export async function listEvidenceOf(resourceKey: string, limit: number): Promise<EvidenceRow[]> {
  const rows = await db().all<EvidenceRow>(
    `SELECT ${EVIDENCE_COLUMNS} FROM learning_evidence WHERE resource_key = ? ORDER BY id DESC LIMIT ?`,
    [resourceKey, limit],
  );
  return rows.map(numbers);
}

function numbers(row: EvidenceRow): EvidenceRow {
  return { ...row, id: Number(row.id), sourceId: Number(row.sourceId), experienceId: Number(row.experienceId) };
}

export type LinkStatus = "active" | "lapsed" | "removed";

export type LinkRow = {
  id: number;
  phrase: string;
  terms: string;
  resourceKey: string;
  experienceIds: number[];
  keyCount: number;
  evidenceCount: number;
  status: LinkStatus;
  createdAt: string;
  updatedAt: string;
  removedAt: string | null;
  removedBy: string;
  removedReason: string;
};

type StoredLink = Omit<LinkRow, "experienceIds"> & { experienceIds: string };

const LINK_COLUMNS = /* sql */ `id, phrase, terms, resource_key AS "resourceKey", experience_ids AS "experienceIds", key_count AS "keyCount",
  evidence_count AS "evidenceCount", status, created_at AS "createdAt", updated_at AS "updatedAt", removed_at AS "removedAt",
  removed_by AS "removedBy", removed_reason AS "removedReason"`;

function toLink(row: StoredLink): LinkRow {
  let ids: number[] = [];
  try {
    const parsed: unknown = JSON.parse(row.experienceIds);
    if (Array.isArray(parsed)) ids = parsed.map(Number).filter(Number.isInteger);
  } catch {
    ids = [];
  }
  return { ...row, id: Number(row.id), keyCount: Number(row.keyCount), evidenceCount: Number(row.evidenceCount), experienceIds: ids };
}

/** The active links: what search answers with (a small table, read once per generation). */
/** The resources of active links that counting confirmations support (run-learning.ts reads them again each step). */
export async function listConfirmBackedResources(): Promise<string[]> {
  const rows = await db().all<{ resourceKey: string }>(
    /* sql */ `SELECT DISTINCT l.resource_key AS "resourceKey" FROM learned_links l
     WHERE l.status = 'active' AND EXISTS (SELECT 1 FROM learning_evidence e WHERE e.resource_key = l.resource_key AND e.source = 'confirm' AND e.counts = TRUE)
     ORDER BY l.resource_key`,
  );
  return rows.map((r) => r.resourceKey);
}

export async function listActiveLinks(): Promise<LinkRow[]> {
  return (await db().all<StoredLink>(`SELECT ${LINK_COLUMNS} FROM learned_links WHERE status = 'active' ORDER BY id`)).map(toLink);
}

export async function listLinksOf(resourceKeys: readonly string[]): Promise<LinkRow[]> {
  if (resourceKeys.length === 0) return [];
  return (await db().all<StoredLink>(`SELECT ${LINK_COLUMNS} FROM learned_links WHERE resource_key IN (@keys) ORDER BY id`, { keys: [...resourceKeys] })).map(
    toLink,
  );
}

/** Links for the console, newest first; `status` '' for all. */
export async function listLinkRows(status: LinkStatus | "", limit: number): Promise<LinkRow[]> {
  const where = status ? `WHERE status = @status` : "";
  return (await db().all<StoredLink>(`SELECT ${LINK_COLUMNS} FROM learned_links ${where} ORDER BY id DESC LIMIT @limit`, { status, limit })).map(toLink);
}

export async function findLink(id: number): Promise<LinkRow | null> {
  const row = await db().get<StoredLink>(`SELECT ${LINK_COLUMNS} FROM learned_links WHERE id = ?`, [id]);
  return row ? toLink(row) : null;
}

export type LinkValues = { phrase: string; terms: string; resourceKey: string; experienceIds: number[]; keyCount: number; evidenceCount: number };

export async function insertLink(link: LinkValues, at: Date): Promise<void> {
  await db().run(
    /* sql */ `INSERT INTO learned_links (phrase, terms, resource_key, experience_ids, key_count, evidence_count, status, created_at, updated_at)
     VALUES (@phrase, @terms, @resourceKey, @ids, @keyCount, @evidenceCount, 'active', @at, @at)`,
    { ...link, ids: JSON.stringify(link.experienceIds), at: toDbTime(at) },
  );
}

/** Sets a link's support and status (each update moves the search generation: only call on a change). */
export async function updateLink(id: number, change: { experienceIds: number[]; keyCount: number; evidenceCount: number; status: LinkStatus }, at: Date): Promise<void> {
  await db().run(
    /* sql */ `UPDATE learned_links SET experience_ids = @ids, key_count = @keyCount, evidence_count = @evidenceCount, status = @status,
       updated_at = @at WHERE id = @id`,
    { ...change, id, ids: JSON.stringify(change.experienceIds), at: toDbTime(at) },
  );
}

/** A maintainer's removal: final (learning never makes it active again). */
export async function markLinkRemoved(id: number, by: string, reason: string, at: Date): Promise<void> {
  await db().run(
    /* sql */ `UPDATE learned_links SET status = 'removed', removed_at = @at, removed_by = @by, removed_reason = @reason, updated_at = @at WHERE id = @id`,
    { id, by, reason, at: toDbTime(at) },
  );
}

export type LinkSummaryRow = { id: number; phrase: string; name: string; keyCount: number; evidenceCount: number; status: LinkStatus; createdAt: string; updatedAt: string };

/** The newest links with their resource's shown name, for the insights (bounded; the console lists them all). */
export async function newestLinks(limit: number): Promise<LinkSummaryRow[]> {
  const rows = await db().all<LinkSummaryRow>(
    /* sql */ `SELECT l.id, l.phrase, COALESCE(r.name, l.resource_key) AS name, l.key_count AS "keyCount", l.evidence_count AS "evidenceCount",
       l.status, l.created_at AS "createdAt", l.updated_at AS "updatedAt"
     FROM learned_links l LEFT JOIN resources r ON r.key = l.resource_key ORDER BY l.id DESC LIMIT @limit`,
    { limit },
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), keyCount: Number(r.keyCount), evidenceCount: Number(r.evidenceCount) }));
}

export async function countLinksByStatus(): Promise<Record<LinkStatus, number>> {
  const rows = await db().all<{ status: LinkStatus; count: number }>(`SELECT status, COUNT(*) AS count FROM learned_links GROUP BY status`);
  const counts: Record<LinkStatus, number> = { active: 0, lapsed: 0, removed: 0 };
  for (const r of rows) if (r.status in counts) counts[r.status] = Number(r.count);
  return counts;
}
