import { recordAudit } from "../audit/record-audit";
import type { Actor } from "../audit/schema";
import { DomainError } from "../errors";
import { findContent, inWriteTransaction, setContentLocked } from "./repo";

/**
 * Locks a node (only moderate keys may then revise it or add nodes under it: a page under repeated vandalism) or unlocks
 * it, with its audit entry. Asking for the state it is already in changes nothing and records nothing.
 */
export function setContentLock(id: string, locked: boolean, reason: string, actor: Actor, now = new Date()): { id: string; locked: boolean } {
  return inWriteTransaction(() => {
    const node = findContent(id);
    if (!node) throw new DomainError("not_found", `No content with id "${id}".`, { id });
    const was = Boolean(Number(node.locked));
    if (was === locked) return { id, locked };
    setContentLocked(id, locked);
    recordAudit(
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
