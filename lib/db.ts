// The one PrismaClient (and the one raw SQLite handle for what Prisma cannot express: FTS5 queries,
// bulk import), cached on globalThis so that dev reloads and route modules share them.
// The database file is created and migrated on first use.
import Database from "better-sqlite3";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "../generated/prisma/client";
import { databasePath, migrateDatabase } from "./db-migrate";

export type Db = PrismaClient;
export type Sqlite = Database.Database;

type Handles = { url: string | undefined; path: string; prisma: PrismaClient; sqlite: Sqlite };

const globalForDb = globalThis as unknown as { knowhubDb?: Handles };

// How long a write waits for another writer's lock before the request answers 503 unavailable
// (lib/db-errors.ts). Long enough for any single API write or import batch, short enough that a
// client is told to retry rather than left hanging.
function busyTimeoutMs(): number {
  const value = Number(process.env.KNOWHUB_BUSY_TIMEOUT_MS || 5000);
  return Number.isInteger(value) && value >= 0 ? value : 5000;
}

function openHandles(): Handles {
  const url = process.env.DATABASE_URL;
  const cached = globalForDb.knowhubDb;
  // Every query asks for the handles; comparing the raw setting skips resolving the path each time.
  if (cached && cached.url === url) return cached;
  const path = databasePath(url || undefined);
  if (cached && cached.path === path) {
    cached.url = url;
    return cached;
  }
  // Open the new database fully before letting the old handles go, so a failure leaves them usable.
  migrateDatabase(path);
  const adapter = new PrismaBetterSqlite3({ url: `file:${path}`, timeout: busyTimeoutMs() });
  const prisma = new PrismaClient({ adapter });
  const sqlite = new Database(path, { timeout: busyTimeoutMs() });
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  const handles = { url, path, prisma, sqlite };
  globalForDb.knowhubDb = handles;
  if (cached) {
    // DATABASE_URL changed (a test file's fresh database): let the old handles go.
    void cached.prisma.$disconnect();
    cached.sqlite.close();
  }
  return handles;
}

export function getDb(): PrismaClient {
  return openHandles().prisma;
}

export function getSqlite(): Sqlite {
  return openHandles().sqlite;
}

/**
 * Runs `write` on the raw handle without waiting for another writer's lock: if the database is
 * locked it throws SQLITE_BUSY at once instead of blocking the event loop for the busy timeout
 * (better-sqlite3 waits synchronously). For background writes (search logs, key use, pruning)
 * that can simply try again later; every request meanwhile goes on being served.
 */
export function withoutBusyWait<T>(write: (sqlite: Sqlite) => T): T {
  const sqlite = getSqlite();
  const timeout = sqlite.pragma("busy_timeout", { simple: true }) as number;
  sqlite.pragma("busy_timeout = 0");
  try {
    return write(sqlite);
  } finally {
    sqlite.pragma(`busy_timeout = ${Number(timeout) || 0}`);
  }
}

/** Closes both handles (tests and scripts); the next getDb() opens them again. */
export async function closeDb(): Promise<void> {
  const cached = globalForDb.knowhubDb;
  if (!cached) return;
  globalForDb.knowhubDb = undefined;
  await cached.prisma.$disconnect();
  cached.sqlite.close();
}
