// Request rate limits: one token bucket per caller and action, in memory.
//
// Per process, on purpose: a limiter that wrote to the database would add a write to every search,
// which is exactly what the search log's buffering avoids. The price: each server process keeps its
// own buckets. scripts/serve.mjs with N workers gives each one 1/N of every limit (KNOWHUB_RATE_SHARE
// in limits-config.ts): connections are dealt to the workers in turn, so a caller whose requests
// arrive over several connections gets about the configured limit, and one that keeps a single
// connection open gets its worker's 1/N. Never more than the limit (except that a share is at least
// one request, so a burst below N requests becomes N); an exact limit needs a shared store or limits
// at a reverse proxy. Separate servers on one file each enforce the whole limit. A restart also
// refills every bucket.
//
// The state lives on globalThis: Next bundles route modules separately, and the write routes
// (experience, content) must draw from the same bucket.
import { LIMITS_TUNING, readLimitsConfig, type RateAction, type RateLimit, type RateLimitsConfig } from "./limits-config";

export type TakeTokenResult = { ok: true } | { ok: false; retryAfterSeconds: number };

type Bucket = { tokens: number; at: number };

type LimiterState = {
  config: RateLimitsConfig | null;
  // One map per action, in least-recently-used order (a bucket is moved to the end when used), so
  // the idle buckets are always at the front.
  buckets: Record<RateAction, Map<string, Bucket>>;
};

const globalForLimits = globalThis as unknown as { knowhubRateLimits?: LimiterState };

function freshState(): LimiterState {
  return { config: null, buckets: { write: new Map(), search: new Map() } };
}

function limiter(): LimiterState {
  return (globalForLimits.knowhubRateLimits ??= freshState());
}

/** The limits in force: read from the environment once per process (throws on a bad setting). */
export function rateLimitsConfig(): RateLimitsConfig {
  const state = limiter();
  return (state.config ??= readLimitsConfig(process.env));
}

/** Forgets every bucket and the configuration, so the next call reads the environment again (tests). */
export function resetRateLimits(): void {
  globalForLimits.knowhubRateLimits = freshState();
}

/** How many buckets an action currently keeps (tests and diagnostics). */
export function bucketCount(action: RateAction): number {
  return limiter().buckets[action].size;
}

/**
 * Takes one token from the caller's bucket for `action`. `callerId` identifies the caller without
 * revealing it ("key:<id>", or "addr:<salted hash>" from client-address.ts). When the bucket is empty
 * the answer says in how many whole seconds (>= 1) one token is back.
 */
export function takeToken(action: RateAction, callerId: string, now: number = Date.now()): TakeTokenResult {
  const state = limiter();
  const limit = rateLimitsConfig()[action];
  if (!limit) return { ok: true };
  const buckets = state.buckets[action];
  evictIdle(buckets, limit, now);

  const perMs = limit.capacity / limit.windowMs;
  let bucket = buckets.get(callerId);
  if (bucket) {
    buckets.delete(callerId); // re-inserted below: most recently used goes last
    // A clock that steps back must not drain the bucket.
    bucket.tokens = Math.min(limit.capacity, bucket.tokens + Math.max(0, now - bucket.at) * perMs);
    bucket.at = now;
  } else {
    bucket = { tokens: limit.capacity, at: now };
  }
  buckets.set(callerId, bucket);
  if (buckets.size > LIMITS_TUNING.maxBuckets) evictOldest(buckets, buckets.size - LIMITS_TUNING.maxBuckets);

  if (bucket.tokens >= 1) {
    bucket.tokens -= 1;
    return { ok: true };
  }
  // Multiplying by the window (not dividing by the rate) keeps whole waits whole: 1/h says 3600, not 3601.
  const waitMs = ((1 - bucket.tokens) * limit.windowMs) / limit.capacity;
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000 - 1e-9)) };
}

// A bucket untouched for a whole window has refilled completely, and a full bucket is the same as
// no bucket: dropping it loses nothing. The map is in last-use order, so they are all at the front;
// each is removed once, which keeps the cost per request constant on average.
function evictIdle(buckets: Map<string, Bucket>, limit: RateLimit, now: number): void {
  for (const [callerId, bucket] of buckets) {
    if (now - bucket.at < limit.windowMs) return;
    buckets.delete(callerId);
  }
}

// Past the cap every bucket is recent (the idle ones went first), so the least recently used ones
// go: such a caller starts again with a full bucket. That takes more distinct callers within one
// window than the cap, and it keeps memory bounded, which matters more under such a flood.
function evictOldest(buckets: Map<string, Bucket>, count: number): void {
  for (const callerId of buckets.keys()) {
    if (count-- <= 0) return;
    buckets.delete(callerId);
  }
}
