// A GET of a content id that does not exist is a demand signal: somebody wanted deeper content
// there. Written at once when the database is free (so insights see it from the next request on),
// otherwise buffered and written later: the request never waits for another writer's lock.
import { backgroundBatch } from "../db-background";
import { toDbTime } from "../db-time";
import { redactSecrets } from "../text/secrets";
import { schedulePrune } from "./prune-demand-logs";
import { insertContentMisses, type ContentMissEntry } from "./repo";

const misses = backgroundBatch<ContentMissEntry>("content misses", insertContentMisses, {
  flushAfterMs: 500,
  maxBuffer: 1,
  maxPending: 5_000,
  afterWrite: () => schedulePrune(),
});

/** `clientId`: who asked (client-id.ts), "" when unknown. */
export function recordContentMiss(id: string, clientId = "", at = new Date()): Promise<void> {
  // A token pasted into a URL by mistake must not land in the log in the clear.
  return misses.add({ contentId: redactSecrets(id), createdAt: toDbTime(at), clientId });
}
