// The only file that touches the audit log. Append-only: the table's triggers refuse UPDATE and
// DELETE, and this file has no function that would try.
import { db } from "../db";
import { toDbTime } from "../db-time";

export type AuditRow = {
  id: number;
  at: string;
  actorKeyId: string;
  actorLabel: string;
  action: string;
  targetType: string;
  targetId: string;
  reason: string;
  before: string;
  after: string;
};

export async function insertAuditEntry(row: Omit<AuditRow, "id" | "at"> & { at: Date }): Promise<number> {
  const inserted = await db().get<{ id: number }>(
    /* sql */ `INSERT INTO audit_log (at, actor_key_id, actor_label, action, target_type, target_id, reason, before, after)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [toDbTime(row.at), row.actorKeyId, row.actorLabel, row.action, row.targetType, row.targetId, row.reason, row.before, row.after],
  );
  return Number(inserted!.id);
}

export function listAuditRows(filter: { targetType?: string; targetId?: string; action?: string; beforeId?: number; limit: number }): Promise<AuditRow[]> {
  return db().all<AuditRow>(
      /* sql */ `SELECT id, at, actor_key_id AS "actorKeyId", actor_label AS "actorLabel", action, target_type AS "targetType",
         target_id AS "targetId", reason, before, after
       FROM audit_log
       WHERE (@targetType IS NULL OR target_type = @targetType) AND (@targetId IS NULL OR target_id = @targetId)
         AND (@action IS NULL OR action = @action) AND (@beforeId IS NULL OR id < @beforeId)
       ORDER BY id DESC LIMIT @limit`,
    {
      targetType: filter.targetType ?? null,
      targetId: filter.targetId ?? null,
      action: filter.action ?? null,
      beforeId: filter.beforeId ?? null,
      limit: filter.limit,
    });
}
