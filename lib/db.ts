// The one way to the data, on either engine: `DATABASE_URL=file:...` is SQLite (the default,
// file:./data/knowhub.db), `postgres://...` is PostgreSQL. Every domain's repo.ts writes its SQL once
// with @name placeholders (lib/db-sql.ts) and runs it through db(), which is Prisma Client with the
// engine's driver adapter; transaction() gives a block of work one writer and all-or-nothing.
//
//   const row = await db().get<Row>(`SELECT ... WHERE key = @key`, { key });
//   await transaction(async () => { await db().run(...); await db().run(...); });
//
// Inside transaction(), db() is the transaction (an AsyncLocalStorage scope), so repo functions
// take no transaction argument and join whichever block calls them. Nothing waits for a lock on the
// event loop: SQLite's writer takes its lock with BEGIN IMMEDIATE and no busy timeout, retried
// asynchronously (lib/db-sqlite.ts); PostgreSQL waits in the server (lib/db-pg.ts). A wait that runs
// past KNOWHUB_BUSY_TIMEOUT_MS is 503 unavailable with Retry-After (lib/db-errors.ts).
import { AsyncLocalStorage } from "node:async_hooks";
import { databasePath, DEFAULT_DATABASE_URL } from "./db-migrate";
import { openPgStack } from "./db-pg";
import { bindSql, isWriteStatement, normalizeRow, type Engine, type SqlParams } from "./db-sql";
import { openSqliteStack } from "./db-sqlite";
import type { DbStack, RawRunner, Sqlite } from "./db-stack";
import type { Pool } from "pg";

export type { Engine, SqlParams } from "./db-sql";
export type { DbStack, RawRunner, Sqlite } from "./db-stack";

export type DbSession = {
  readonly engine: Engine;
  /** Every row. */
  all<T>(sql: string, params?: SqlParams): Promise<T[]>;
  /** The first row, or null. */
  get<T>(sql: string, params?: SqlParams): Promise<T | null>;
  /** Runs a write; the number of rows it changed. */
  run(sql: string, params?: SqlParams): Promise<number>;
};

export type TransactionOptions = {
  /**
   * How long to wait for the writer before giving up with 503 busy (default KNOWHUB_BUSY_TIMEOUT_MS).
   * 0: try once (background writes, which keep their entries and try again later).
   */
  waitMs?: number;
};

type Holder = { knowhubDataLayer?: { url: string; stack: Promise<DbStack>; opened?: DbStack } };
// On globalThis: Next bundles route modules separately, and they must share one stack.
const holder = globalThis as unknown as Holder;

/** The configured URL: DATABASE_URL, or the default SQLite file. */
export function databaseUrl(): string {
  return process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
}

export function engineOf(url: string): Engine {
  return /^postgres(ql)?:\/\//.test(url) ? "postgres" : "sqlite";
}

/**
 * Where the data lives, for people (the CLI's output, the guide): SQLite's file path, or
 * PostgreSQL's database and host, never the URL itself, which may carry a password.
 */
export function describeDatabase(): string {
  if (dbEngine() === "sqlite") return databasePath(databaseUrl());
  const url = new URL(databaseUrl());
  return `PostgreSQL database ${decodeURIComponent(url.pathname.slice(1))} on ${url.host}`;
}

/** The engine DATABASE_URL selects. */
export function dbEngine(): Engine {
  return engineOf(databaseUrl());
}

/** How long a write waits for the writer before 503 (KNOWHUB_BUSY_TIMEOUT_MS, 5 s by default). */
export function busyTimeoutMs(): number {
  const value = Number(process.env.KNOWHUB_BUSY_TIMEOUT_MS || 5000);
  return Number.isInteger(value) && value >= 0 ? value : 5000;
}

type Entry = NonNullable<Holder["knowhubDataLayer"]>;

/** The entry for DATABASE_URL, opening it when the URL changed (a test file's fresh database). */
function openEntry(): Entry {
  const url = databaseUrl();
  const cached = holder.knowhubDataLayer;
  if (cached && cached.url === url) return cached;
  const closeCached = () => void cached?.stack.then((old) => old.close()).catch(() => undefined);
  let entry: Entry;
  if (engineOf(url) === "sqlite") {
    // SQLite opens synchronously (its migrations too), so that getSqlite() has it at once; a
    // failure throws here and nothing is cached.
    const opened = openSqliteStack(url);
    entry = { url, stack: Promise.resolve(opened), opened };
    closeCached();
  } else {
    const stack = openPgStack(url, busyTimeoutMs());
    entry = { url, stack };
    stack.then(
      (opened) => {
        entry.opened = opened;
        closeCached();
      },
      () => {
        // A failed open (the server down) is not cached: the next query tries again.
        if (holder.knowhubDataLayer === entry) holder.knowhubDataLayer = cached;
      },
    );
  }
  holder.knowhubDataLayer = entry;
  return entry;
}

/** The open stack for DATABASE_URL. */
export async function dbStack(): Promise<DbStack> {
  return openEntry().stack;
}

const scope = new AsyncLocalStorage<{ session: DbSession; url: string }>();

// Write transactions and write statements this process has finished (committed, failed or rolled
// back alike), on any database. PostgreSQL's search index learns of other servers' writes by
// LISTEN/NOTIFY, which arrives a moment after the commit: a search that follows this process's own
// write must not wait for it, so a count that moved since the index last read the generation makes
// it read again (lib/search/search-index-pg.ts).
let finishedWrites = 0;

/** How many write transactions and write statements this process has finished. */
export function finishedWriteCount(): number {
  return finishedWrites;
}

function sessionOver(
  engine: Engine,
  runner: () => Promise<RawRunner>,
  writes: (sql: string) => boolean,
  write: <T>(work: (s: DbSession) => Promise<T>) => Promise<T>,
  counted = false,
): DbSession {
  // Outside a transaction, PostgreSQL runs a write statement on the reader: it is counted here.
  const counting = async <T>(sql: string, statement: () => Promise<T>): Promise<T> => {
    if (!counted || !isWriteStatement(sql)) return statement();
    try {
      return await statement();
    } finally {
      finishedWrites++;
    }
  };
  const session: DbSession = {
    engine,
    async all<T>(sql: string, params?: SqlParams): Promise<T[]> {
      if (writes(sql)) return write((tx) => tx.all<T>(sql, params));
      const bound = bindSql(engine, sql, params);
      const rows = await counting(sql, async () => (await runner()).$queryRawUnsafe<Record<string, unknown>[]>(bound.text, ...bound.values));
      return rows.map((row) => normalizeRow<T>(row));
    },
    async get<T>(sql: string, params?: SqlParams): Promise<T | null> {
      const rows = await session.all<T>(sql, params);
      return rows[0] ?? null;
    },
    async run(sql: string, params?: SqlParams): Promise<number> {
      if (writes(sql)) return write((tx) => tx.run(sql, params));
      const bound = bindSql(engine, sql, params);
      return counting(sql, async () => (await runner()).$executeRawUnsafe(bound.text, ...bound.values));
    },
  };
  return session;
}

/**
 * The database as the calling code should use it: the transaction it runs in, if any; otherwise
 * the engine's reader, with each write statement run as a transaction of its own.
 */
export function db(): DbSession {
  const current = scope.getStore();
  if (current && current.url === databaseUrl()) return current.session;
  const engine = dbEngine();
  return sessionOver(
    engine,
    async () => (await dbStack()).reader,
    // SQLite has one writer (lib/db-sqlite.ts); PostgreSQL takes single statements from the pool.
    (sql) => engine === "sqlite" && isWriteStatement(sql),
    (work) => transaction(() => work(db())),
    true,
  );
}

/**
 * Runs `work` as one transaction: all of it or none, and one writer at a time on the hub (SQLite's
 * write lock; on PostgreSQL an advisory lock every write transaction takes), so that work which
 * reads, compares and then writes sees no other writer in between. Inside another transaction it
 * simply joins it.
 */
export async function transaction<T>(work: () => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const url = databaseUrl();
  const current = scope.getStore();
  if (current && current.url === url) return work();
  const stack = await dbStack();
  try {
    return await stack.transaction((runner) => {
      const session = sessionOver(stack.engine, async () => runner, () => false, (w) => w(session));
      return scope.run({ session, url }, work);
    }, options.waitMs ?? busyTimeoutMs());
  } finally {
    finishedWrites++;
  }
}

/** SQLite's raw read connection, for the engine's own modules (FTS5 search, bulk import, tests). */
export function getSqlite(): Sqlite {
  if (dbEngine() !== "sqlite") throw new Error("getSqlite() is SQLite's: DATABASE_URL names PostgreSQL");
  return openEntry().opened!.sqlite!;
}

/** PostgreSQL's pool (the one Prisma's adapter uses), for the engine's own modules. */
export async function getPgPool(): Promise<Pool> {
  const stack = await dbStack();
  if (!stack.pool) throw new Error("getPgPool() is PostgreSQL's: DATABASE_URL names SQLite");
  return stack.pool;
}

/**
 * PostgreSQL's side pool: a few connections that writers never hold, for single statements that
 * must not queue behind them (a rate-limit hit runs on every request, before any write).
 */
export async function getPgSidePool(): Promise<Pool> {
  const stack = await dbStack();
  if (!stack.sidePool) throw new Error("getPgSidePool() is PostgreSQL's: DATABASE_URL names SQLite");
  return stack.sidePool;
}

/** Closes the connections (tests and scripts); the next query opens them again. */
export async function closeDb(): Promise<void> {
  const cached = holder.knowhubDataLayer;
  if (!cached) return;
  holder.knowhubDataLayer = undefined;
  try {
    await (await cached.stack).close();
  } catch {
    // It never opened: nothing to close.
  }
}
