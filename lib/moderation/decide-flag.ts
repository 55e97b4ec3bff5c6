// A maintainer's decision on an unsafe or spam flag: approve upholds it (the experience is hidden,
// as a "hide" decision would, audit logged), reject dismisses it (it stops counting against the
// experience, and the flagger's reliability, hence the weight of its other flags, falls).
import { recordAudit } from "../audit/record-audit";
import type { Actor } from "../audit/schema";
import { transaction } from "../db";
import { DomainError } from "../errors";
import { refreshResourceDisplay } from "../resources/refresh-resource-display";
import { refreshFlaggedBy, refreshStanding } from "../verdicts/refresh-standing";
import { setVerdictStatus } from "../verdicts/repo";
import { findFlagItem, setExperienceStatus } from "./repo";
import type { DecisionInput, DecisionResultDto, ItemStatus } from "./schema";
import { parseFlagRef } from "./serialize";

export async function decideFlag(input: DecisionInput, actor: Actor, now = new Date()): Promise<DecisionResultDto> {
  const ref = parseFlagRef(input.id);
  if (!ref) throw new DomainError("invalid_input", "A flag's id is experience_id/key_id, e.g. 12/key_0123456789abcdef.", { id: input.id });
  if (input.action !== "approve" && input.action !== "reject") {
    throw new DomainError("conflict", `A flag is approved (upheld: the experience is hidden) or rejected (dismissed); ${input.action} does not apply.`, {
      id: input.id,
      action: input.action,
    });
  }
  const id = `${ref.experienceId}/${ref.keyId}`;
  const result = await transaction(async () => {
    const row = await findFlagItem(ref.experienceId, ref.keyId);
    if (!row) throw new DomainError("not_found", `No unsafe or spam flag ${id}.`, { type: "flag", id });
    if (row.verdictStatus !== "pending") {
      throw new DomainError("conflict", `Flag ${id} was already ${row.verdictStatus}; ${input.action} applies to pending flags.`, { id, status: row.verdictStatus });
    }
    const upheld = input.action === "approve";
    await setVerdictStatus(ref.experienceId, ref.keyId, upheld ? "upheld" : "dismissed", now);
    await recordAudit(
      {
        actor,
        action: upheld ? "flag.uphold" : "flag.dismiss",
        targetType: "flag",
        targetId: id,
        reason: input.reason,
        before: { status: "pending", reason: row.reason, experience_status: row.experienceStatus },
        after: { status: upheld ? "upheld" : "dismissed" },
      },
      now,
    );
    if (upheld && row.experienceStatus === "published") {
      await setExperienceStatus(ref.experienceId, "hidden", `${row.reason} flag upheld: ${input.reason}`, now);
      await recordAudit(
        {
          actor,
          action: "experience.hide",
          targetType: "experience",
          targetId: String(ref.experienceId),
          reason: input.reason,
          before: { status: "published", resource: row.name },
          after: { status: "hidden", flag: id },
        },
        now,
      );
    }
    // The flag stops counting; this key's other flags weigh what its new record says.
    await refreshStanding(row.resourceKey, [ref.experienceId], now);
    await refreshFlaggedBy(ref.keyId, now);
    return { row, to: (upheld ? "published" : "rejected") as ItemStatus };
  });
  try {
    await refreshResourceDisplay([result.row.resourceKey]);
  } catch (error) {
    console.error("could not refresh the resource's shown url and category", error);
  }
  return { type: "flag", id, action: input.action, status: result.to, previous_status: "pending" };
}
