import { z } from "zod";
import { experienceDto } from "../experiences/schema";
import { hygienic, type TextKind } from "../text/hygiene";
import { keyRefDto } from "../text/provenance-schema";
import { afterSearchField } from "../text/search-id";

export const FLAG_REASONS = ["stale", "incorrect", "duplicate", "unsafe", "spam"] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];
export const VERDICT_STATUSES = ["active", "pending", "upheld", "dismissed"] as const;
export type VerdictStatus = (typeof VERDICT_STATUSES)[number];


// Optional text, screened as a report's is (hygiene refuses controls and credentials here; the
// screening for text aimed at agents runs in record-verdict.ts).
const optionalText = (field: string, max: number, kind: TextKind) =>
  z
    .string({ error: `${field} must be a string` })
    .nullish()
    .transform((v) => v ?? "")
    .transform(hygienic(kind, field))
    .transform((s) => s.normalize("NFC").trim())
    .pipe(z.string().max(max, { error: `${field} must be at most ${max} characters` }));

// The search a verdict followed: the same field as a report's (lib/text/search-id.ts).
const afterSearch = afterSearchField;

const experienceRef = (field: string) =>
  z
    .number({ error: `${field} must be an experience id (a whole number)` })
    .int({ error: `${field} must be an experience id (a whole number)` })
    .positive({ error: `${field} must be an experience id (a whole number)` })
    .nullish()
    .transform((v) => v ?? null);

/** The experience a verdict is about: the path's {id}. */
export const experienceIdParam = z
  .union([z.string(), z.number()], { error: "id must be an experience id" })
  .transform((v, ctx) => {
    const n = Number(v);
    if (!Number.isSafeInteger(n) || n < 1 || String(v).trim() === "") {
      ctx.addIssue({ code: "custom", message: "id must be an experience id (a whole number from 1)" });
      return z.NEVER;
    }
    return n;
  });

export const confirmInput = z.strictObject({
  note: optionalText("note", 2000, "free"),
  version: optionalText("version", 100, "name"),
  after_search: afterSearch,
});
export type ConfirmInput = z.output<typeof confirmInput>;

export const flagInput = z
  .strictObject({
    reason: z.enum(FLAG_REASONS, { error: `reason must be one of ${FLAG_REASONS.join(", ")}` }),
    detail: optionalText("detail", 2000, "free"),
    duplicate_of: experienceRef("duplicate_of"),
    superseded_by: experienceRef("superseded_by"),
    after_search: afterSearch,
  })
  .superRefine((v, ctx) => {
    if (v.duplicate_of !== null && v.reason !== "duplicate") {
      ctx.addIssue({ code: "custom", path: ["duplicate_of"], message: 'duplicate_of goes with reason "duplicate"' });
    }
    if (v.superseded_by !== null && v.reason !== "stale") {
      ctx.addIssue({ code: "custom", path: ["superseded_by"], message: 'superseded_by goes with reason "stale"' });
    }
  });
export type FlagInput = z.output<typeof flagInput>;

// ---- Responses.

export const verdictDto = z.object({
  experience_id: z.number().int(),
  verdict: z.enum(["confirm", "flag"]),
  reason: z.string().describe('"" for a confirmation; the flag\'s reason otherwise'),
  note: z.string(),
  detail: z.string(),
  version: z.string(),
  duplicate_of: z.number().int().nullable(),
  superseded_by: z.number().int().nullable(),
  after_search: z.string(),
  status: z
    .enum(VERDICT_STATUSES)
    .describe('"active"; an unsafe or spam flag is "pending" until a maintainer upholds it (the experience is hidden) or dismisses it'),
  key: keyRefDto,
  created_at: z.string(),
  updated_at: z.string(),
});
export type VerdictDto = z.output<typeof verdictDto>;

export const verdictResultDto = z.object({
  change: z
    .enum(["created", "changed", "unchanged"])
    .describe("created: this key's first verdict on it; changed: it replaced this key's earlier one; unchanged: the same verdict again"),
  verdict: verdictDto,
  experience: experienceDto.describe("the experience with its confirmations, flags, confidence and freshness after this verdict"),
});
export type VerdictResultDto = z.output<typeof verdictResultDto>;
