import { recordAudit } from "../audit/record-audit";
import type { Actor } from "../audit/schema";
import { decideRevision } from "../contents/decide-revision";
import { transaction } from "../db";
import { DomainError } from "../errors";
import { refreshResourceDisplay } from "../resources/refresh-resource-display";
import { refreshStanding } from "../verdicts/refresh-standing";
import { decideFlag } from "./decide-flag";
import { findExperienceItem, findRevisionItem, setExperienceStatus } from "./repo";
import { TRANSITIONS, type DecisionInput, type DecisionResultDto } from "./schema";
import { parseRevisionRef } from "./serialize";

/**
 * One maintainer's decision on one item, with its audit entry in the same transaction. Search,
 * pages, the API and the aggregates follow the new status from the next request on: only
 * published rows are indexed and counted (the triggers), and the answer cache sees the write.
 */
export async function decide(input: DecisionInput, actor: Actor, now = new Date()): Promise<DecisionResultDto> {
  if (input.type === "content_revision") {
    const ref = parseRevisionRef(input.id);
    if (!ref) throw new DomainError("invalid_input", "A content revision's id is content_id@revision, e.g. pymupdf/find-tables@3.", { id: input.id });
    const before = await findRevisionItem(ref.contentId, ref.revision);
    const result = await decideRevision({ id: ref.contentId, revision: ref.revision, action: input.action, reason: input.reason }, actor, now);
    return { type: "content_revision", id: `${ref.contentId}@${ref.revision}`, action: input.action, status: result.status as DecisionResultDto["status"], previous_status: before?.status ?? "pending" };
  }
  if (input.type === "flag") return decideFlag(input, actor, now);
  const id = Number(input.id);
  const result = await transaction(async () => {
    const row = Number.isInteger(id) ? await findExperienceItem(id) : null;
    if (!row) throw new DomainError("not_found", `No experience ${input.id}.`, { type: input.type, id: input.id });
    const transition = TRANSITIONS[input.action];
    if (!transition.from.includes(row.status)) {
      throw new DomainError("conflict", `Experience ${id} is ${row.status}; ${input.action} applies to ${transition.from.join(" or ")} items.`, {
        id,
        status: row.status,
        action: input.action,
      });
    }
    await setExperienceStatus(id, transition.to, input.reason, now);
    // The versions its resource's reports say follow its status (a hidden report's newer version no longer counts).
    await refreshStanding(row.resourceKey, [], now);
    await recordAudit(
      {
        actor,
        action: `experience.${input.action}`,
        targetType: "experience",
        targetId: String(id),
        reason: input.reason,
        before: { status: row.status, resource: row.name },
        after: { status: transition.to },
      },
      now,
    );
    return { row, to: transition.to };
  });
  // What is shown for the resource (url, category) follows its published reports.
  try {
    await refreshResourceDisplay([result.row.resourceKey]);
  } catch (error) {
    console.error("could not refresh the resource's shown url and category", error);
  }
  return { type: "experience", id, action: input.action, status: result.to, previous_status: result.row.status };
}
