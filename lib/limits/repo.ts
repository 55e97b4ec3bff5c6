// The only file that touches hub_secrets and rate_buckets (migration 20261212000000_shared_limits).
//
// hub_secrets, both engines, through db(): secrets the hub makes for itself, shared by every server
// process of one hub.
//
// rate_buckets, PostgreSQL only (SQLite keeps its buckets in memory: rate-limit.ts): one statement
// per hit on the side pool (lib/db-pg.ts), never inside transaction() and so never behind the
// writers' advisory lock. The refill and the take are computed in SQL under the row's lock, so
// concurrent hits from any number of servers are exact; the arithmetic is token-buckets.mjs's.
import { db, getPgSidePool } from "../db";
import { toDbTime } from "../db-time";
import type { RateLimit } from "./limits-config";

export async function findHubSecret(name: string): Promise<string | null> {
  const row = await db().get<{ value: string }>(/* sql */ `SELECT value FROM hub_secrets WHERE name = @name`, { name });
  return row?.value ?? null;
}

/** Stores `value` under `name` unless another process stored one first (then its value stands). */
export async function insertHubSecretIfAbsent(name: string, value: string, now: Date): Promise<void> {
  await db().run(/* sql */ `INSERT INTO hub_secrets (name, value, created_at) VALUES (@name, @value, @createdAt) ON CONFLICT (name) DO NOTHING`, {
    name,
    value,
    createdAt: toDbTime(now),
  });
}

// $5: the time in ms since the epoch, or NULL for PostgreSQL's own clock (clock_timestamp(): one
// clock for every server of the hub, whatever their clocks say; tests pass their own). A new bucket
// starts full and gives one token at once. For an existing one, the refill (elapsed ms, never
// negative, times capacity/window, capped at the capacity) is written out in each SET expression:
// they all read the row as it was, under its lock.
const REFILL = /* sql */ `LEAST($3::float8, b.tokens + GREATEST(0, EXTRACT(EPOCH FROM (EXCLUDED.at - b.at))::float8 * 1000) * ($3::float8 / $4::float8))`;
const TAKE_SQL = /* sql */ `
  INSERT INTO rate_buckets AS b (action, caller, tokens, at, granted)
  VALUES ($1, $2, $3::float8 - 1, COALESCE(to_timestamp($5::float8 / 1000), clock_timestamp()), TRUE)
  ON CONFLICT (action, caller) DO UPDATE SET
    tokens = CASE WHEN ${REFILL} >= 1 THEN ${REFILL} - 1 ELSE ${REFILL} END,
    at = EXCLUDED.at,
    granted = ${REFILL} >= 1
  RETURNING granted, tokens`;

/** One hit on `callerId`'s bucket: whether a token was taken, and the tokens left (the refill when refused). */
export async function takeBucketToken(action: string, callerId: string, limit: RateLimit, nowMs: number | null): Promise<{ granted: boolean; tokens: number }> {
  const pool = await getPgSidePool();
  const { rows } = await pool.query<{ granted: boolean; tokens: number }>(TAKE_SQL, [action, callerId, limit.capacity, limit.windowMs, nowMs]);
  return { granted: rows[0].granted, tokens: Number(rows[0].tokens) };
}

/** Deletes the buckets of `action` untouched for a whole window (full again: the same as none); the rows deleted. */
export async function deleteIdleBuckets(action: string, windowMs: number): Promise<number> {
  const pool = await getPgSidePool();
  const result = await pool.query(/* sql */ `DELETE FROM rate_buckets WHERE action = $1 AND at < clock_timestamp() - make_interval(secs => $2::float8 / 1000)`, [
    action,
    windowMs,
  ]);
  return result.rowCount ?? 0;
}

/** Every bucket gone (tests). */
export async function deleteAllBuckets(): Promise<void> {
  const pool = await getPgSidePool();
  await pool.query(/* sql */ `DELETE FROM rate_buckets`);
}

/** How many buckets `action` has (tests and diagnostics). */
export async function countBuckets(action: string): Promise<number> {
  const pool = await getPgSidePool();
  const { rows } = await pool.query<{ n: string }>(/* sql */ `SELECT count(*) AS n FROM rate_buckets WHERE action = $1`, [action]);
  return Number(rows[0].n);
}
