import { z } from "zod";
import { intParam } from "../validation";

/** Who made a change: a moderate key, or the bootstrap admin token (keyId ""). */
export type Actor = { keyId: string; label: string };

export const BOOTSTRAP_ACTOR_LABEL = "admin token";

/** Who manages keys from the shell (`npm run keys`): recorded in the audit log as such. */
export const SHELL_ACTOR: Actor = { keyId: "", label: "shell (npm run keys)" };

export type AuditEntryDto = {
  id: number;
  at: string;
  actor: { key_id: string | null; label: string };
  action: string;
  target: { type: string; id: string };
  reason: string;
  before: unknown;
  after: unknown;
};

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
