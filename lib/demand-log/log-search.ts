// Search logging must not add a write to every search's latency: entries are buffered and written
// in one transaction shortly after, never waiting for another writer's lock (lib/db-background.ts).
// A crash can lose at most the last second of log lines, never an agent's submission; a normal exit
// writes them.
import { backgroundBatch } from "../db-background";
import { toDbTime } from "../db-time";
import { redactSecrets } from "../text/secrets";
import { schedulePrune } from "./prune-demand-logs";
import { insertSearchLogs, type SearchLogEntry } from "./repo";

const searchLog = backgroundBatch<SearchLogEntry>("search log", insertSearchLogs, {
  flushAfterMs: 500,
  maxBuffer: 500,
  maxPending: 20_000,
  afterWrite: () => schedulePrune(),
});

/**
 * Buffers one search for the log. The query is stored as typed, except that anything that looks
 * like a secret (an API token pasted into a search) is redacted first: logs are read by people.
 */
export function logSearch(entry: Omit<SearchLogEntry, "createdAt">): void {
  void searchLog.add({
    ...entry,
    query: redactSecrets(entry.query),
    category: redactSecrets(entry.category),
    keyId: entry.keyId ?? "",
    createdAt: toDbTime(new Date()),
  });
}

/** Writes the buffered searches now, if the database is not locked (tests, benchmarks). */
export async function flushSearchLog(): Promise<void> {
  await searchLog.flush();
}

/** Searches buffered and not yet written. */
export function pendingSearchLog(): number {
  return searchLog.pending();
}
