import { z } from "zod";
import { intParam } from "../validation";

// ---- Console and /api/moderation/learned: what search learned, for maintainers to review.

export const listLinksInput = z.strictObject({
  status: z.enum(["active", "lapsed", "removed", "all"], { error: "status must be active, lapsed, removed or all" }).default("all"),
  limit: intParam("limit", 1, 200, 100),
});
export type ListLinksInput = z.output<typeof listLinksInput>;

export const removeLinkInput = z.strictObject({
  link_id: z.number({ error: "link_id must be a learned link's id" }).int({ error: "link_id must be a whole number" }).positive({ error: "link_id must be positive" }),
  reason: z
    .string({ error: (i) => (i.input === undefined ? "reason is required: say why, for the audit log" : "reason must be a string") })
    .transform((s) => s.normalize("NFC").trim())
    .pipe(z.string().min(1, { error: "reason is required: say why, for the audit log" }).max(1000, { error: "reason must be at most 1000 characters" })),
});
export type RemoveLinkInput = z.output<typeof removeLinkInput>;

export const evidenceDto = z.object({
  source: z.string().describe("report (a confirmation later)"),
  experience_id: z.number().int(),
  key_id: z.string(),
  query: z.string().describe("what the key searched"),
  search_confidence: z.string().describe("the cited search's confidence: high, low or none"),
  counts: z.boolean().describe("whether this write counts as evidence"),
  reason: z.string().describe("why it counts or not"),
  created_at: z.string(),
});
export type EvidenceDto = z.output<typeof evidenceDto>;

export const learnedLinkDto = z.object({
  id: z.number().int(),
  phrase: z.string().describe("the phrasing learned, as first searched"),
  terms: z.array(z.string()).describe("its analyzed terms: queries sharing enough of them (Jaccard) are answered by the link"),
  resource_key: z.string(),
  experience_ids: z.array(z.number().int()).describe("the reports the agreeing keys wrote"),
  keys: z.number().int().describe("distinct keys that agree"),
  evidence_count: z.number().int(),
  status: z.enum(["active", "lapsed", "removed"]).describe("lapsed: support fell below the threshold; removed: a maintainer removed it (final)"),
  created_at: z.string(),
  updated_at: z.string(),
  removed: z.object({ at: z.string(), by: z.string(), reason: z.string() }).nullable(),
});
export type LearnedLinkDto = z.output<typeof learnedLinkDto>;

export const learnedLinksDto = z.object({
  min_keys: z.number().int().describe("distinct keys needed before a link answers"),
  links: z.array(learnedLinkDto.extend({ evidence: z.array(evidenceDto).describe("the judged writes behind its resource, newest first") })),
});
export type LearnedLinksDto = z.output<typeof learnedLinksDto>;
