// Token buckets in memory: one map per action, each bucket `capacity` requests at once, refilled at
// `capacity` per `windowMs`. Plain JavaScript (types in token-buckets.d.mts) because two kinds of
// process hold them: a single server process (lib/limits/rate-limit.ts) and scripts/serve.mjs's
// primary, which holds the buckets of all its workers and cannot import TypeScript; one
// implementation keeps their answers the same. PostgreSQL's buckets (lib/limits/pg-buckets.ts)
// compute the same refill and take in SQL.

// Buckets kept per action, in either kind of process. A flood of distinct callers (one per address)
// would otherwise grow the maps without bound; at ~150 bytes a bucket this is ~15 MB per action at
// worst. lib/limits/limits-config.ts LIMITS_TUNING names it too.
export const MAX_BUCKETS = 100_000;

/**
 * A set of buckets with at most `maxBuckets` per action. Each map is in least-recently-used order
 * (a bucket moves to the end when used), so the idle buckets are always at the front.
 */
export function createTokenBuckets(maxBuckets) {
  /** @type {Map<string, Map<string, { tokens: number, at: number }>>} */
  const maps = new Map();
  const mapOf = (action) => {
    let map = maps.get(action);
    if (!map) maps.set(action, (map = new Map()));
    return map;
  };
  return {
    take(action, callerId, limit, now) {
      const buckets = mapOf(action);
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
      if (buckets.size > maxBuckets) evictOldest(buckets, buckets.size - maxBuckets);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { ok: true };
      }
      return { ok: false, retryAfterSeconds: retryAfterSeconds(bucket.tokens, limit) };
    },
    count(action) {
      return maps.get(action)?.size ?? 0;
    },
  };
}

/**
 * Whole seconds (>= 1) until a bucket holding `tokens` (< 1) has one token again. Multiplying by
 * the window (not dividing by the rate) keeps whole waits whole: 1/h says 3600, not 3601.
 */
export function retryAfterSeconds(tokens, limit) {
  const waitMs = ((1 - tokens) * limit.windowMs) / limit.capacity;
  return Math.max(1, Math.ceil(waitMs / 1000 - 1e-9));
}

// A bucket untouched for a whole window has refilled completely, and a full bucket is the same as
// no bucket: dropping it loses nothing. The map is in last-use order, so they are all at the front;
// each is removed once, which keeps the cost per request constant on average.
function evictIdle(buckets, limit, now) {
  for (const [callerId, bucket] of buckets) {
    if (now - bucket.at < limit.windowMs) return;
    buckets.delete(callerId);
  }
}

// Past the cap every bucket is recent (the idle ones went first), so the least recently used ones
// go: such a caller starts again with a full bucket. That takes more distinct callers within one
// window than the cap, and it keeps memory bounded, which matters more under such a flood.
function evictOldest(buckets, count) {
  for (const callerId of buckets.keys()) {
    if (count-- <= 0) return;
    buckets.delete(callerId);
  }
}

// scripts/serve.mjs with several workers on SQLite: the primary holds the buckets and each worker
// asks it over the cluster channel, one message each way per hit. The message types, named once.
export const TAKE_MESSAGE = "knowhub:rate-take";
export const TAKEN_MESSAGE = "knowhub:rate-taken";
