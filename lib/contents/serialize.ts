import { fromDbTime } from "../db-time";
import { toProvenance } from "../keys/provenance";
import type { ContentRow, RevisionRow } from "./repo";
import type { ContentRevisionDto, SubmitContentResultDto } from "./schema";

export function toRevisionDto(row: RevisionRow): ContentRevisionDto {
  return {
    revision: Number(row.revision),
    content_hash: row.contentHash,
    title: row.title,
    submitted_by: row.submittedBy,
    ...toProvenance(row),
    created_at: fromDbTime(row.createdAt),
  };
}

export function toSubmitResultDto(status: SubmitContentResultDto["status"], row: ContentRow): SubmitContentResultDto {
  return {
    status,
    id: row.id,
    title: row.title,
    revision: Number(row.revision),
    content_hash: row.contentHash,
    created_at: fromDbTime(row.createdAt),
    updated_at: fromDbTime(row.updatedAt),
  };
}
