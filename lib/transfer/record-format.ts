// The JSONL line format shared by import and export. One JSON object per line:
//   {"type":"experience", name, url, category, task, score, outcome, tips, content_id, submitted_by,
//    [version], created_at, [updated_at], [status], [findings], [status_reason]}
//                                             (a line without "type" is an experience too, so
//                                              plain API bodies such as the eval corpus import as-is)
//   {"type":"content_revision", id, revision, title, body, sort_order, submitted_by, created_at,
//    [status], [findings], [status_reason], [locked]}
// status defaults to published; findings (the screening findings, a JSON array), status_reason and
// locked (the node takes revisions from moderate keys only) are moderation state, written by a full
// export (`--all`) so that a backup restores the review queue and the locks as they were.
// The API fields go through the API's own zod schemas; only the envelope (type, times, revision,
// status) is validated here, so an export always re-validates and the API stays the single rule.
import { z } from "zod";
import { submitContentInput, type SubmitContentInput } from "../contents/schema";
import { parseFindings } from "../contents/serialize";
import { createExperienceInput, type CreateExperienceInput } from "../experiences/schema";
import { NO_KEY, type ProvenanceColumns } from "../keys/provenance";
import { labelProblem } from "../keys/schema";
import { hygienic } from "../text/hygiene";
import { describeIssues } from "../validation";

export const EXPERIENCE = "experience";
export const CONTENT_REVISION = "content_revision";
export const PUBLISHED = "published";
export const STATUSES = ["published", "pending", "rejected", "hidden"] as const;
export type Status = (typeof STATUSES)[number];

const time = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be an ISO 8601 time such as 2026-01-31T12:00:00.000Z` });

// Provenance: the key that wrote the row on the hub it was exported from (id and label, never a
// token). An import keeps it as it was written there.
const keyEnvelope = z
  .strictObject({
    id: z.string().regex(/^key_[0-9a-f]{16}$/, { error: "key.id must look like key_0123456789abcdef" }),
    label: z
      .string()
      .min(1)
      .max(100)
      .superRefine((label, ctx) => {
        const problem = labelProblem(label);
        if (problem) ctx.addIssue({ code: "custom", message: `key.label ${problem}` });
      }),
  }, { error: "key must be an object with id and label" })
  .optional();

// Moderation may hold, reject or hide rows; an export keeps that state so that a restore neither
// republishes them nor loses the queue.
function moderationEnvelope() {
  return {
    status: z.enum(STATUSES, { error: `status must be ${STATUSES.join(", ")}` }).optional(),
    findings: z.array(z.unknown(), { error: "findings must be an array" }).max(100, { error: "findings must have at most 100 entries" }).optional(),
    status_reason: z
      .string({ error: "status_reason must be a string" })
      .transform(hygienic("free", "status_reason", "allow"))
      .pipe(z.string().max(2000, { error: "status_reason must be at most 2000 characters" }))
      .optional(),
  };
}

const experienceEnvelope = z.object({
  type: z.literal(EXPERIENCE).optional(),
  key: keyEnvelope,
  created_at: time("created_at").optional(),
  updated_at: time("updated_at").optional(),
  ...moderationEnvelope(),
});

const revisionEnvelope = z.object({
  type: z.literal(CONTENT_REVISION),
  key: keyEnvelope,
  revision: z
    .number({ error: "revision must be a number" })
    .int({ error: "revision must be a whole number from 1" })
    .min(1, { error: "revision must be a whole number from 1" }),
  created_at: time("created_at").optional(),
  ...moderationEnvelope(),
  locked: z.boolean({ error: "locked must be true or false" }).optional(),
});

/** Moderation state as stored: findings as JSON text. */
export type ModerationColumns = { status: Status; findings: string; statusReason: string };

export type ExperienceRecord = {
  type: typeof EXPERIENCE;
  input: CreateExperienceInput;
  createdAt: string | undefined;
  updatedAt: string | undefined;
  key: ProvenanceColumns;
} & ModerationColumns;

export type RevisionRecord = {
  type: typeof CONTENT_REVISION;
  input: SubmitContentInput;
  revision: number;
  createdAt: string | undefined;
  key: ProvenanceColumns;
  locked: boolean;
} & ModerationColumns;

export type ParsedRecord = ExperienceRecord | RevisionRecord;

export class RecordError extends Error {}

/** Validates one decoded line; throws RecordError with every field problem in one message. */
export function parseRecord(value: unknown): ParsedRecord {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new RecordError("a line must be one JSON object");
  }
  const { type, created_at, updated_at, status, findings, status_reason, locked, revision, key, ...fields } = value as Record<string, unknown>;
  const moderation = { status, findings, status_reason };
  if (type === undefined || type === EXPERIENCE) {
    // locked is not an experience field: hand it back so the API schema names it as unknown.
    if (locked !== undefined) fields.locked = locked;
    const envelope = check(experienceEnvelope, { type, created_at, updated_at, key, ...moderation });
    // revision is not an experience field: hand it back so the API schema names it as unknown.
    const input = check(createExperienceInput, revision === undefined ? fields : { ...fields, revision });
    return {
      type: EXPERIENCE,
      input,
      createdAt: envelope.created_at,
      updatedAt: envelope.updated_at,
      key: toColumns(envelope.key),
      ...toModeration(envelope),
    };
  }
  if (type === CONTENT_REVISION) {
    const envelope = check(revisionEnvelope, { type, revision, created_at, key, locked, ...moderation });
    const extra = updated_at === undefined ? {} : { updated_at };
    const input = check(submitContentInput, { ...fields, ...extra });
    return {
      type: CONTENT_REVISION,
      input,
      revision: envelope.revision,
      createdAt: envelope.created_at,
      key: toColumns(envelope.key),
      locked: envelope.locked ?? false,
      ...toModeration(envelope),
    };
  }
  throw new RecordError(`type must be "${EXPERIENCE}" or "${CONTENT_REVISION}" (got ${JSON.stringify(type)})`);
}

function toModeration(envelope: { status?: Status; findings?: unknown[]; status_reason?: string }): ModerationColumns {
  return {
    status: envelope.status ?? PUBLISHED,
    findings: JSON.stringify(envelope.findings ?? []),
    statusReason: envelope.status_reason ?? "",
  };
}

function toColumns(key: { id: string; label: string } | undefined): ProvenanceColumns {
  return key ? { keyId: key.id, keyLabel: key.label } : NO_KEY;
}

function check<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new RecordError(describeIssues(result.error).map((i) => `${i.field}: ${i.message}`).join("; "));
}

/** Export shape of an experience: the API fields plus the envelope, optional parts only when set. */
export function experienceLine(row: {
  name: string; url: string; category: string; task: string; score: number; outcome: string; tips: string;
  contentId: string; submittedBy: string; keyId: string; keyLabel: string; status: string; findings: string; statusReason: string;
  createdAt: string; updatedAt: string; version?: string;
}, withModeration = false): Record<string, unknown> {
  return {
    type: EXPERIENCE,
    name: row.name,
    url: row.url,
    category: row.category,
    task: row.task,
    score: row.score,
    outcome: row.outcome,
    tips: row.tips,
    content_id: row.contentId,
    submitted_by: row.submittedBy,
    // The resource version used (#21), only when given: lines of reports without one stay as they were.
    ...(row.version ? { version: row.version } : {}),
    ...keyField(row),
    created_at: row.createdAt,
    ...(row.updatedAt !== row.createdAt ? { updated_at: row.updatedAt } : {}),
    ...moderationFields(row, withModeration),
  };
}

/**
 * Export shape of a content revision. `withModeration` (a full export) adds the moderation state:
 * status when not published, findings, status_reason and the node's lock when set.
 */
export function revisionLine(row: {
  contentId: string; revision: number; title: string; body: string; sortOrder: number; submittedBy: string;
  keyId: string; keyLabel: string; status: string; findings: string; statusReason: string; locked: boolean; createdAt: string;
}, withModeration = false): Record<string, unknown> {
  return {
    type: CONTENT_REVISION,
    id: row.contentId,
    revision: row.revision,
    title: row.title,
    body: row.body,
    sort_order: row.sortOrder,
    submitted_by: row.submittedBy,
    ...keyField(row),
    created_at: row.createdAt,
    ...moderationFields(row, withModeration),
    ...(withModeration && row.locked ? { locked: true } : {}),
  };
}

// The status always travels (a public export holds published rows only, so it never shows there);
// findings and reasons are the maintainers' working notes, in a full export only.
function moderationFields(row: { status: string; findings: string; statusReason: string }, withModeration: boolean): Record<string, unknown> {
  const findings = withModeration ? parseFindings(row.findings) : [];
  return {
    ...(row.status !== PUBLISHED ? { status: row.status } : {}),
    ...(findings.length > 0 ? { findings } : {}),
    ...(withModeration && row.statusReason !== "" ? { status_reason: row.statusReason } : {}),
  };
}

function keyField(row: ProvenanceColumns): Record<string, unknown> {
  return row.keyId ? { key: { id: row.keyId, label: row.keyLabel } } : {};
}
