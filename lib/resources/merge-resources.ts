// Two resources that are one (a lookalike created with confirm_new_resource, a fork of a name):
// every report of one moves into the other, whose name, pins and skeleton stay. The experience
// triggers keep the aggregate exact through the move: a key that reported on both sides ends with
// one vote, its latest report. The merged name redirects to the surviving resource.
import { transaction } from "../db";
import { recordAudit } from "../audit/record-audit";
import type { Actor } from "../audit/schema";
import { toDbTime } from "../db-time";
import { DomainError } from "../errors";
import { indexText } from "../text/analyze";
import { parseInput } from "../validation";
import { resolveGovernedResource, toResourceState } from "./get-resource-admin";
import { refreshResourceDisplay } from "./refresh-resource-display";
import { findResourceState, moveExperiences, redirectResource, setResourcePins, widenResourceSeen } from "./repo";
import { mergeResourcesInput, type MergeResourcesInput, type MergeResourcesResult } from "./schema";

export async function mergeResources(input: MergeResourcesInput, actor: Actor, now = new Date()): Promise<MergeResourcesResult> {
  const merge = parseInput(mergeResourcesInput, input, "merge");
  return transaction(async () => {
    const from = await resolveGovernedResource(merge.from, "from");
    const into = (await resolveGovernedResource(merge.into, "into")).row;
    if (from.row.key === into.key) {
      const why = from.redirectedFrom ? `"${merge.from}" already leads to "${into.name}"` : "a resource cannot be merged into itself";
      throw new DomainError("invalid_input", `Nothing to merge: ${why}.`, { from: merge.from, into: merge.into, key: into.key });
    }
    const moved = await moveExperiences(from.row.key, into.key, into.name, indexText(into.name));
    await widenResourceSeen(into.key, String(from.row.firstSeen), String(from.row.lastSeen));
    // The merged-away side's pins were about the lookalike; the surviving resource keeps its own.
    await setResourcePins(from.row.key, null, null);
    await redirectResource(from.row.key, into.key, toDbTime(now));
    await refreshResourceDisplay([from.row.key, into.key]);
    const after = toResourceState((await findResourceState(into.key))!);
    const before = { from: toResourceState(from.row), into: toResourceState(into) };
    await recordAudit(
      {
        actor,
        action: "resource.merge",
        targetType: "resource",
        targetId: into.key,
        reason: merge.reason,
        before,
        after: { ...after, moved, redirect: { from: from.row.key, to: into.key } },
      },
      now,
    );
    return { ...before, resource: after, moved };
  });
}
