// PostgreSQL's stack (lib/db.ts): one pg pool, shared by Prisma Client (through @prisma/adapter-pg)
// and the engine's own search module (lib/search/search-index-pg.ts), migrated on open
// (lib/db-migrate-pg.ts). Waits happen in the server, never on the event loop: a write transaction
// first takes one advisory lock (so writers queue as they do on SQLite, and work that reads,
// compares and writes sees no other writer in between) with a lock_timeout of
// KNOWHUB_BUSY_TIMEOUT_MS, after which it is 503 busy; a pool that has no free connection within the
// same time is 503 busy too (a write waits that long in all, for a connection and then the lock), and
// a server that does not answer, or goes away under a query, is 503 unreachable (lib/db-pg-pool.ts
// gives those failures their codes). The pool replaces lost connections by itself: after a restart of
// PostgreSQL the server serves again without a restart of its own.
//
// Nothing here relies on session state, so the pool works through PgBouncer in transaction mode
// (docs/deploy.md): lock_timeout is set inside each transaction (set_config(..., true), which ends
// with it) for writes, not as a connection's startup option (PgBouncer refuses `options`, or with
// ignore_startup_parameters drops it silently and writes wait forever); the writer lock is
// transaction-scoped; pg sends unnamed prepared statements only.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../generated/pgsql/client";
import type { DbStack, RawRunner } from "./db-stack";
import { busyUnavailable } from "./db-errors";
import { migratePgDatabase } from "./db-migrate-pg";
import { CodedPool } from "./db-pg-pool";
import { isWriteStatement } from "./db-sql";

const PG_TUNING = {
  /** Connections per server process. */
  poolSize: 10,
  /** A transaction that runs longer than this is ended by Prisma (bulk work runs in batches). */
  transactionTimeoutMs: 120_000,
  /**
   * The least time to wait for a connection (a free one of the pool, or a new one from the server),
   * whatever the busy timeout: opening a connection takes a few round trips.
   */
  minConnectWaitMs: 1_000,
  /** Below this long a wait for a connection leaves the transaction's lock wait as configured. */
  connectWaitSlackMs: 50,
  /**
   * Connections of the side pool, per server process: statements that must never wait behind the
   * writers (a rate-limit hit on every request). Writers waiting for the writer lock each hold one
   * of the main pool's connections, so a burst of writes can take them all.
   */
  sidePoolSize: 2,
} as const;

// Any 64-bit number of our own; Prisma Migrate uses 72707369 for its lock.
export const WRITER_LOCK = 4_848_401_919;

/** `lockWaitMs`: KNOWHUB_BUSY_TIMEOUT_MS, the longest any statement waits for a lock. */
export async function openPgStack(url: string, lockWaitMs: number): Promise<DbStack> {
  await migratePgDatabase(url);
  const openPool = (max: number) => {
    // Reads wait for locks too (a migration's, an operator's LOCK TABLE): each new connection gets the
    // busy timeout as its session default before its first query, so a read is 503 busy at the
    // timeout, never a hang. Through PgBouncer's transaction mode it lands on whichever server
    // connection serves it, harmlessly (every server sets the same value), and is not guaranteed:
    // there the role's setting covers reads (docs/deploy.md), and writes never rely on it (set per
    // transaction below).
    const opened = new CodedPool({
      connectionString: url,
      max,
      // With every connection in use a request waits for one at most the busy timeout, then 503 busy
      // (without a bound pg waits forever; a fixed 5 s made longer busy timeouts end in a 500).
      connectionTimeoutMillis: Math.max(PG_TUNING.minConnectWaitMs, lockWaitMs),
      // Idle connections do not keep a process alive: a CLI command exits when its work is done
      // (a server is kept alive by its listening socket anyway).
      allowExitOnIdle: true,
    }, `SET lock_timeout = ${Math.max(1, lockWaitMs)}`);
    // An idle connection the server closed (a restart) must not end the process; the pool replaces it.
    opened.on("error", (error) => console.error("PostgreSQL connection lost (it will be replaced):", error.message));
    return opened;
  };
  const pool = openPool(PG_TUNING.poolSize);
  // Opens no connection until its first query: a process that never asks costs nothing.
  const sidePool = openPool(PG_TUNING.sidePoolSize);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });

  // Every write waits at most this long for a lock (a row another server's transaction holds, the
  // writer lock), then fails with 55P03: 503 busy, never a hang (0 would mean forever). Set per
  // transaction; reads take no row locks and are left alone.
  const lockTimeoutSql = (ms: number) => `set_config('lock_timeout', '${Math.max(1, ms)}', true)`;

  // A write statement outside transaction() (reads and writes alike go to the reader there) runs in
  // a transaction of its own, so that it gets the lock timeout too; it takes no writer lock, as before.
  const withLockTimeout = <T>(run: (runner: RawRunner) => Promise<T>): Promise<T> =>
    prisma.$transaction(
      async (tx) => {
        await tx.$queryRawUnsafe(`SELECT ${lockTimeoutSql(lockWaitMs)} AS "lockTimeout"`);
        return run(tx);
      },
      { maxWait: Math.max(100, lockWaitMs), timeout: PG_TUNING.transactionTimeoutMs },
    );
  const reader: RawRunner = {
    $queryRawUnsafe: <T>(query: string, ...values: unknown[]) =>
      isWriteStatement(query) ? withLockTimeout((tx) => tx.$queryRawUnsafe<T>(query, ...values)) : prisma.$queryRawUnsafe<T>(query, ...values),
    $executeRawUnsafe: (query: string, ...values: unknown[]) =>
      isWriteStatement(query) ? withLockTimeout((tx) => tx.$executeRawUnsafe(query, ...values)) : prisma.$executeRawUnsafe(query, ...values),
  };

  return {
    engine: "postgres",
    url,
    reader,
    pool,
    sidePool,
    transaction<T>(work: (runner: RawRunner) => Promise<T>, waitMs: number): Promise<T> {
      const asked = Date.now();
      return prisma.$transaction(
        async (tx) => {
          if (waitMs === 0) {
            // Background work never waits for the writer; its statements wait at most the busy timeout.
            const rows = await tx.$queryRawUnsafe<{ locked: boolean }[]>(
              `SELECT ${lockTimeoutSql(lockWaitMs)} AS "lockTimeout", pg_try_advisory_xact_lock(${WRITER_LOCK}) AS locked`,
            );
            if (!rows[0]?.locked) throw busyUnavailable();
          } else {
            // What is left of the busy timeout after the wait for a connection (all ten in use): the
            // whole write waits at most the busy timeout, not twice that. One round trip: the lock
            // timeout is set in a subquery the lock waits on (OFFSET 0 keeps the planner from merging
            // the two, so set_config runs first).
            const waited = Date.now() - asked;
            const left = waited < PG_TUNING.connectWaitSlackMs ? waitMs : waitMs - waited;
            if (left <= 0) throw busyUnavailable();
            await tx.$queryRawUnsafe(
              `SELECT pg_advisory_xact_lock(${WRITER_LOCK})::text AS locked FROM (SELECT ${lockTimeoutSql(left)} OFFSET 0) AS "lockTimeout"`,
            );
          }
          return work(tx);
        },
        { maxWait: Math.max(100, waitMs), timeout: PG_TUNING.transactionTimeoutMs },
      );
    },
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => undefined);
      await sidePool.end().catch(() => undefined);
    },
  };
}
