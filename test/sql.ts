// SQL in tests, written once for both engines through lib/db.ts's db(): `@name` or `?` placeholders,
// camelCase aliases double-quoted (`AS "keyId"`), booleans compared as booleans. For inspecting and
// arranging what the API under test cannot (a row's hidden columns, a forged time).
import Database from "better-sqlite3";
import pg from "pg";
import { WRITER_LOCK } from "@/lib/db-pg";
import { db, type SqlParams } from "@/lib/db";
import { databasePath } from "@/lib/db-migrate";

export const sqlAll = <T = Record<string, any>>(sql: string, params?: SqlParams): Promise<T[]> => db().all<T>(sql, params);

export const sqlGet = <T = Record<string, any>>(sql: string, params?: SqlParams): Promise<T | null> => db().get<T>(sql, params);

/** Runs a write; the number of rows it changed. */
export const sqlRun = (sql: string, params?: SqlParams): Promise<number> => db().run(sql, params);

/** COUNT(*) of `table` (a name of ours, never input), optionally WHERE `where`. */
export async function countRows(table: string, where = "", params?: SqlParams): Promise<number> {
  const row = await db().get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}${where ? ` WHERE ${where}` : ""}`, params);
  return row?.n ?? 0;
}

// The advisory lock every PostgreSQL write transaction takes first.
const PG_WRITER_LOCK = String(WRITER_LOCK);

/**
 * Takes the hub's writer as another process would and holds it until the returned release is
 * called: SQLite's write lock on the file (BEGIN IMMEDIATE on a connection of its own), or on
 * PostgreSQL the advisory lock every write transaction takes first, on a connection of its own.
 */
export async function holdWriterLock(): Promise<() => Promise<void>> {
  if (db().engine === "postgres") {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`SELECT pg_advisory_lock(${PG_WRITER_LOCK})`);
    return async () => {
      await client.query(`SELECT pg_advisory_unlock(${PG_WRITER_LOCK})`);
      await client.end();
    };
  }
  const other = new Database(databasePath(), { timeout: 0 });
  other.exec("BEGIN IMMEDIATE");
  return async () => {
    other.exec("ROLLBACK");
    other.close();
  };
}

/** The names of the app's tables (migration bookkeeping and SQLite's internal tables left out). */
export async function tableNames(): Promise<string[]> {
  const rows =
    db().engine === "postgres"
      ? await db().all<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`)
      : await db().all<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`);
  return rows.map((r) => r.name).filter((n) => n !== "_prisma_migrations").sort();
}

/**
 * Every row of `table` (a name of ours), each as JSON text: what a search through the stored data
 * for a string must read. On PostgreSQL the server writes the JSON, so that columns Prisma cannot
 * read (the tsvector search column) are included.
 */
export async function tableRowsAsText(table: string): Promise<string[]> {
  if (db().engine === "postgres") {
    return (await db().all<{ row: string }>(`SELECT row_to_json(t)::text AS "row" FROM ${table} t`)).map((r) => r.row);
  }
  return (await db().all(`SELECT * FROM ${table}`)).map((row) => JSON.stringify(row));
}
