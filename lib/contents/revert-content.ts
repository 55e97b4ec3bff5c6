import { transaction } from "../db";
import { recordAudit } from "../audit/record-audit";
import type { Actor } from "../audit/schema";
import { DomainError } from "../errors";
import { contentHash } from "./content-hash";
import { findContent, findRevision, writeContentNode } from "./repo";
import { indexContentNode } from "./index-content";

export type RevertContentResultDto = { id: string; revision: number; copied_from: number; visible_revision: number };

/**
 * Puts an earlier text back: a NEW published revision copying revision `toRevision`'s title, body
 * and sort_order, written by the maintainer (history is never rewritten, so the vandalised revision
 * stays on record, and can be hidden separately). It becomes the visible revision. Works on a
 * locked node: the lock keeps out writers, not maintainers.
 */
export async function revertContent(id: string, toRevision: number, reason: string, actor: Actor, now = new Date()): Promise<RevertContentResultDto> {
  return transaction(async () => {
    const node = await findContent(id);
    if (!node) throw new DomainError("not_found", `No content with id "${id}".`, { id });
    const source = await findRevision(id, toRevision);
    if (!source) {
      throw new DomainError("not_found", `Content "${id}" has no revision ${toRevision}; its latest is ${node.latestRevision}.`, {
        id,
        revision: toRevision,
        latest_revision: Number(node.latestRevision),
      });
    }
    // Published text comes only from an approval or a restore: reverting to a held, rejected or
    // hidden revision would publish it behind the queue's back.
    if (source.status !== "published") {
      throw new DomainError(
        "conflict",
        `Revision ${toRevision} of "${id}" is ${source.status}; only a published revision can be reverted to ` +
          `(${source.status === "pending" ? "approve" : "restore"} it instead).`,
        { id, revision: toRevision, status: source.status },
      );
    }
    const visibleBefore = Number(node.revision);
    if (
      visibleBefore > 0 &&
      node.contentHash === source.contentHash &&
      node.title === source.title &&
      Number(node.sortOrder) === Number(source.sortOrder)
    ) {
      // A second click on "revert" must not add a copy of what is already shown.
      throw new DomainError("conflict", `Content "${id}" already shows the text of revision ${toRevision}.`, {
        id,
        revision: toRevision,
        visible_revision: visibleBefore,
      });
    }
    const revision = await writeContentNode(
      {
        id,
        rootId: node.rootId,
        parentId: node.parentId,
        title: source.title,
        body: source.body,
        sortOrder: Number(source.sortOrder),
        contentHash: contentHash(source.body),
        submittedBy: actor.label,
        keyId: actor.keyId,
        keyLabel: actor.label,
        at: now,
      },
      { status: "published", findings: "[]", statusReason: reason },
      node,
    );
    await indexContentNode(id);
    await recordAudit(
      {
        actor,
        action: "content.revert",
        targetType: "content",
        targetId: id,
        reason,
        before: { visible_revision: visibleBefore },
        after: { revision, copied_from: toRevision },
      },
      now,
    );
    return { id, revision, copied_from: toRevision, visible_revision: revision };
  });
}
