// Request rate limits: one token bucket per caller and action, exact for the whole hub however many
// server processes serve it. Where the buckets live depends on the engine and the processes:
//
// - PostgreSQL: in the rate_buckets table (lib/limits/repo.ts), one atomic statement per hit on
//   PostgreSQL's clock, shared by every server on the database; never behind the writers' lock.
//   Buckets idle for a whole window are deleted in the background (full again: the same as none).
// - SQLite, one process: in this process's memory (token-buckets.mjs): no write per search, which is
//   exactly what the search log's buffering avoids.
// - SQLite, scripts/serve.mjs with several workers (KNOWHUB_RATE_BUCKETS=primary, set by serve.mjs):
//   in the primary process, which every worker asks over the cluster channel (one message each way
//   per hit; the primary's clock). Separate servers on one SQLite file still each keep their own.
//
// A restart refills the buckets it held (SQLite), as does PostgreSQL's crash recovery (the table
// is UNLOGGED). The state lives on globalThis: Next bundles route modules (and proxy.ts) separately,
// and they must all draw from the same buckets and share one channel to the primary.
import { databaseUrl, dbEngine } from "../db";
import { LIMITS_TUNING, RATE_BUCKETS_ENV, readLimitsConfig, type RateAction, type RateLimit, type RateLimitsConfig } from "./limits-config";
import { countBuckets, deleteAllBuckets, deleteIdleBuckets, takeBucketToken } from "./repo";
import { createTokenBuckets, retryAfterSeconds, TAKE_MESSAGE, TAKEN_MESSAGE, type TokenBuckets } from "./token-buckets.mjs";

export type TakeTokenResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Where this process's buckets are: see the top of this file. */
export type BucketStore = "memory" | "primary" | "postgres";

type TakenMessage = { type: typeof TAKEN_MESSAGE; id: number; ok: boolean; retryAfterSeconds?: number };

type LimiterState = {
  config: RateLimitsConfig | null;
  buckets: TokenBuckets;
  // Hits waiting for the primary's answer, by message id.
  primary: { nextId: number; pending: Map<number, (answer: TakeTokenResult) => void>; listening: boolean; warned: boolean };
  // PostgreSQL: when this process last pruned idle buckets.
  lastPruneAt: number;
};

const globalForLimits = globalThis as unknown as { knowhubRateLimits?: LimiterState };

function freshState(): LimiterState {
  return {
    config: null,
    buckets: createTokenBuckets(LIMITS_TUNING.maxBuckets),
    primary: { nextId: 0, pending: new Map(), listening: false, warned: false },
    lastPruneAt: Date.now(),
  };
}

function limiter(): LimiterState {
  return (globalForLimits.knowhubRateLimits ??= freshState());
}

/** The limits in force: read from the environment once per process (throws on a bad setting). */
export function rateLimitsConfig(): RateLimitsConfig {
  const state = limiter();
  return (state.config ??= readLimitsConfig(process.env));
}

/** Where the buckets of this process are kept. */
export function bucketStore(): BucketStore {
  if (dbEngine() === "postgres") return "postgres";
  if (process.env[RATE_BUCKETS_ENV] === "primary" && typeof process.send === "function") return "primary";
  return "memory";
}

/**
 * Forgets every bucket and the configuration, so the next call reads the environment again
 * (tests). On PostgreSQL the table is emptied: every server of the hub starts again full.
 */
export async function resetRateLimits(): Promise<void> {
  const pending = globalForLimits.knowhubRateLimits?.primary;
  globalForLimits.knowhubRateLimits = freshState();
  // Hits still waiting for the primary keep their resolvers: the listener reads the new state.
  if (pending) globalForLimits.knowhubRateLimits.primary = pending;
  if (bucketStore() === "postgres") await deleteAllBuckets();
}

/** How many buckets an action currently keeps (tests and diagnostics). */
export async function bucketCount(action: RateAction): Promise<number> {
  if (bucketStore() === "postgres") return countBuckets(action);
  return limiter().buckets.count(action);
}

/**
 * Takes one token from the caller's bucket for `action`. `callerId` identifies the caller without
 * revealing it ("key:<id>", or "addr:<hmac>" from client-address.ts). When the bucket is empty the
 * answer says in how many whole seconds (>= 1) one token is back. `now` (ms) is for tests; without
 * it the store's own clock is used (PostgreSQL's, the primary's, or this process's).
 */
export async function takeToken(action: RateAction, callerId: string, now?: number): Promise<TakeTokenResult> {
  const limit = rateLimitsConfig()[action];
  if (!limit) return { ok: true };
  const store = bucketStore();
  if (store === "postgres") return takeFromTable(action, callerId, limit, now ?? null);
  if (store === "primary" && now === undefined) return takeFromPrimary(action, callerId, limit);
  return limiter().buckets.take(action, callerId, limit, now ?? Date.now());
}

async function takeFromTable(action: RateAction, callerId: string, limit: RateLimit, now: number | null): Promise<TakeTokenResult> {
  const { granted, tokens } = await takeBucketToken(action, callerId, limit, now);
  schedulePrune();
  return granted ? { ok: true } : { ok: false, retryAfterSeconds: retryAfterSeconds(tokens, limit) };
}

// At most once per pruneBucketsEveryMs per process, in a task of its own after a hit: never inside
// the request. Several servers pruning is harmless (a DELETE of rows that are full anyway; a hit
// racing it inserts a full bucket again, which is what the deleted row held).
function schedulePrune(): void {
  const state = limiter();
  const now = Date.now();
  if (now - state.lastPruneAt < LIMITS_TUNING.pruneBucketsEveryMs) return;
  state.lastPruneAt = now;
  const url = databaseUrl();
  const timer = setTimeout(() => {
    if (databaseUrl() !== url) return;
    pruneIdleBuckets().catch((error) => console.error("rate limits: deleting idle buckets failed", error));
  }, 0);
  timer.unref?.();
}

/** Deletes every action's buckets that have been idle for a whole window (PostgreSQL); the rows deleted. */
export async function pruneIdleBuckets(): Promise<number> {
  let deleted = 0;
  const config = rateLimitsConfig();
  for (const action of Object.keys(config) as RateAction[]) {
    const limit = config[action];
    if (limit) deleted += await deleteIdleBuckets(action, limit.windowMs);
  }
  return deleted;
}

// One message to the primary and one back. The limit travels with the hit: every worker reads the
// same environment, and the primary then needs no settings of its own. Should the channel fail (the
// primary going away, which ends the workers soon anyway), this process's own bucket answers.
function takeFromPrimary(action: RateAction, callerId: string, limit: RateLimit): Promise<TakeTokenResult> {
  const ipc = limiter().primary;
  if (!ipc.listening) {
    ipc.listening = true;
    process.on("message", (message: TakenMessage) => {
      if (message?.type !== TAKEN_MESSAGE) return;
      const pending = limiter().primary.pending;
      const resolve = pending.get(message.id);
      if (!resolve) return;
      pending.delete(message.id);
      resolve(message.ok ? { ok: true } : { ok: false, retryAfterSeconds: message.retryAfterSeconds ?? 1 });
    });
  }
  const id = ++ipc.nextId;
  return new Promise<TakeTokenResult>((resolve) => {
    const local = (why: string) => {
      if (!ipc.pending.delete(id)) return;
      if (!ipc.warned) console.error(`rate limits: the primary process did not answer (${why}); this worker uses its own buckets`);
      ipc.warned = true;
      resolve(limiter().buckets.take(action, callerId, limit, Date.now()));
    };
    const timer = setTimeout(() => local("no answer"), LIMITS_TUNING.primaryAnswerMs);
    timer.unref?.();
    ipc.pending.set(id, (answer) => {
      clearTimeout(timer);
      resolve(answer);
    });
    const message = { type: TAKE_MESSAGE, id, action, caller: callerId, capacity: limit.capacity, windowMs: limit.windowMs };
    process.send!(message, undefined, undefined, (error: Error | null) => {
      if (error) {
        clearTimeout(timer);
        local(error.message);
      }
    });
  });
}
