// Search logging must not add a write to every search's latency: entries are buffered and written
// in one transaction shortly after. A crash can lose at most the last second of log lines, never an
// agent's submission; a normal exit writes them (the 'exit' handler below).
//
// The demand logs (search_logs, content_misses) are kept for KNOWHUB_LOG_DAYS and at most
// KNOWHUB_LOG_MAX_ROWS rows each. Pruning runs in its own timer task after a flush, at most once a
// minute, in bounded DELETEs: never inside a request.
import { toDbTime } from "../db-time";
import { deleteContentMissesBefore, deleteContentMissesBeyond } from "../contents/repo";
import { LIMITS_TUNING, readLogRetentionConfig, type LogRetentionConfig } from "../limits/limits-config";
import { redactSecrets } from "../text/secrets";
import { deleteSearchLogsBefore, deleteSearchLogsBeyond, insertSearchLogs, type SearchLogEntry } from "./repo";

const FLUSH_AFTER_MS = 500;
const MAX_BUFFER = 500;
const DAY_MS = 86_400_000;

type LogState = {
  buffer: SearchLogEntry[];
  timer: NodeJS.Timeout | null;
  // The first flush starts the clock: a process prunes a minute after it starts logging, then at
  // most once a minute.
  lastPruneAt: number | null;
  pruneTimer: NodeJS.Timeout | null;
  retention: LogRetentionConfig | null;
  exitHook: boolean;
};

// On globalThis: Next bundles route modules separately, and they must share one buffer.
const state = globalThis as unknown as { knowhubSearchLog?: LogState };
state.knowhubSearchLog ??= { buffer: [], timer: null, lastPruneAt: null, pruneTimer: null, retention: null, exitHook: false };
const log = state.knowhubSearchLog;
// A module loaded before this version (dev reload) lacks the newer fields.
log.lastPruneAt ??= null;
log.pruneTimer ??= null;
log.retention ??= null;
if (!log.exitHook) {
  log.exitHook = true;
  // better-sqlite3 is synchronous, so the last buffered lines can still be written while exiting.
  process.on("exit", () => flushSearchLog());
}

/**
 * Buffers one search for the log. The query is stored as typed, except that anything that looks
 * like a secret (an API token pasted into a search) is redacted first: logs are read by people.
 */
export function logSearch(entry: Omit<SearchLogEntry, "createdAt">): void {
  log.buffer.push({
    ...entry,
    query: redactSecrets(entry.query),
    category: redactSecrets(entry.category),
    keyId: entry.keyId ?? "",
    createdAt: toDbTime(new Date()),
  });
  if (log.buffer.length >= MAX_BUFFER) flushSearchLog();
  else if (!log.timer) {
    log.timer = setTimeout(flushSearchLog, FLUSH_AFTER_MS);
    log.timer.unref?.();
  }
}

export function flushSearchLog(): void {
  if (log.timer) clearTimeout(log.timer);
  log.timer = null;
  const entries = log.buffer.splice(0);
  if (entries.length === 0) return;
  try {
    insertSearchLogs(entries);
  } catch (error) {
    console.error("search log flush failed", error);
  }
  schedulePrune();
}

/**
 * Prunes the demand logs soon, in a task of its own, if the last prune is a minute old. Called after
 * every search-log flush; a writer of other demand-log rows (content misses) may call it too.
 */
export function schedulePrune(now: number = Date.now()): void {
  if (log.lastPruneAt === null) log.lastPruneAt = now;
  if (log.pruneTimer || now - log.lastPruneAt < LIMITS_TUNING.pruneEveryMs) return;
  log.pruneTimer = setTimeout(() => {
    log.pruneTimer = null;
    try {
      pruneLogs();
    } catch (error) {
      console.error("log pruning failed", error);
    }
  }, 0);
  log.pruneTimer.unref?.();
}

export type PruneResult = { searchLogs: number; contentMisses: number };

/**
 * Deletes demand-log rows older than the retention age, then the oldest rows beyond the row cap,
 * in bounded batches (a large backlog is worked off over several prunes). Returns the rows deleted.
 */
export function pruneLogs(now: Date = new Date()): PruneResult {
  log.lastPruneAt = now.getTime();
  const retention = (log.retention ??= readLogRetentionConfig(process.env));
  const cutoff = toDbTime(new Date(now.getTime() - retention.maxAgeDays * DAY_MS));
  const searchLogs =
    inBatches((limit) => deleteSearchLogsBefore(cutoff, limit)) + inBatches((limit) => deleteSearchLogsBeyond(retention.maxRows, limit));
  const contentMisses =
    inBatches((limit) => deleteContentMissesBefore(cutoff, limit)) +
    inBatches((limit) => deleteContentMissesBeyond(retention.maxRows, limit));
  return { searchLogs, contentMisses };
}

/** Forgets the retention settings read from the environment (tests). */
export function resetLogRetention(): void {
  log.retention = null;
  log.lastPruneAt = null;
}

function inBatches(deleteUpTo: (limit: number) => number): number {
  let total = 0;
  for (let batch = 0; batch < LIMITS_TUNING.pruneMaxBatches; batch++) {
    const deleted = deleteUpTo(LIMITS_TUNING.pruneBatchRows);
    total += deleted;
    if (deleted < LIMITS_TUNING.pruneBatchRows) break;
  }
  return total;
}
