import { z } from "zod";
import { intParam } from "../validation";

/** Who made a change: a moderate key, or the bootstrap admin token (keyId ""). */
export type Actor = { keyId: string; label: string };

export const BOOTSTRAP_ACTOR_LABEL = "admin token";

/** Who manages keys from the shell (`npm run keys`): recorded in the audit log as such. */
export const SHELL_ACTOR: Actor = { keyId: "", label: "shell (npm run keys)" };

export const auditEntryDto = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ key_id: z.string().nullable().describe("null: the bootstrap admin token or the shell"), label: z.string() }),
  action: z.string().describe("e.g. experience.hide"),
  target: z.object({ type: z.string(), id: z.string() }),
  reason: z.string(),
  before: z.unknown().describe("the target's state before (any JSON)"),
  after: z.unknown().describe("the target's state after (any JSON)"),
});
export type AuditEntryDto = z.output<typeof auditEntryDto>;

export const auditPageDto = z.object({
  entries: z.array(auditEntryDto),
  next_before_id: z.number().int().nullable().describe("pass as before_id for the next page; null on the last"),
});

export const listAuditInput = z.strictObject({
  target_type: z.string().max(40).optional(),
  target_id: z.string().max(400).optional(),
  action: z.string().max(60).optional(),
  limit: intParam("limit", 1, 200, 50),
  before_id: z
    .string()
    .regex(/^\d+$/, { error: "before_id must be an entry id from an earlier page" })
    .transform(Number)
    .optional(),
});

export type ListAuditInput = z.output<typeof listAuditInput>;
