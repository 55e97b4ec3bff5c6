// A maintainer fixes what a resource shows (its url, its category) whatever the reporters give: the
// answer to a squatted resource that has too few honest reporters yet, or to a genuine disagreement.
import { transaction } from "../db";
import { recordAudit } from "../audit/record-audit";
import type { Actor } from "../audit/schema";
import { refuseFlaggedText } from "../text/screening/refuse-flagged-text";
import { parseInput } from "../validation";
import { resolveGovernedResource, toResourceState } from "./get-resource-admin";
import { refreshResourceDisplay } from "./refresh-resource-display";
import { findResourceState, setResourcePins, type ResourceStateRow } from "./repo";
import { pinResourceInput, type PinResourceInput, type ResourceStateDto } from "./schema";

/**
 * A string pins, null unpins, an absent field keeps its pin; the shown values follow at once. A pin
 * that screening flags is refused (refuse-flagged-text.ts): it would be shown to every agent.
 */
export async function pinResource(input: PinResourceInput, actor: Actor, now = new Date()): Promise<ResourceStateDto> {
  const pin = parseInput(pinResourceInput, input, "pin");
  const pinned: Record<string, string> = {};
  if (typeof pin.url === "string") pinned.url = pin.url;
  if (typeof pin.category === "string") pinned.category = pin.category;
  refuseFlaggedText(pinned, "pin");
  return transaction(async () => {
    const before = (await resolveGovernedResource(pin.name)).row;
    const pinnedUrl = pin.url === undefined ? before.pinnedUrl : pin.url;
    const pinnedCategory = pin.category === undefined ? before.pinnedCategory : pin.category;
    await setResourcePins(before.key, pinnedUrl, pinnedCategory);
    await refreshResourceDisplay([before.key]);
    const after = (await findResourceState(before.key))!;
    await recordAudit(
      {
        actor,
        action: "resource.pin",
        targetType: "resource",
        targetId: before.key,
        reason: pin.reason,
        before: shown(before),
        after: shown(after),
      },
      now,
    );
    return toResourceState(after);
  });
}

function shown(row: ResourceStateRow) {
  return { url: row.url, category: row.category, pinned_url: row.pinnedUrl, pinned_category: row.pinnedCategory };
}
