import { recordAudit } from "../audit/record-audit";
import type { Actor } from "../audit/schema";
import { transaction } from "../db";
import { decide } from "./decide";
import { listKeyItems } from "./repo";
import { TRANSITIONS, type BulkDecisionInput, type DecisionResultDto } from "./schema";

/**
 * Rejects or hides a flood at once: every item of one key that the action applies to, or a
 * selection. Each item gets its own audit entry, plus one for the bulk action. Never approves.
 */
export async function bulkDecide(input: BulkDecisionInput, actor: Actor, now = new Date()): Promise<{ changed: number; results: DecisionResultDto[] }> {
  return transaction(async () => {
    let items = input.items;
    if (!items) {
      const found = await listKeyItems(input.key_id!, [...TRANSITIONS[input.action].from]);
      items = [
        ...found.experiences.map((id) => ({ type: "experience" as const, id })),
        ...found.revisions.map((r) => ({ type: "content_revision" as const, id: `${r.contentId}@${r.revision}` })),
      ];
    }
    const results: DecisionResultDto[] = [];
    for (const item of items) results.push(await decide({ ...item, action: input.action, reason: input.reason }, actor, now));
    await recordAudit(
      {
        actor,
        action: `bulk.${input.action}`,
        targetType: input.key_id ? "key" : "selection",
        targetId: input.key_id ?? `${items.length} items`,
        reason: input.reason,
        before: null,
        after: { changed: results.length, items: results.map((r) => `${r.type}:${r.id}`) },
      },
      now,
    );
    return { changed: results.length, results };
  });
}
