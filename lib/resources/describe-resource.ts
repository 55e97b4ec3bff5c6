// A maintainer writes the one line that says what a resource is ("" goes back to the line derived
// from its reports). Audit-logged with the line before and after.
import { transaction } from "../db";
import { recordAudit } from "../audit/record-audit";
import type { Actor } from "../audit/schema";
import { refuseFlaggedText } from "../text/screening/refuse-flagged-text";
import { parseInput } from "../validation";
import { resolveGovernedResource } from "./get-resource-admin";
import { findResourceDescription, setResourceDescription } from "./repo";
import { describeResourceInput, type DescribeResourceInput } from "./schema";

/** Returns the description now set. A line that screening flags is refused: every reader sees it. */
export async function describeResource(input: DescribeResourceInput, actor: Actor, now = new Date()): Promise<{ name: string; description: string }> {
  const parsed = parseInput(describeResourceInput, input, "description");
  if (parsed.description) refuseFlaggedText({ description: parsed.description }, "description");
  return transaction(async () => {
    const { row } = await resolveGovernedResource(parsed.name);
    const before = await findResourceDescription(row.key);
    await setResourceDescription(row.key, parsed.description);
    await recordAudit(
      {
        actor,
        action: "resource.describe",
        targetType: "resource",
        targetId: row.key,
        reason: parsed.reason,
        before: { description: before },
        after: { description: parsed.description },
      },
      now,
    );
    return { name: row.name, description: parsed.description };
  });
}
