import { fromDbTime } from "../db-time";
import type { VerdictRow } from "./repo";
import type { VerdictDto } from "./schema";

export function toVerdictDto(row: VerdictRow): VerdictDto {
  return {
    experience_id: Number(row.experienceId),
    verdict: row.verdict,
    reason: row.reason,
    note: row.note,
    detail: row.detail,
    version: row.version,
    duplicate_of: row.duplicateOf === null ? null : Number(row.duplicateOf),
    superseded_by: row.supersededBy === null ? null : Number(row.supersededBy),
    after_search: row.afterSearch,
    status: row.status,
    key: { id: row.keyId, label: row.keyLabel },
    created_at: fromDbTime(row.createdAt),
    updated_at: fromDbTime(row.updatedAt),
  };
}
