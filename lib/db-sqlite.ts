// SQLite's stack (lib/db.ts): one file, three connections.
// - reader: Prisma Client for reads outside a transaction. In WAL mode a read never waits for a
//   writer, so it cannot block the event loop on a lock.
// - writer: Prisma Client on a connection with no busy timeout, used by one transaction at a time
//   (an in-process gate). A transaction starts with BEGIN IMMEDIATE, which takes the write lock or
//   fails at once; while another process holds the lock it is tried again after growing pauses,
//   asynchronously, until KNOWHUB_BUSY_TIMEOUT_MS, then 503 busy. Once it holds the lock, nothing in
//   the transaction waits. (better-sqlite3 itself would wait synchronously for the busy timeout,
//   freezing every request; and Prisma's own $transaction on this adapter issues a plain BEGIN on the
//   one connection without keeping other queries out of it, so the gate and the second connection
//   are ours.)
// - sqlite: a raw better-sqlite3 read connection for the engine's own modules: FTS5 search
//   (lib/search/search-index-sqlite.ts), whose hot path would pay Prisma's per-query cost many times
//   per search, and bulk import (a CLI process of its own).
import Database from "better-sqlite3";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "../generated/prisma/client";
import type { DbStack, RawRunner } from "./db-stack";
import { busyUnavailable, dbUnavailableCause } from "./db-errors";
import { databasePath, migrateDatabase } from "./db-migrate";

const SQLITE_TUNING = {
  /** A read waits this long in the rare cases WAL makes it wait (recovery, a checkpoint's restart). */
  readBusyMs: 5_000,
  /**
   * Pauses between tries for the write lock: first, then doubled up to the last. A try costs a few
   * microseconds; the last stays below the pause an import leaves between its batches (15 ms).
   */
  firstPauseMs: 2,
  maxPauseMs: 10,
} as const;

/** One transaction at a time on the writer connection; waiters give up at their deadline. */
function writerGate() {
  let held = false;
  const queue: { grant: () => void }[] = [];
  return {
    acquire(deadline: number): Promise<void> {
      if (!held) {
        held = true;
        return Promise.resolve();
      }
      return new Promise<void>((resolve, reject) => {
        const wait = deadline - Date.now();
        if (wait <= 0) return reject(busyUnavailable());
        const entry = {
          grant: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        const timer = setTimeout(() => {
          queue.splice(queue.indexOf(entry), 1);
          reject(busyUnavailable());
        }, wait);
        queue.push(entry);
      });
    },
    release(): void {
      const next = queue.shift();
      if (next) next.grant();
      else held = false;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function beginImmediate(writer: RawRunner, deadline: number): Promise<void> {
  for (let pause: number = SQLITE_TUNING.firstPauseMs; ; pause = Math.min(pause * 2, SQLITE_TUNING.maxPauseMs)) {
    try {
      await writer.$executeRawUnsafe("BEGIN IMMEDIATE");
      return;
    } catch (error) {
      if (dbUnavailableCause(error) !== "busy" || Date.now() + pause > deadline) throw error;
      await sleep(pause);
    }
  }
}

/** Opens (creating and migrating) the SQLite file `url` names. Synchronous underneath. */
export function openSqliteStack(url: string): DbStack {
  const path = databasePath(url);
  migrateDatabase(path);
  const reader = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: `file:${path}`, timeout: SQLITE_TUNING.readBusyMs }) });
  const writer = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: `file:${path}`, timeout: 0 }) });
  const sqlite = new Database(path, { timeout: SQLITE_TUNING.readBusyMs });
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  const gate = writerGate();
  let prepared = false;

  return {
    engine: "sqlite",
    url,
    reader,
    sqlite,
    async transaction<T>(work: (runner: RawRunner) => Promise<T>, waitMs: number): Promise<T> {
      const deadline = Date.now() + waitMs;
      await gate.acquire(deadline);
      try {
        if (!prepared) {
          // WAL makes NORMAL durable against application crashes; a power loss may lose the last commits.
          await writer.$executeRawUnsafe("PRAGMA synchronous = NORMAL");
          prepared = true;
        }
        await beginImmediate(writer, deadline);
        let result: T;
        try {
          result = await work(writer);
        } catch (error) {
          await writer.$executeRawUnsafe("ROLLBACK").catch(() => undefined);
          throw error;
        }
        await writer.$executeRawUnsafe("COMMIT");
        return result;
      } finally {
        gate.release();
      }
    },
    async close() {
      // Let a transaction in flight (a background flush) finish on its connection first.
      await gate.acquire(Date.now() + SQLITE_TUNING.readBusyMs).catch(() => undefined);
      await Promise.all([reader.$disconnect(), writer.$disconnect()]);
      sqlite.close();
    },
  };
}
