import { transaction } from "../db";
import { recordAudit } from "../audit/record-audit";
import type { Actor } from "../audit/schema";
import { DomainError } from "../errors";
import { findContent, findRevision, refreshVisibleRevision, setRevisionStatus, type RevisionStatus } from "./repo";
import { indexContentNode } from "./index-content";
import type { DecideRevisionResultDto } from "./schema";

export type RevisionAction = "approve" | "reject" | "hide" | "restore";

export type DecideRevisionInput = { id: string; revision: number; action: RevisionAction; reason: string };

/** What each decision does: from which statuses, to which. */
const TRANSITIONS: Record<RevisionAction, { from: readonly RevisionStatus[]; to: RevisionStatus }> = {
  approve: { from: ["pending"], to: "published" },
  reject: { from: ["pending"], to: "rejected" },
  hide: { from: ["published"], to: "hidden" },
  restore: { from: ["hidden", "rejected"], to: "published" },
};

/**
 * A maintainer's decision on one revision, with its audit entry in the same transaction. The node
 * then shows its latest published revision (none: the node is absent for the public), from the
 * next read on.
 */
export async function decideRevision(input: DecideRevisionInput, actor: Actor, now = new Date()): Promise<DecideRevisionResultDto> {
  const transition = TRANSITIONS[input.action];
  if (!transition) {
    throw new DomainError("invalid_input", "action must be approve, reject, hide or restore.", { action: input.action });
  }
  const target = `${input.id}@${input.revision}`;
  return transaction(async () => {
    const node = await findContent(input.id);
    const revision = node ? await findRevision(input.id, input.revision) : null;
    if (!node || !revision) {
      throw new DomainError("not_found", `No content revision ${target}.`, {
        id: input.id,
        revision: input.revision,
        ...(node ? { latest_revision: Number(node.latestRevision) } : {}),
      });
    }
    if (!transition.from.includes(revision.status)) {
      throw new DomainError(
        "conflict",
        `Revision ${input.revision} of "${input.id}" is ${revision.status}; ${input.action} applies to ${transition.from.join(" or ")} revisions.`,
        { id: input.id, revision: input.revision, status: revision.status, action: input.action },
      );
    }
    await setRevisionStatus(input.id, input.revision, transition.to, input.reason);
    const visible = await refreshVisibleRevision(input.id);
    // Search shows the visible revision: an approval makes its text findable, a hide takes it away.
    await indexContentNode(input.id);
    await recordAudit(
      {
        actor,
        action: `content_revision.${input.action}`,
        targetType: "content_revision",
        targetId: target,
        reason: input.reason,
        before: { status: revision.status },
        after: { status: transition.to },
      },
      now,
    );
    return { type: "content_revision", id: input.id, revision: input.revision, status: transition.to, visible_revision: visible };
  });
}
