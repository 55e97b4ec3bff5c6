import { z } from "zod";
import type { Actor } from "../audit/schema";

/** The login form: an API key with the moderate scope, or the bootstrap admin token. */
export const loginInput = z.strictObject({
  // Bounded before it is hashed; keys are 46 characters, a bootstrap token has no fixed shape.
  token: z
    .string({ error: "token is required" })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, { error: "token is required" }).max(500, { error: "token must be at most 500 characters" })),
});
export type LoginInput = z.output<typeof loginInput>;

/** A console session as pages and actions see it. Never carries the session id itself. */
export type AdminSession = {
  actor: Actor;
  /** The moderate key behind the session, or null for the bootstrap admin token. */
  key_id: string | null;
  created_at: string;
  expires_at: string;
  /** The token every form of this session carries (lib/admin/csrf.ts). */
  csrf_token: string;
};

/** What a login hands the transport: the cookie value (once) and when it stops working. */
export type StartedSession = { session_id: string; actor: Actor; expires_at: string; max_age_seconds: number };
