// The demand logs (search_logs, content_misses) are kept for KNOWHUB_LOG_DAYS and at most
// KNOWHUB_LOG_MAX_ROWS rows each. Pruning runs in its own timer task after a flush, at most once a
// minute, in bounded DELETEs, never waiting for another writer's lock (a locked database is pruned
// at the next minute): never inside a request.
import { dbUnavailableCause } from "../db-errors";
import { toDbTime } from "../db-time";
import { transaction } from "../db";
import { LIMITS_TUNING, readLogRetentionConfig, type LogRetentionConfig } from "../limits/limits-config";
import { deleteContentMissesBefore, deleteContentMissesBeyond, deleteSearchLogsBefore, deleteSearchLogsBeyond } from "./repo";

const DAY_MS = 86_400_000;

type PruneState = {
  // The first flush starts the clock: a process prunes a minute after it starts logging, then at
  // most once a minute.
  lastPruneAt: number | null;
  pruneTimer: NodeJS.Timeout | null;
  retention: LogRetentionConfig | null;
};

// On globalThis: Next bundles route modules separately, and they must share one clock.
const holder = globalThis as unknown as { knowhubDemandLogPrune?: PruneState };
holder.knowhubDemandLogPrune ??= { lastPruneAt: null, pruneTimer: null, retention: null };
const state = holder.knowhubDemandLogPrune;

/** Prunes the demand logs soon, in a task of its own, if the last prune is a minute old. Called after every flush. */
export function schedulePrune(now: number = Date.now()): void {
  if (state.lastPruneAt === null) state.lastPruneAt = now;
  if (state.pruneTimer || now - state.lastPruneAt < LIMITS_TUNING.pruneEveryMs) return;
  state.pruneTimer = setTimeout(() => {
    state.pruneTimer = null;
    // Each batch is a transaction of its own that does not wait for the writer (waitMs 0).
    pruneLogs(new Date(), 0).catch((error) => {
      if (dbUnavailableCause(error) !== "busy") console.error("log pruning failed", error);
    });
  }, 0);
  state.pruneTimer.unref?.();
}

export type PruneResult = { searchLogs: number; contentMisses: number };

/**
 * Deletes demand-log rows older than the retention age, then the oldest rows beyond the row cap,
 * in bounded batches (a large backlog is worked off over several prunes). Returns the rows deleted.
 */
export async function pruneLogs(now: Date = new Date(), waitMs?: number): Promise<PruneResult> {
  state.lastPruneAt = now.getTime();
  const retention = (state.retention ??= readLogRetentionConfig(process.env));
  const cutoff = toDbTime(new Date(now.getTime() - retention.maxAgeDays * DAY_MS));
  const batches = (deleteUpTo: (limit: number) => Promise<number>) => inBatches((limit) => transaction(() => deleteUpTo(limit), { waitMs }));
  const searchLogs =
    (await batches((limit) => deleteSearchLogsBefore(cutoff, limit))) + (await batches((limit) => deleteSearchLogsBeyond(retention.maxRows, limit)));
  const contentMisses =
    (await batches((limit) => deleteContentMissesBefore(cutoff, limit))) +
    (await batches((limit) => deleteContentMissesBeyond(retention.maxRows, limit)));
  return { searchLogs, contentMisses };
}

/** Forgets the retention settings read from the environment (tests). */
export function resetLogRetention(): void {
  state.retention = null;
  state.lastPruneAt = null;
}

async function inBatches(deleteUpTo: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < LIMITS_TUNING.pruneMaxBatches; batch++) {
    const deleted = await deleteUpTo(LIMITS_TUNING.pruneBatchRows);
    total += deleted;
    if (deleted < LIMITS_TUNING.pruneBatchRows) break;
  }
  return total;
}
