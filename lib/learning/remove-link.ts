import type { Actor } from "../audit/schema";
import { recordAudit } from "../audit/record-audit";
import { transaction } from "../db";
import { DomainError } from "../errors";
import { findLink, markLinkRemoved } from "./repo";
import type { LearnedLinkDto, RemoveLinkInput } from "./schema";
import { toLearnedLinkDto } from "./serialize";

/**
 * A maintainer removes a learned link: search stops answering with it from the next request (the
 * update moves the search generation), learning never makes it active again, and the audit log
 * says who and why. Removing a removed link changes nothing and records nothing.
 */
export async function removeLearnedLink(input: RemoveLinkInput, actor: Actor, now = new Date()): Promise<LearnedLinkDto> {
  return transaction(async () => {
    const before = await findLink(input.link_id);
    if (!before) throw new DomainError("not_found", `No learned link ${input.link_id}.`, { link_id: input.link_id });
    if (before.status === "removed") return toLearnedLinkDto(before);
    await markLinkRemoved(before.id, actor.label, input.reason, now);
    const after = (await findLink(before.id))!;
    await recordAudit(
      {
        actor,
        action: "learned_link.remove",
        targetType: "learned_link",
        targetId: String(before.id),
        reason: input.reason,
        before: { status: before.status, phrase: before.phrase, resource_key: before.resourceKey, keys: before.keyCount },
        after: { status: after.status },
      },
      now,
    );
    return toLearnedLinkDto(after);
  });
}
