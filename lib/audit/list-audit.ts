import { fromDbTime } from "../db-time";
import { listAuditRows, type AuditRow } from "./repo";
import type { AuditEntryDto, ListAuditInput } from "./schema";

export async function listAudit(input: ListAuditInput): Promise<{ entries: AuditEntryDto[]; next_before_id: number | null }> {
  const rows = await listAuditRows({
    targetType: input.target_type,
    targetId: input.target_id,
    action: input.action,
    beforeId: input.before_id,
    limit: input.limit + 1,
  });
  const page = rows.slice(0, input.limit);
  return { entries: page.map(toAuditEntryDto), next_before_id: rows.length > input.limit ? page.at(-1)!.id : null };
}

export function toAuditEntryDto(row: AuditRow): AuditEntryDto {
  return {
    id: Number(row.id),
    at: fromDbTime(row.at),
    actor: { key_id: row.actorKeyId || null, label: row.actorLabel },
    action: row.action,
    target: { type: row.targetType, id: row.targetId },
    reason: row.reason,
    before: JSON.parse(row.before),
    after: JSON.parse(row.after),
  };
}
