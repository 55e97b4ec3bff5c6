import { fromDbTime } from "../db-time";
import { toProvenance } from "../keys/provenance";
import type { ContentRow, RevisionRow, RevisionSummaryRow } from "./repo";
import type { ContentAdminRevisionDto, ContentRevisionDto, SubmitContentResultDto } from "./schema";

export function toRevisionDto(row: RevisionSummaryRow): ContentRevisionDto {
  return {
    revision: Number(row.revision),
    content_hash: row.contentHash,
    title: row.title,
    submitted_by: row.submittedBy,
    ...toProvenance(row),
    created_at: fromDbTime(row.createdAt),
  };
}

/** created / updated / unchanged: the node's visible revision is the one to report. */
export function toSubmitResultDto(status: "created" | "updated" | "unchanged", row: ContentRow): SubmitContentResultDto {
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

/** A held revision: reported as submitted (number, title, hash), with why it waits. */
export function toPendingResultDto(node: ContentRow, revision: RevisionRow): SubmitContentResultDto {
  return {
    status: "pending",
    id: node.id,
    title: revision.title,
    revision: Number(revision.revision),
    content_hash: revision.contentHash,
    created_at: fromDbTime(node.createdAt),
    updated_at: fromDbTime(revision.createdAt),
    moderation: { status: "pending", reason: revision.statusReason, findings: parseFindings(revision.findings) },
  };
}

export function toAdminRevisionDto(row: RevisionRow): ContentAdminRevisionDto {
  return {
    revision: Number(row.revision),
    status: row.status,
    status_reason: row.statusReason,
    findings: parseFindings(row.findings),
    title: row.title,
    body: row.body,
    sort_order: Number(row.sortOrder),
    content_hash: row.contentHash,
    submitted_by: row.submittedBy,
    ...toProvenance(row),
    created_at: fromDbTime(row.createdAt),
  };
}

/** The stored findings (a JSON array written by this code); anything else reads as none rather than failing a page. */
export function parseFindings(text: string): unknown[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}
