// Renaming a resource (a typo, the project's new name) moves its reports to the new name's key:
// keys are permanent (a trigger refuses an in-place change), and the experience triggers keep the
// counts, votes and search index exact through the move. The old name keeps working: it redirects.
import { transaction } from "../db";
import { recordAudit } from "../audit/record-audit";
import type { Actor } from "../audit/schema";
import { toDbTime } from "../db-time";
import { DomainError } from "../errors";
import { displayName, resourceKey } from "../text/resource-key";
import { indexText } from "../text/analyze";
import { nameSkeleton } from "../text/skeleton";
import { refuseFlaggedText } from "../text/screening/refuse-flagged-text";
import { parseInput } from "../validation";
import { resolveGovernedResource, toResourceState } from "./get-resource-admin";
import { refreshResourceDisplay } from "./refresh-resource-display";
import {
  countResourceExperiences,
  findResourceState,
  moveExperiences,
  prepareRenamedResourceRow,
  redirectResource,
  setResourceName,
  setResourcePins,
} from "./repo";
import { renameResourceInput, type RenameResourceInput, type RenameResourceResult } from "./schema";

/**
 * Every experience (all statuses) moves to the new name, which becomes the display name; pins go
 * with it and the old name redirects. A change of letter case only ("pymupdf" -> "PyMuPDF") is the
 * same key: only the display name changes. A new name that already has reports is a merge (409).
 * A new name that screening flags is refused (refuse-flagged-text.ts), as every stored text is screened.
 */
export async function renameResource(input: RenameResourceInput, actor: Actor, now = new Date()): Promise<RenameResourceResult> {
  const rename = parseInput(renameResourceInput, input, "rename");
  refuseFlaggedText({ name: rename.new_name }, "rename", { name: "new_name" });
  const name = displayName(rename.new_name);
  const newKey = resourceKey(name);
  return transaction(async () => {
    const old = (await resolveGovernedResource(rename.name)).row;
    if (newKey === old.key && name === old.name) {
      throw new DomainError("invalid_input", `The resource is already named "${name}".`, { name: old.name, new_name: name });
    }
    let moved = 0;
    if (newKey !== old.key) {
      if ((await countResourceExperiences(newKey)) > 0) {
        const existing = (await findResourceState(newKey))!;
        throw new DomainError(
          "conflict",
          `"${existing.name}" already has experiences: merge "${old.name}" into it instead of renaming.`,
          { name: old.name, new_name: name, existing: existing.name, existing_key: newKey, suggestion: "merge" },
        );
      }
      await prepareRenamedResourceRow(newKey, name, String(old.firstSeen), String(old.lastSeen));
      moved = await moveExperiences(old.key, newKey, name, indexText(name));
      await setResourcePins(newKey, old.pinnedUrl, old.pinnedCategory);
      await setResourcePins(old.key, null, null);
      await redirectResource(old.key, newKey, toDbTime(now));
    }
    await setResourceName(newKey, name, nameSkeleton(name));
    await refreshResourceDisplay(newKey === old.key ? [newKey] : [old.key, newKey]);
    const after = (await findResourceState(newKey))!;
    await recordAudit(
      {
        actor,
        action: "resource.rename",
        targetType: "resource",
        targetId: newKey,
        reason: rename.reason,
        before: toResourceState(old),
        after: { ...toResourceState(after), moved, redirect: newKey === old.key ? null : { from: old.key, to: newKey } },
      },
      now,
    );
    return { previous: { key: old.key, name: old.name }, resource: toResourceState(after), moved };
  });
}
