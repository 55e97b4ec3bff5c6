import { z } from "zod";
import { nameTextProblem, secretProblem } from "../text/hygiene";

/** Why a key label cannot be shown as a verified identity, or null (also for imported labels). */
export function labelProblem(label: string): string | null {
  return nameTextProblem(label) ?? secretProblem(label);
}

/** moderate implies write, write implies read. */
export const KEY_SCOPES = ["read", "write", "moderate"] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

export function scopeAllows(scope: KeyScope, need: KeyScope): boolean {
  return KEY_SCOPES.indexOf(scope) >= KEY_SCOPES.indexOf(need);
}

export const createKeyInput = z.strictObject({
  label: z
    .string({ error: "label is required" })
    .transform((s) => s.normalize("NFC").trim())
    .pipe(
      z
        .string()
        .min(1, { error: "label must not be empty" })
        .max(100, { error: "label must be at most 100 characters" })
        // Labels are shown as verified identities: printable, no invisible or control characters.
        .regex(/^[\p{L}\p{N}\p{P}\p{S} ]+$/u, { error: "label may contain only letters, digits, punctuation, symbols and spaces" })
        // Shown to every reader as a verified identity: nothing invisible (U+3164 is a "letter"
        // that renders as nothing), and never a credential.
        .superRefine((label, ctx) => {
          const problem = labelProblem(label);
          if (problem) ctx.addIssue({ code: "custom", message: `label ${problem}` });
        }),
    ),
  scope: z.enum(KEY_SCOPES, { error: "scope must be read, write or moderate" }),
  trusted: z.boolean({ error: "trusted must be true or false" }).default(false),
});

export type CreateKeyInput = z.output<typeof createKeyInput>;

/** A key as maintainers see it: never the token, never its hash. */
export const keyDto = z.object({
  id: z.string(),
  label: z.string(),
  scope: z.enum(KEY_SCOPES),
  trusted: z.boolean(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type KeyDto = z.output<typeof keyDto>;

/** The answer to creating a key: the only time the token is shown. */
export type CreatedKeyDto = { id: string; label: string; scope: KeyScope; token: string };

/** The key behind a request, as provenance and authorization need it. */
export type KeyIdentity = { id: string; label: string; scope: KeyScope; trusted: boolean };
