import { fromDbTime } from "../db-time";
import type { EvidenceDto, LearnedLinkDto } from "./schema";
import type { EvidenceRow, LinkRow } from "./repo";

export function toLearnedLinkDto(row: LinkRow): LearnedLinkDto {
  return {
    id: row.id,
    phrase: row.phrase,
    terms: row.terms.split(" ").filter(Boolean),
    resource_key: row.resourceKey,
    experience_ids: row.experienceIds,
    keys: row.keyCount,
    evidence_count: row.evidenceCount,
    status: row.status,
    created_at: fromDbTime(row.createdAt),
    updated_at: fromDbTime(row.updatedAt),
    removed: row.status === "removed" && row.removedAt ? { at: fromDbTime(row.removedAt), by: row.removedBy, reason: row.removedReason } : null,
  };
}

export function toEvidenceDto(row: EvidenceRow): EvidenceDto {
  return {
    source: row.source,
    experience_id: row.experienceId,
    key_id: row.keyId,
    query: row.query,
    search_confidence: row.searchConfidence,
    counts: Boolean(row.counts),
    reason: row.reason,
    created_at: fromDbTime(row.createdAt),
  };
}
