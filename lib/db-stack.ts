// What lib/db.ts asks of each engine's connections (lib/db-sqlite.ts, lib/db-pg.ts): types only, so
// that the stacks and the layer above them do not import each other.
import type Database from "better-sqlite3";
import type { Pool } from "pg";
import type { Engine } from "./db-sql";

export type Sqlite = Database.Database;

/** What Prisma Client offers for SQL, on a client or inside one of its transactions. */
export type RawRunner = {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
};

/** One engine's connections, opened on first use. */
export type DbStack = {
  readonly engine: Engine;
  readonly url: string;
  /** Reads (and single writes on PostgreSQL) outside a transaction. */
  readonly reader: RawRunner;
  /** Runs `work` inside one write transaction on `runner`. */
  transaction<T>(work: (runner: RawRunner) => Promise<T>, waitMs: number): Promise<T>;
  /** SQLite only: a raw read connection for the engine's own modules (FTS5 search, bulk import). */
  readonly sqlite?: Sqlite;
  /** PostgreSQL only: the pool Prisma's adapter uses, for the engine's own modules (search). */
  readonly pool?: Pool;
  /** PostgreSQL only: a small pool of its own for statements that must not wait behind writers (rate limits). */
  readonly sidePool?: Pool;
  close(): Promise<void>;
};

