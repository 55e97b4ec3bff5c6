import { z } from "zod";
import { contentIdProblem } from "../contents/content-id";

export const SUGGESTED_CATEGORIES = ["mcp", "skill", "library", "api", "paper", "blog", "book", "course", "cli"] as const;

const text = (field: string, min: number, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
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
const optionalText = (field: string, max: number) =>
  z.preprocess((v) => (v === null || v === undefined ? "" : v), text(field, 0, max));

export function httpUrlProblem(value: string): string | null {
  if (value === "") return null;
  if (value.length > 2048) return "url must be at most 2048 characters";
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
  name: text("name", 1, 200),
  url: optionalText("url", 2048).superRefine((value, ctx) => {
    const problem = httpUrlProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
  category: optionalText("category", 40).transform((s) => s.normalize("NFKC").toLowerCase().replace(/\s+/g, " ")),
  task: text("task", 1, 2000),
  score: z
    .number({ error: "score must be a number" })
    .int({ error: "score must be a whole number from 1 to 5" })
    .min(1, { error: "score must be from 1 to 5" })
    .max(5, { error: "score must be from 1 to 5" }),
  outcome: optionalText("outcome", 5000),
  tips: optionalText("tips", 5000),
  content_id: optionalText("content_id", 400).superRefine((value, ctx) => {
    const problem = value === "" ? null : contentIdProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: `content_id ${problem}` });
  }),
  submitted_by: optionalText("submitted_by", 200),
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
  status: string;
  created_at: string;
  updated_at: string;
};

/** An experience inside a resource group (search results): the resource fields are on the group. */
export type RelevantExperienceDto = Pick<
  ExperienceDto,
  "id" | "task" | "score" | "outcome" | "tips" | "content_id" | "submitted_by" | "created_at"
>;

export type ResourceAggregateDto = {
  name: string;
  url: string;
  category: string;
  avg_score: number;
  experience_count: number;
  score_distribution: Record<"1" | "2" | "3" | "4" | "5", number>;
};

export type CreateExperienceResult = {
  duplicate: boolean;
  experience: ExperienceDto;
  resource: ResourceAggregateDto;
};
