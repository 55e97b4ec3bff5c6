import type { Actor } from "../audit/schema";
import { decide } from "./decide";
import { findNextPending, type QueueItemRef } from "./queue-neighbours";
import { findQueuePosition } from "./queue-repo";
import type { DecisionInput, DecisionResultDto, QueueInput } from "./schema";

/**
 * A decision from the console, and where the maintainer goes next: the next pending item in the
 * queue's order and filters they were working through, or null when none is left.
 */
export async function decideThenFindNext(input: DecisionInput, queue: QueueInput, actor: Actor, now = new Date()): Promise<{ result: DecisionResultDto; next: QueueItemRef | null }> {
  // Where it stood before the decision: a flag's place is its updated_at, which the decision moves.
  const position = await findQueuePosition(input.type, String(input.id));
  const result = await decide(input, actor, now);
  return { result, next: await findNextPending(queue, position) };
}
