// The queue a maintainer is working through travels with them: its filters and order go from the
// queue's rows to each item page (query string), into the decision form (hidden queue_* fields),
// and back into the next item's URL, so "next" means the next item of that same queue.
import { pick, type SearchParams } from "./query";

export const QUEUE_PARAMS = ["status", "type", "finding", "resource", "key_id", "order"] as const;

/** The queue's filters and order in a page's query, as strings (absent ones left out). */
export function queueQueryOf(query: SearchParams): Record<string, string> {
  return pick(query, QUEUE_PARAMS);
}
