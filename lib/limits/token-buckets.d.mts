// Types for token-buckets.mjs (plain JavaScript: scripts/serve.mjs imports it too).
export type BucketLimit = { capacity: number; windowMs: number };
export type BucketAnswer = { ok: true } | { ok: false; retryAfterSeconds: number };

export type TokenBuckets = {
  /** Takes one token from `callerId`'s bucket for `action` at time `now` (ms). */
  take(action: string, callerId: string, limit: BucketLimit, now: number): BucketAnswer;
  /** Buckets kept for `action` (tests and diagnostics). */
  count(action: string): number;
};

export const MAX_BUCKETS: number;
export function createTokenBuckets(maxBuckets: number): TokenBuckets;
export function retryAfterSeconds(tokens: number, limit: BucketLimit): number;
export const TAKE_MESSAGE: "knowhub:rate-take";
export const TAKEN_MESSAGE: "knowhub:rate-taken";
