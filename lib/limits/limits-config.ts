// Operator settings for request rate limits and for how long the demand logs are kept, and the fixed
// numbers behind them, in one place. Unlike the cache sizes (lib/count-setting.ts), a bad value here
// is refused, not replaced by the default: a typo in a limit would silently leave the hub
// unprotected (or lock every agent out), so the server must not start with it.
import { parseWholeSetting } from "../count-setting";
import { MAX_BUCKETS } from "./token-buckets.mjs";

/** The actions that are limited separately: writes are few and costly, searches many and cheap. */
export type RateAction = "write" | "search";

/** A token bucket: `capacity` requests at once, refilled at `capacity` per `windowMs`. */
export type RateLimit = { capacity: number; windowMs: number };

/** null = no limit for that action (`off`). */
export type RateLimitsConfig = Record<RateAction, RateLimit | null>;

export type LogRetentionConfig = {
  /** Rows older than this many days are deleted. */
  maxAgeDays: number;
  /** At most this many rows are kept per log table (the newest). */
  maxRows: number;
};

export const RATE_ENV: Record<RateAction, string> = {
  write: "KNOWHUB_RATE_WRITE",
  search: "KNOWHUB_RATE_SEARCH",
};

export const RATE_DEFAULTS: Record<RateAction, string> = {
  write: "60/min",
  search: "600/min",
};

export const LOG_RETENTION_ENV = { maxAgeDays: "KNOWHUB_LOG_DAYS", maxRows: "KNOWHUB_LOG_MAX_ROWS" } as const;
export const LOG_RETENTION_DEFAULTS: LogRetentionConfig = { maxAgeDays: 30, maxRows: 100_000 };

/** Fixed numbers: not meant for operators, but named and typed here rather than scattered. */
export const LIMITS_TUNING = {
  // Buckets kept in memory per action (one process, or serve.mjs's primary; defined in
  // token-buckets.mjs, which serve.mjs reads too). PostgreSQL's table has no cap: its idle rows are
  // deleted.
  maxBuckets: MAX_BUCKETS,
  // PostgreSQL: each server deletes buckets idle for a whole window at most this often.
  pruneBucketsEveryMs: 60_000,
  // A worker whose primary has not answered a hit within this long uses its own buckets (the
  // primary answers in well under a millisecond; only a primary that is going away is this slow).
  primaryAnswerMs: 2_000,
  // Log pruning runs with a search-log flush at most this often: the DELETEs are cheap with the
  // created_at index, but there is no reason to look more often than rows could pile up.
  pruneEveryMs: 60_000,
  // Rows deleted per statement, so that one prune never holds the write lock for long; a backlog
  // (e.g. after lowering the limits) is worked off over several flushes.
  pruneBatchRows: 5_000,
  // Statements per table per prune: bounds the time of one prune to a few ms even with a backlog.
  pruneMaxBatches: 4,
} as const;

const RATE_FORMAT = /^(\d+)\s*\/\s*(s|min|h)$/;
const WINDOW_MS: Record<string, number> = { s: 1_000, min: 60_000, h: 3_600_000 };
// Far beyond any sensible limit; keeps the token arithmetic exact.
const MAX_RATE_COUNT = 1_000_000_000;

type Env = Record<string, string | undefined>;

function settingOf(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

/** Parses one rate setting (`N/s`, `N/min`, `N/h` or `off`); throws naming the variable. */
export function parseRate(name: string, value: string): RateLimit | null {
  const setting = value.trim();
  if (setting.toLowerCase() === "off") return null;
  const match = RATE_FORMAT.exec(setting);
  const count = match ? Number(match[1]) : NaN;
  if (!match || !Number.isSafeInteger(count) || count < 1 || count > MAX_RATE_COUNT) {
    throw new Error(
      `${name}=${JSON.stringify(value)} is not a rate limit: use N/s, N/min or N/h with a whole number N from 1 to ${MAX_RATE_COUNT} ` +
        `(e.g. 60/min: bursts of up to 60 requests, refilled at 60 per minute), or "off".`,
    );
  }
  return { capacity: count, windowMs: WINDOW_MS[match[2]] };
}

/**
 * Set by scripts/serve.mjs for its workers on SQLite, not by operators: `primary` means the primary
 * process holds every worker's buckets and answers each hit over the cluster channel (rate-limit.ts).
 */
export const RATE_BUCKETS_ENV = "KNOWHUB_RATE_BUCKETS";

/** The rate limits from the environment (defaults when unset or blank); throws on a bad value. */
export function readLimitsConfig(env: Env = process.env): RateLimitsConfig {
  const config = {} as RateLimitsConfig;
  for (const action of Object.keys(RATE_ENV) as RateAction[]) {
    const name = RATE_ENV[action];
    config[action] = parseRate(name, settingOf(env, name) ?? RATE_DEFAULTS[action]);
  }
  return config;
}

/** How long search_logs and content_misses are kept; throws on a bad value. */
export function readLogRetentionConfig(env: Env = process.env): LogRetentionConfig {
  return {
    // At least a day: "0 days" would delete each row about as soon as it is written.
    maxAgeDays: parseWholeSetting(env, LOG_RETENTION_ENV.maxAgeDays, LOG_RETENTION_DEFAULTS.maxAgeDays, 1),
    maxRows: parseWholeSetting(env, LOG_RETENTION_ENV.maxRows, LOG_RETENTION_DEFAULTS.maxRows, 1),
  };
}
