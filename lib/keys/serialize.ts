import { fromDbTime } from "../db-time";
import type { KeyRow } from "./repo";
import type { KeyDto, KeyIdentity } from "./schema";

export function toKeyDto(row: KeyRow): KeyDto {
  return {
    id: row.id,
    label: row.label,
    scope: row.scope,
    trusted: Boolean(row.trusted),
    created_at: fromDbTime(row.createdAt),
    last_used_at: row.lastUsedAt ? fromDbTime(row.lastUsedAt) : null,
    revoked_at: row.revokedAt ? fromDbTime(row.revokedAt) : null,
  };
}

export function toKeyIdentity(row: KeyRow): KeyIdentity {
  return { id: row.id, label: row.label, scope: row.scope, trusted: Boolean(row.trusted) };
}
