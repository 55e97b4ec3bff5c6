// PostgreSQL's stack (lib/db.ts): one pg pool, shared by Prisma Client (through @prisma/adapter-pg)
// and the engine's own search module (lib/search/search-index-pg.ts), migrated on open
// (lib/db-migrate-pg.ts). Waits happen in the server, never on the event loop: a write transaction
// first takes one advisory lock (so writers queue as they do on SQLite, and work that reads,
// compares and writes sees no other writer in between) with a lock_timeout of
// KNOWHUB_BUSY_TIMEOUT_MS, after which it is 503 busy; a pool that has no free connection within the
// same time is 503 too, and a server that does not answer is 503 unreachable.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "../generated/pgsql/client";
import type { DbStack, RawRunner } from "./db-stack";
import { busyUnavailable } from "./db-errors";
import { migratePgDatabase } from "./db-migrate-pg";

const PG_TUNING = {
  /** Connections per server process. */
  poolSize: 10,
  /** A transaction that runs longer than this is ended by Prisma (bulk work runs in batches). */
  transactionTimeoutMs: 120_000,
  /** How long to wait for a new connection when the server does not answer. */
  connectTimeoutMs: 5_000,
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
    const opened = new pg.Pool({
      connectionString: url,
      max,
      connectionTimeoutMillis: PG_TUNING.connectTimeoutMs,
      // Idle connections do not keep a process alive: a CLI command exits when its work is done
      // (a server is kept alive by its listening socket anyway).
      allowExitOnIdle: true,
      // Every statement waits at most the busy timeout for a lock (a row another server's transaction
      // holds, the writer lock), then fails with 55P03: 503 busy, never a hang. 0 would mean forever.
      options: `-c lock_timeout=${Math.max(1, lockWaitMs)}`,
    });
    // An idle connection the server closed (a restart) must not end the process; the pool replaces it.
    opened.on("error", (error) => console.error("PostgreSQL connection lost (it will be replaced):", error.message));
    return opened;
  };
  const pool = openPool(PG_TUNING.poolSize);
  // Opens no connection until its first query: a process that never asks costs nothing.
  const sidePool = openPool(PG_TUNING.sidePoolSize);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });

  return {
    engine: "postgres",
    url,
    reader: prisma,
    pool,
    sidePool,
    transaction<T>(work: (runner: RawRunner) => Promise<T>, waitMs: number): Promise<T> {
      return prisma.$transaction(
        async (tx) => {
          if (waitMs === 0) {
            const rows = await tx.$queryRawUnsafe<{ locked: boolean }[]>(`SELECT pg_try_advisory_xact_lock(${WRITER_LOCK}) AS locked`);
            if (!rows[0]?.locked) throw busyUnavailable();
          } else {
            // The connection's lock_timeout is the busy timeout; another wait is set for this transaction.
            if (waitMs !== lockWaitMs) await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = ${Math.max(1, waitMs)}`);
            await tx.$queryRawUnsafe(`SELECT pg_advisory_xact_lock(${WRITER_LOCK})::text AS locked`);
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
