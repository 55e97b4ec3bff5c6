import { insertAuditEntry } from "./repo";
import type { Actor } from "./schema";

export type AuditRecord = {
  actor: Actor;
  /** e.g. "experience.reject", "resource.pin", "content.lock", "key.revoke" */
  action: string;
  targetType: string;
  targetId: string;
  reason: string;
  before: unknown;
  after: unknown;
};

/**
 * Appends one entry. Call it inside the same transaction as the change it records (lib/db.ts
 * transaction), so that a change and its audit entry exist together or not at all.
 */
export function recordAudit(record: AuditRecord, at = new Date()): Promise<number> {
  return insertAuditEntry({
    actorKeyId: record.actor.keyId,
    actorLabel: record.actor.label,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    reason: record.reason,
    before: JSON.stringify(record.before ?? null),
    after: JSON.stringify(record.after ?? null),
    at,
  });
}
