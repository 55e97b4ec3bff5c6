// SQL of the review queue's order: experiences, content revisions and unsafe/spam flags in one list,
// ordered by (created_at, type, ref) oldest or newest first, paged by a keyset position so that
// a page never repeats or skips an item while others are decided. ref is the item's id as text
// ("12", "pymupdf/find-tables@3", "12/key_..."); text compares by code point on both engines
// (PostgreSQL databases are created with a C.UTF-8 locale, docs/architecture.md "Collation").
import { db } from "../db";
import { FLAG_QUEUE_STATUS, QUEUED_FLAGS, findExperienceItem, findFlagItem, findRevisionItem, type ExperienceItemRow, type FlagItemRow, type RevisionItemRow } from "./repo";
import type { ItemStatus, ItemType, QueueOrder } from "./schema";

export type QueueFilter = {
  statuses: ItemStatus[];
  types: ItemType[];
  finding: string | null;
  resourceKey: string | null;
  keyId: string | null;
};

/** Where an item stands in the queue's order: its time, type and id as text. */
export type QueuePosition = { at: string; type: ItemType; ref: string };

export type QueueRow =
  | { type: "experience"; row: ExperienceItemRow }
  | { type: "content_revision"; row: RevisionItemRow }
  | { type: "flag"; row: FlagItemRow };

function queueParts(filter: QueueFilter): string[] {
  const parts: string[] = [];
  if (filter.types.includes("experience")) {
    parts.push(/* sql */ `SELECT 'experience' AS type, CAST(id AS TEXT) AS ref, created_at FROM experiences
      WHERE status IN (@statuses)
        AND (@finding IS NULL OR findings LIKE @finding) AND (@resourceKey IS NULL OR resource_key = @resourceKey)
        AND (@keyId IS NULL OR key_id = @keyId)`);
  }
  if (filter.types.includes("content_revision") && filter.resourceKey === null) {
    parts.push(/* sql */ `SELECT 'content_revision' AS type, content_id || '@' || revision AS ref, created_at FROM content_revisions
      WHERE status IN (@statuses)
        AND (@finding IS NULL OR findings LIKE @finding) AND (@keyId IS NULL OR key_id = @keyId)`);
  }
  if (filter.types.includes("flag") && filter.finding === null) {
    parts.push(/* sql */ `SELECT 'flag' AS type, CAST(v.experience_id AS TEXT) || '/' || v.key_id AS ref, v.updated_at AS created_at
      FROM experience_verdicts v JOIN experiences e ON e.id = v.experience_id
      WHERE ${QUEUED_FLAGS} AND ${FLAG_QUEUE_STATUS} IN (@statuses)
        AND (@resourceKey IS NULL OR e.resource_key = @resourceKey) AND (@keyId IS NULL OR v.key_id = @keyId)`);
  }
  return parts;
}

/** Up to `limit` items of the filter in `order`, strictly after `after` when given. */
export async function listQueuePositions(filter: QueueFilter, order: QueueOrder, after: QueuePosition | null, limit: number): Promise<QueuePosition[]> {
  const parts = queueParts(filter);
  if (parts.length === 0 || limit <= 0) return [];
  const [cmp, dir] = order === "oldest" ? [">", "ASC"] : ["<", "DESC"];
  const beyond = after
    ? /* sql */ `WHERE created_at ${cmp} @afterAt OR (created_at = @afterAt AND (type ${cmp} @afterType OR (type = @afterType AND ref ${cmp} @afterRef)))`
    : "";
  const params = {
    statuses: filter.statuses,
    finding: filter.finding ? `%"kind":"${filter.finding.replace(/[^a-z_]/g, "")}"%` : null,
    resourceKey: filter.resourceKey,
    keyId: filter.keyId,
    limit,
    ...(after ? { afterAt: after.at, afterType: after.type, afterRef: after.ref } : {}),
  };
  return await db().all<QueuePosition>(
    `SELECT type, ref, created_at AS at FROM (${parts.join(" UNION ALL ")}) AS q ${beyond}
     ORDER BY created_at ${dir}, type ${dir}, ref ${dir} LIMIT @limit`,
    params,
  );
}

/** Where one item stands, whatever its status; null when there is no such item. */
export async function findQueuePosition(type: ItemType, ref: string): Promise<QueuePosition | null> {
  let row: { at: string } | null = null;
  if (type === "experience") {
    row = /^\d{1,15}$/.test(ref) ? await db().get<{ at: string }>(`SELECT created_at AS at FROM experiences WHERE id = ?`, [Number(ref)]) : null;
  } else if (type === "flag") {
    const match = /^(\d{1,15})\/(key_[0-9a-f]{16})$/.exec(ref);
    row = match
      ? await db().get<{ at: string }>(`SELECT v.updated_at AS at FROM experience_verdicts v WHERE v.experience_id = ? AND v.key_id = ? AND ${QUEUED_FLAGS}`, [
          Number(match[1]),
          match[2],
        ])
      : null;
  } else {
    const at = ref.lastIndexOf("@");
    const revision = Number(ref.slice(at + 1));
    row =
      at > 0 && Number.isInteger(revision)
        ? await db().get<{ at: string }>(`SELECT created_at AS at FROM content_revisions WHERE content_id = ? AND revision = ?`, [ref.slice(0, at), revision])
        : null;
  }
  return row ? { at: row.at, type, ref } : null;
}

/** The rows behind positions, in their order (an item gone meanwhile is left out). */
export async function loadQueueRows(positions: QueuePosition[]): Promise<QueueRow[]> {
  const rows: QueueRow[] = [];
  for (const p of positions) {
    if (p.type === "experience") {
      const row = await findExperienceItem(Number(p.ref));
      if (row) rows.push({ type: "experience", row });
      continue;
    }
    if (p.type === "flag") {
      const slash = p.ref.indexOf("/");
      const row = await findFlagItem(Number(p.ref.slice(0, slash)), p.ref.slice(slash + 1));
      if (row) rows.push({ type: "flag", row });
      continue;
    }
    const at = p.ref.lastIndexOf("@");
    const row = await findRevisionItem(p.ref.slice(0, at), Number(p.ref.slice(at + 1)));
    if (row) rows.push({ type: "content_revision", row });
  }
  return rows;
}
