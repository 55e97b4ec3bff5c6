// An item's place in the queue as a maintainer works through it: the items before and after it in
// the queue's current order and filters (the item page's previous/next), and the pending item to
// go to once it is decided.
import { listQueuePositions, findQueuePosition, type QueuePosition } from "./queue-repo";
import { queueFilterOf } from "./list-queue";
import { queueOrderOf, type ItemType, type QueueInput } from "./schema";

/** An item by type and id, as the console links to it. */
export type QueueItemRef = { type: ItemType; id: string | number };

export function refOf(position: QueuePosition): QueueItemRef {
  return { type: position.type, id: position.type === "experience" ? Number(position.ref) : position.ref };
}

/** The items just before and after this one among the queue's (not only pending: the filter's status). */
export async function findQueueNeighbours(queue: QueueInput, item: QueueItemRef): Promise<{ previous: QueueItemRef | null; next: QueueItemRef | null }> {
  const position = await findQueuePosition(item.type, String(item.id));
  if (!position) return { previous: null, next: null };
  const order = queueOrderOf(queue);
  const filter = queueFilterOf(queue);
  const [next] = await listQueuePositions(filter, order, position, 1);
  const [previous] = await listQueuePositions(filter, order === "oldest" ? "newest" : "oldest", position, 1);
  return { previous: previous ? refOf(previous) : null, next: next ? refOf(next) : null };
}

/**
 * The pending item to decide after `from`, in the queue's order and filters: the first one after
 * it, else the first from the start (one skipped earlier), else null (nothing left pending).
 * `from` is the decided item's position taken before its decision (a flag's moves when decided).
 */
export async function findNextPending(queue: QueueInput, from: QueuePosition | null): Promise<QueueItemRef | null> {
  const order = queueOrderOf({ ...queue, status: "pending" });
  const filter = queueFilterOf(queue, ["pending"]);
  const after = from ? await listQueuePositions(filter, order, from, 1) : [];
  const [next] = after.length > 0 ? after : await listQueuePositions(filter, order, null, 1);
  return next ? refOf(next) : null;
}
