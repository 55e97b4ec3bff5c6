import { fromDbTime } from "../db-time";
import { toProvenance } from "../keys/provenance";
import type { ExperienceItemRow, FlagItemRow, RevisionItemRow } from "./repo";
import type { QueueItemDto } from "./schema";

export function experienceItemDto(row: ExperienceItemRow): QueueItemDto {
  return {
    type: "experience",
    id: Number(row.id),
    status: row.status,
    status_reason: row.statusReason,
    findings: JSON.parse(row.findings),
    text: { task: row.task, outcome: row.outcome, tips: row.tips },
    resource: { name: row.name },
    content: null,
    score: Number(row.score),
    provenance: { submitted_by: row.submittedBy, ...toProvenance(row) },
    created_at: fromDbTime(row.createdAt),
  };
}

export function revisionItemDto(row: RevisionItemRow): QueueItemDto {
  return {
    type: "content_revision",
    id: `${row.contentId}@${row.revision}`,
    status: row.status,
    status_reason: row.statusReason,
    findings: JSON.parse(row.findings),
    text: { title: row.title, body: row.body },
    resource: null,
    content: { id: row.contentId, revision: Number(row.revision) },
    score: null,
    provenance: { submitted_by: row.submittedBy, ...toProvenance(row) },
    created_at: fromDbTime(row.createdAt),
  };
}

/** "pymupdf/find-tables@3" -> id and revision; null when it is not that shape. */
export function parseRevisionRef(ref: string | number): { contentId: string; revision: number } | null {
  if (typeof ref !== "string") return null;
  const at = ref.lastIndexOf("@");
  const revision = Number(ref.slice(at + 1));
  if (at <= 0 || !Number.isInteger(revision) || revision < 1) return null;
  return { contentId: ref.slice(0, at), revision };
}

/** A flag's record as the queue shows it: how often its key's flags were upheld, and their weight. */
export type FlagRecordView = { upheldShare: number | null; reliability: number };

export function flagItemDto(row: FlagItemRow, record: FlagRecordView): QueueItemDto {
  const status = row.verdictStatus === "pending" ? "pending" : row.verdictStatus === "upheld" ? "published" : "rejected";
  return {
    type: "flag",
    id: `${row.experienceId}/${row.keyId}`,
    status,
    status_reason: `${row.reason} flag on experience ${row.experienceId} (${row.experienceStatus})`,
    findings: [],
    text: { reason: row.reason, detail: row.detail, task: row.task, outcome: row.outcome, tips: row.tips },
    resource: { name: row.name },
    content: null,
    score: null,
    provenance: { submitted_by: "", ...toProvenance(row) },
    created_at: fromDbTime(row.createdAt),
    flag: {
      experience_id: Number(row.experienceId),
      reason: row.reason,
      key_upheld_share: record.upheldShare,
      key_reliability: record.reliability,
    },
  };
}

/** "12/key_0123456789abcdef" -> the flagged experience and the flagging key; null when it is not that shape. */
export function parseFlagRef(ref: string | number): { experienceId: number; keyId: string } | null {
  if (typeof ref !== "string") return null;
  const match = /^(\d+)\/(key_[0-9a-f]{16})$/.exec(ref);
  return match ? { experienceId: Number(match[1]), keyId: match[2] } : null;
}
