import { recordAudit } from "../audit/record-audit";
import { SHELL_ACTOR, type Actor } from "../audit/schema";
import { transaction } from "../db";
import { DomainError } from "../errors";
import { findKeyById, markKeyRevoked } from "./repo";
import type { KeyDto } from "./schema";
import { toKeyDto } from "./serialize";

/**
 * Revokes a key; the next request with its token is refused (keys are looked up on every request).
 * Revoking twice keeps the first time. Audited as a key change.
 */
export async function revokeKey(id: string, now = new Date(), audit: { actor: Actor; reason: string } = { actor: SHELL_ACTOR, reason: "" }): Promise<KeyDto> {
  return transaction(async () => {
    const before = await findKeyById(id);
    if (!before || !(await markKeyRevoked(id, now))) throw new DomainError("not_found", `No key with id "${id}".`, { id });
    const after = toKeyDto((await findKeyById(id))!);
    if (!before.revokedAt) {
      await recordAudit(
        { actor: audit.actor, action: "key.revoke", targetType: "key", targetId: id, reason: audit.reason, before: { revoked_at: null, label: before.label }, after: { revoked_at: after.revoked_at } },
        now,
      );
    }
    return after;
  });
}
