import { recordAudit } from "../audit/record-audit";
import { SHELL_ACTOR, type Actor } from "../audit/schema";
import { transaction } from "../db";
import { insertKey } from "./repo";
import type { CreateKeyInput, CreatedKeyDto } from "./schema";
import { generateKeyId, generateToken, hashToken } from "./token";

/**
 * Creates a key and returns its token: the only moment the token exists outside the caller.
 * Audited as a key change (never with the token).
 */
export async function createKey(input: CreateKeyInput, now = new Date(), actor: Actor = SHELL_ACTOR): Promise<CreatedKeyDto> {
  const token = generateToken();
  return transaction(async () => {
    const row = await insertKey({ id: generateKeyId(), label: input.label, scope: input.scope, trusted: input.trusted, tokenHash: hashToken(token), at: now });
    await recordAudit(
      { actor, action: "key.create", targetType: "key", targetId: row.id, reason: "", before: null, after: { label: row.label, scope: row.scope, trusted: Boolean(row.trusted) } },
      now,
    );
    return { id: row.id, label: row.label, scope: row.scope, token };
  });
}
