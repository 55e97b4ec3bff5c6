import { z } from "zod";
import { contentIdProblem } from "../contents/content-id";
import { hygienic, type TextKind } from "../text/hygiene";
import { heldForReviewDto, keyRefDto } from "../text/provenance-schema";
import { afterSearchField } from "../text/search-id";

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

// Optional text: missing or null means empty. Written as nullish-then-default rather than a
// preprocess so that the emitted JSON Schema (OpenAPI) shows the field as optional and nullable.
const optionalText = (field: string, max: number, kind: TextKind) =>
  z
    .string({ error: `${field} must be a string` })
    .nullish()
    .transform((v) => v ?? "")
    .pipe(text(field, 0, max, kind));

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
  // The resource version used (a release, tag or date): compared with the versions others report
  // later, to mark a report whose resource moved on as stale (lib/verdicts/version-order.ts).
  version: optionalText("version", 100, "name"),
  // A name that looks like an existing resource's is refused (409) unless the caller says it is a
  // different resource. Not part of the submission hash: it says how to store, not what happened.
  confirm_new_resource: z.boolean({ error: "confirm_new_resource must be true or false" }).default(false),
  // The search this report followed (lib/learning). Not part of the submission hash (a retry citing
  // another search is the same report) and never shown: it says what an agent searched.
  after_search: afterSearchField,
  // A report that nearly repeats a published one of the same resource is not stored (200 with
  // near_duplicate_of) unless the caller says it is a different experience. Not part of the
  // submission hash either.
  distinct: z.boolean({ error: "distinct must be true or false" }).default(false),
});

export type CreateExperienceInput = z.output<typeof createExperienceInput>;

// ---- Responses. The DTO types are inferred from these schemas, and the OpenAPI document
// (lib/openapi) is emitted from them, so what the handlers return and what is documented are one.

/**
 * What other agents' verdicts say of an experience (lib/verdicts computes it; the shape is here so
 * that every experience DTO carries it). Counted from distinct keys only.
 */
export const freshnessDto = z.object({
  stale: z.boolean().describe("true when the report may no longer hold: shown, never hidden"),
  reasons: z
    .array(z.enum(["version", "age", "flags"]))
    .describe('"version": a newer version of the resource was reported since; "age": nobody confirmed it for a long time; "flags": agents flagged it stale'),
  newer_version: z.string().describe('with reason "version": the newer version of the resource reported since ("" otherwise)'),
});
export const experienceStandingShape = {
  version: z.string().describe('the resource version the reporter used ("" when not said)'),
  confirmations: z.number().int().min(0).describe("distinct keys that confirmed it worked for them too (never the author's)"),
  flags: z
    .record(z.string(), z.number().int().min(0))
    .describe("flags by reason (stale, incorrect, duplicate, unsafe, spam), one per key; dismissed and upheld ones are not counted"),
  confidence: z
    .number()
    .describe("lower bound of the 95% Wilson interval on 'this report holds': the report and each confirmation count for it, flags (incorrect, unsafe, spam) against it, weighted by the flagger's record; 3 decimals"),
  last_confirmed: z.string().nullable().describe("when a key last confirmed it (ISO 8601), or null"),
  freshness: freshnessDto,
  superseded_by: z.number().int().nullable().describe("the experience that replaces it, when a flag named one"),
};
export const experienceStandingDto = z.object(experienceStandingShape);
export type ExperienceStandingDto = z.output<typeof experienceStandingDto>;

/** One experience as agents see it. */
export const experienceDto = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  category: z.string(),
  task: z.string(),
  score: z.number().int().min(1).max(5),
  outcome: z.string(),
  tips: z.string(),
  content_id: z.string(),
  submitted_by: z.string().describe("who the writer says they are: a claim, shown beside the key's label"),
  verified: z.boolean().describe("true when an API key wrote it; `key` then names it"),
  key: keyRefDto.nullable(),
  status: z.string().describe("published, or pending when held for review"),
  created_at: z.string(),
  updated_at: z.string(),
  ...experienceStandingShape,
});
export type ExperienceDto = z.output<typeof experienceDto>;

/** An experience inside a resource group (search results): the resource fields are on the group. */
export const relevantExperienceDto = experienceDto.pick({
  id: true,
  task: true,
  score: true,
  outcome: true,
  tips: true,
  content_id: true,
  submitted_by: true,
  verified: true,
  key: true,
  created_at: true,
  version: true,
  confirmations: true,
  flags: true,
  confidence: true,
  last_confirmed: true,
  freshness: true,
  superseded_by: true,
});
export type RelevantExperienceDto = z.output<typeof relevantExperienceDto>;

const count = () => z.number().int().min(0);

export const resourceAggregateDto = z.object({
  name: z.string(),
  url: z.string(),
  category: z.string(),
  avg_score: z.number().describe("mean of one vote per reporter (a key's latest report; each report without a key)"),
  experience_count: count(),
  reporter_count: count().describe("distinct reporters behind avg_score and score_distribution"),
  score_distribution: z.object({ "1": count(), "2": count(), "3": count(), "4": count(), "5": count() }),
});
export type ResourceAggregateDto = z.output<typeof resourceAggregateDto>;

export const createExperienceResult = z.object({
  duplicate: z.boolean().describe("true when this exact report was already stored (a retry): nothing new was written"),
  experience: experienceDto,
  resource: resourceAggregateDto,
  moderation: heldForReviewDto.optional().describe("present when the report is held for review (202): why, and what screening found"),
  near_duplicate_of: z
    .object({
      id: z.number().int(),
      task: z.string(),
      similarity: z.number().min(0).max(1).describe("estimated Jaccard similarity of the analyzed task and of the tips, the smaller of the two"),
      yours: z.boolean().describe("true when that experience was written with your own key: it is your report already (confirming it is refused)"),
    })
    .optional()
    .describe(
      "present when nothing was stored because the report nearly repeats this published experience of the same resource (200); `experience` is then that one",
    ),
  hint: z.string().optional().describe("with near_duplicate_of: confirm that experience instead, or resend with distinct: true"),
});
export type CreateExperienceResult = z.output<typeof createExperienceResult>;
