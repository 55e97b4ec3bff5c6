import { recordAudit } from "../audit/record-audit";
import { SHELL_ACTOR, type Actor } from "../audit/schema";
import { getSqlite } from "../db";
import { insertKey } from "./repo";
import type { CreateKeyInput, CreatedKeyDto } from "./schema";
import { generateKeyId, generateToken, hashToken } from "./token";

/**
 * Creates a key and returns its token: the only moment the token exists outside the caller.
 * Audited as a key change (never with the token).
 */
export function createKey(input: CreateKeyInput, now = new Date(), actor: Actor = SHELL_ACTOR): CreatedKeyDto {
  const token = generateToken();
  return getSqlite().transaction(() => {
    const row = insertKey({ id: generateKeyId(), label: input.label, scope: input.scope, trusted: input.trusted, tokenHash: hashToken(token), at: now });
    recordAudit(
      { actor, action: "key.create", targetType: "key", targetId: row.id, reason: "", before: null, after: { label: row.label, scope: row.scope, trusted: Boolean(row.trusted) } },
      now,
    );
    return { id: row.id, label: row.label, scope: row.scope, token };
  })();
}
