import { transaction } from "../db";
import { recordAudit } from "../audit/record-audit";
import type { Actor } from "../audit/schema";
import { DomainError } from "../errors";
import { findContent, setContentLocked } from "./repo";

/**
 * Locks a node (only moderate keys may then revise it or add nodes under it: a page under repeated vandalism) or unlocks
 * it, with its audit entry. Asking for the state it is already in changes nothing and records nothing.
 */
export async function setContentLock(id: string, locked: boolean, reason: string, actor: Actor, now = new Date()): Promise<{ id: string; locked: boolean }> {
  return transaction(async () => {
    const node = await findContent(id);
    if (!node) throw new DomainError("not_found", `No content with id "${id}".`, { id });
    const was = Boolean(Number(node.locked));
    if (was === locked) return { id, locked };
    await setContentLocked(id, locked);
    await recordAudit(
      {
        actor,
        action: locked ? "content.lock" : "content.unlock",
        targetType: "content",
        targetId: id,
        reason,
        before: { locked: was },
        after: { locked },
      },
      now,
    );
    return { id, locked };
  });
}
