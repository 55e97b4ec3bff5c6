// Response parts that experiences, contents and moderation all carry: who wrote a submission
// (its key) and what screening found when one is held. Here, below the domains, so that none of
// them imports another's schema for them (contents <-> experiences would be a cycle).
import { z } from "zod";

/** The key that wrote something: its id and label, never the token. */
export const keyRefDto = z.object({ id: z.string(), label: z.string() }).describe("The API key that wrote it (id and label, never the token).");

/** What screening found in a held submission (lib/text/screening/screen.ts `Finding`), or a confirmed lookalike name (lib/text/lookalike-hold.ts). */
export const screeningFindingDto = z.object({
  kind: z.string().describe("prompt_injection, role_marker, exfiltration, remote_code, untrusted_install, social_engineering, personal_data, invisible_text, lookalike_name (with existing and existing_key: what it looks like)"),
  field: z.string().describe("the submitted field the text is in"),
  start: z.number().int().describe("offset in the field as submitted (UTF-16 code units)"),
  end: z.number().int().describe("end offset, exclusive"),
  excerpt: z.string().describe("the matched text, shortened; invisible characters shown as <U+XXXX>"),
  rule: z.string().describe("stable id of the rule that fired"),
});
export type ScreeningFindingDto = z.output<typeof screeningFindingDto>;

/**
 * Findings as the DTO types carry them: `unknown` to the code that only passes them through (they
 * are stored as JSON and parsed back), while the document and the operation walk check the shape.
 */
export const findingsDto = z.array(screeningFindingDto as z.ZodType<unknown>);

/** Present on a write that is stored but held for a maintainer (the API answers 202). */
export const heldForReviewDto = z.object({
  status: z.literal("pending"),
  reason: z.string(),
  findings: findingsDto,
});
