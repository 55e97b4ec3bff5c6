import { z } from "zod";
import { contentIdProblem } from "../contents/content-id";
import { hygienic, type TextKind } from "../text/hygiene";

export const SUGGESTED_CATEGORIES = ["mcp", "skill", "library", "api", "paper", "blog", "book", "course", "cli"] as const;

// `kind` says what the field may contain (lib/text/hygiene.ts): names are shown as identities.
const text = (field: string, min: number, max: number, kind: TextKind) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .transform(hygienic(kind, field))
    // Stored as written (NFC, trimmed): NFKC would turn Chinese full-width punctuation into ASCII.
    // Keys, hashes and the search index use NFKC forms of their own.
    .transform((s) => s.normalize("NFC").trim())
    .pipe(
      z
        .string()
        .min(min, { error: `${field} must not be empty` })
        .max(max, { error: `${field} must be at most ${max} characters` }),
    );

// Optional text: missing or null means empty.
const optionalText = (field: string, max: number, kind: TextKind) =>
  z.preprocess((v) => (v === null || v === undefined ? "" : v), text(field, 0, max, kind));

export function httpUrlProblem(value: string): string | null {
  if (value === "") return null;
  if (value.length > 2048) return "url must be at most 2048 characters";
  // URL parsing drops tabs and line breaks silently: the link followed would differ from the one shown.
  if (/[\t\n]/.test(value)) return "url must not contain tabs or line breaks";
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return "url must be an absolute http(s) URL such as https://github.com/owner/repo";
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return "url must use http or https";
  return null;
}

export const createExperienceInput = z.strictObject({
  name: text("name", 1, 200, "name"),
  url: optionalText("url", 2048, "free").superRefine((value, ctx) => {
    const problem = httpUrlProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
  category: optionalText("category", 40, "name").transform((s) => s.normalize("NFKC").toLowerCase().replace(/\s+/g, " ")),
  task: text("task", 1, 2000, "free"),
  score: z
    .number({ error: "score must be a number" })
    .int({ error: "score must be a whole number from 1 to 5" })
    .min(1, { error: "score must be from 1 to 5" })
    .max(5, { error: "score must be from 1 to 5" }),
  outcome: optionalText("outcome", 5000, "free"),
  tips: optionalText("tips", 5000, "free"),
  content_id: optionalText("content_id", 400, "name").superRefine((value, ctx) => {
    const problem = value === "" ? null : contentIdProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: `content_id ${problem}` });
  }),
  submitted_by: optionalText("submitted_by", 200, "name"),
  // A name that looks like an existing resource's is refused (409) unless the caller says it is a
  // different resource. Not part of the submission hash: it says how to store, not what happened.
  confirm_new_resource: z.boolean({ error: "confirm_new_resource must be true or false" }).default(false),
});

export type CreateExperienceInput = z.output<typeof createExperienceInput>;

/** One experience as agents see it. */
export type ExperienceDto = {
  id: number;
  name: string;
  url: string;
  category: string;
  task: string;
  score: number;
  outcome: string;
  tips: string;
  content_id: string;
  submitted_by: string;
  /** true when an API key wrote it; `key` then names it (id and label). submitted_by is a claim. */
  verified: boolean;
  key: { id: string; label: string } | null;
  status: string;
  created_at: string;
  updated_at: string;
};

/** An experience inside a resource group (search results): the resource fields are on the group. */
export type RelevantExperienceDto = Pick<
  ExperienceDto,
  "id" | "task" | "score" | "outcome" | "tips" | "content_id" | "submitted_by" | "verified" | "key" | "created_at"
>;

export type ResourceAggregateDto = {
  name: string;
  url: string;
  category: string;
  /** Mean of one vote per reporter (a key's latest report; each report without a key). */
  avg_score: number;
  experience_count: number;
  /** Distinct reporters behind avg_score and score_distribution. */
  reporter_count: number;
  score_distribution: Record<"1" | "2" | "3" | "4" | "5", number>;
};

export type CreateExperienceResult = {
  duplicate: boolean;
  experience: ExperienceDto;
  resource: ResourceAggregateDto;
  /** Present when the report is held for review (the API answers 202): why, and what screening found. */
  moderation?: { status: "pending"; reason: string; findings: unknown[] };
};
