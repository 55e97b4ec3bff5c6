import type { Actor } from "../audit/schema";
import { transaction } from "../db";
import { revokeKey } from "../keys/revoke-key";
import type { KeyDto } from "../keys/schema";
import { bulkDecide } from "./bulk-decide";
import type { RevokeKeyInput } from "./schema";

/**
 * Revokes a key from the queue (its next request is refused) and, when asked, takes down
 * everything it wrote: published items are hidden, pending ones rejected.
 */
export async function revokeKeyFromQueue(input: RevokeKeyInput, actor: Actor, now = new Date()): Promise<{ key: KeyDto; hidden: number; rejected: number }> {
  return transaction(async () => {
    const key = await revokeKey(input.key_id, now, { actor, reason: input.reason });
    if (!input.hide_all) return { key, hidden: 0, rejected: 0 };
    const hidden = (await bulkDecide({ action: "hide", reason: input.reason, key_id: input.key_id }, actor, now)).changed;
    const rejected = (await bulkDecide({ action: "reject", reason: input.reason, key_id: input.key_id }, actor, now)).changed;
    return { key, hidden, rejected };
  });
}
