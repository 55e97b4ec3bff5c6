// Backups' SQL on both engines (backup-tables.ts says what is read and written). Raw drivers on
// connections of their own, never the app's: a backup reads one snapshot for as long as it takes
// (SQLite: one read transaction on a read-only connection, i.e. a WAL snapshot: it never takes the
// write lock, and the file is never copied; PostgreSQL: one REPEATABLE READ READ ONLY transaction
// read through a cursor), and a restore writes one transaction under the hub's writer lock
// (SQLite's BEGIN IMMEDIATE; PostgreSQL's advisory writer lock, as every app write takes it).
import Database from "better-sqlite3";
import pg from "pg";
import { databasePath, migrateDatabase } from "../db-migrate";
import { migratePgDatabase } from "../db-migrate-pg";
import { WRITER_LOCK } from "../db-pg";
import { engineOf, type Engine } from "../db";
import { BACKUP_TABLES, TARGET_MUST_BE_EMPTY, type BackupTable } from "./backup-tables";

const BACKUP_TUNING = {
  /** Rows per FETCH from PostgreSQL's cursor, and per statement a restore sends PostgreSQL. */
  pgRowsPerRoundTrip: 2_000,
  /** How long a restore waits for the target's writer (a server on the target in the middle of a write). */
  writerWaitMs: 10_000,
} as const;

export const ROWS_PER_BATCH = BACKUP_TUNING.pgRowsPerRoundTrip;

const quote = (name: string) => `"${name}"`;
const columnList = (table: BackupTable) => table.columns.map(([name]) => quote(name)).join(", ");
const where = (table: BackupTable) => (table.where ? ` WHERE ${table.where}` : "");

/** A table's rows in the file's order. Text keys compare by code point on both engines (SQLite's BINARY, PostgreSQL's "C"). */
function selectSql(table: BackupTable, engine: Engine): string {
  const kinds = new Map(table.columns.map(([name, kind]) => [name, kind] as const));
  const order = table.orderBy.map((c) => (engine === "postgres" && kinds.get(c) === "text" ? `${quote(c)} COLLATE "C"` : quote(c)));
  return /* sql */ `SELECT ${columnList(table)} FROM ${quote(table.name)}${where(table)} ORDER BY ${order.join(", ")}`;
}

const countSql = (table: BackupTable) => /* sql */ `SELECT COUNT(*) AS n FROM ${quote(table.name)}${where(table)}`;
const SQLITE_COLUMNS_SQL = /* sql */ `SELECT name FROM pragma_table_info(?)`;
// A generated column (search_vector) is derived: never backed up, never written.
const PG_COLUMNS_SQL = /* sql */ `SELECT column_name AS name FROM information_schema.columns
  WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`;
const LAST_MIGRATION_SQL = /* sql */ `SELECT migration_name AS name FROM "_prisma_migrations"
  WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name DESC LIMIT 1`;

/** One consistent read of everything a backup holds. Rows come as stored (backup-format.ts puts them in the file's form). */
export type BackupSnapshot = {
  readonly engine: Engine;
  readonly migration: string;
  readonly counts: Record<string, number>;
  /** The last id each sequence handed out, at least the largest id present. */
  readonly sequences: Record<string, number>;
  /** The table's columns as the database has them. */
  columnsOf(table: BackupTable): Promise<string[]>;
  rows(table: BackupTable): AsyncIterable<unknown[]>;
  close(): Promise<void>;
};

/** A snapshot of the database `url` names (which must exist and be migrated). */
export async function openBackupSnapshot(url: string): Promise<BackupSnapshot> {
  return engineOf(url) === "postgres" ? openPgSnapshot(url) : openSqliteSnapshot(databasePath(url));
}

function openSqliteSnapshot(path: string): BackupSnapshot {
  const db = new Database(path, { readonly: true, fileMustExist: true, timeout: BACKUP_TUNING.writerWaitMs });
  try {
    // A deferred read transaction: the snapshot is taken by its first read (the migration level
    // below) and every later read sees the file as it was then, whatever the server commits.
    db.exec("BEGIN");
    const migration = (db.prepare(LAST_MIGRATION_SQL).get() as { name: string } | undefined)?.name ?? "";
    const counts = Object.fromEntries(BACKUP_TABLES.map((t) => [t.name, (db.prepare(countSql(t)).get() as { n: number }).n]));
    const sequences = Object.fromEntries(
      BACKUP_TABLES.filter((t) => t.sequence).map((t) => {
        const seq = (db.prepare(/* sql */ `SELECT seq FROM sqlite_sequence WHERE name = ?`).get(t.name) as { seq: number } | undefined)?.seq ?? 0;
        const max = (db.prepare(/* sql */ `SELECT COALESCE(MAX(id), 0) AS n FROM ${quote(t.name)}`).get() as { n: number }).n;
        return [t.name, Math.max(Number(seq), Number(max))];
      }),
    );
    return {
      engine: "sqlite",
      migration,
      counts,
      sequences,
      columnsOf: async (table) => (db.prepare(SQLITE_COLUMNS_SQL).all(table.name) as { name: string }[]).map((c) => c.name),
      async *rows(table) {
        yield* db.prepare(selectSql(table, "sqlite")).raw(true).iterate() as IterableIterator<unknown[]>;
      },
      async close() {
        if (db.inTransaction) db.exec("COMMIT");
        db.close();
      },
    };
  } catch (error) {
    db.close();
    throw error;
  }
}

async function openPgSnapshot(url: string): Promise<BackupSnapshot> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    // The snapshot is taken by the first statement after BEGIN.
    const migration = (await client.query<{ name: string }>(LAST_MIGRATION_SQL)).rows[0]?.name ?? "";
    const counts: Record<string, number> = {};
    for (const t of BACKUP_TABLES) counts[t.name] = Number((await client.query<{ n: string }>(countSql(t))).rows[0].n);
    const sequences: Record<string, number> = {};
    for (const t of BACKUP_TABLES.filter((t) => t.sequence)) {
      // Sequences are outside transactions: this may count an id a concurrent write took after the
      // snapshot, which only means the restored hub skips it too.
      const { rows } = await client.query<{ seq: string | null; max: string }>(
        /* sql */ `SELECT pg_sequence_last_value(pg_get_serial_sequence($1, 'id')::regclass) AS seq,
           (SELECT COALESCE(MAX(id), 0) FROM ${quote(t.name)}) AS max`,
        [t.name],
      );
      sequences[t.name] = Math.max(Number(rows[0].seq ?? 0), Number(rows[0].max));
    }
    return {
      engine: "postgres",
      migration,
      counts,
      sequences,
      columnsOf: async (table) => (await client.query<{ name: string }>(PG_COLUMNS_SQL, [table.name])).rows.map((r) => r.name),
      rows: (table) => cursorRows(client, selectSql(table, "postgres")),
      async close() {
        await client.query("COMMIT").catch(() => undefined);
        await client.end();
      },
    };
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
}

/** Every row of `sql` as arrays, a page at a time through a cursor (inside the caller's transaction). */
async function* cursorRows(client: pg.Client, sql: string): AsyncGenerator<unknown[]> {
  await client.query(`DECLARE backup_rows NO SCROLL CURSOR FOR ${sql}`);
  try {
    for (;;) {
      const page = await client.query<unknown[]>({ text: `FETCH ${BACKUP_TUNING.pgRowsPerRoundTrip} FROM backup_rows`, rowMode: "array" });
      yield* page.rows;
      if (page.rows.length < BACKUP_TUNING.pgRowsPerRoundTrip) return;
    }
  } finally {
    await client.query("CLOSE backup_rows");
  }
}

/** Where a restore writes: one transaction on a connection of its own. Rows are in the file's form. */
export type RestoreTarget = {
  readonly engine: Engine;
  /** Starts the transaction and takes the hub's writer lock. */
  begin(): Promise<void>;
  /** The tables that already hold rows (a restore goes only into an empty database). */
  tablesWithRows(): Promise<string[]>;
  /** The table's columns as the target has them (a generated column left out). */
  columnsOf(table: BackupTable): Promise<string[]>;
  insert(table: BackupTable, rows: readonly unknown[][]): Promise<void>;
  /** Inserts, or where the key exists sets the other columns (search_meta's rows the migrations wrote). */
  upsert(table: BackupTable, rows: readonly unknown[][]): Promise<void>;
  /** Sets `columns` of the rows that exist (by the table's key); the keys of rows that did not. */
  update(table: BackupTable, columns: readonly string[], rows: readonly unknown[][]): Promise<unknown[]>;
  /** Reads a table in the file's order (to check what the triggers built). */
  rows(table: BackupTable): AsyncIterable<unknown[]>;
  setSequence(table: BackupTable, last: number): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  close(): Promise<void>;
};

/** Opens (creating and migrating as the app would) the database `url` names, for a restore. */
export async function openRestoreTarget(url: string): Promise<RestoreTarget> {
  if (engineOf(url) === "postgres") {
    await migratePgDatabase(url);
    return pgTarget(url);
  }
  const path = databasePath(url);
  migrateDatabase(path);
  return sqliteTarget(path);
}

/** A line's value as SQLite stores it: times as the app writes them (ISO with "+00:00"), booleans as 0/1. */
function sqliteValue(table: BackupTable, i: number, value: unknown): unknown {
  if (value === null) return null;
  const kind = table.columns[i][1];
  if (kind === "time") return (value as string).replace(/Z$/, "+00:00");
  if (kind === "bool") return value ? 1 : 0;
  return value;
}

function sqliteTarget(path: string): RestoreTarget {
  const db = new Database(path, { timeout: BACKUP_TUNING.writerWaitMs });
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  const values = (table: BackupTable, row: readonly unknown[]) => row.map((v, i) => sqliteValue(table, i, v));
  const insertSql = (table: BackupTable) =>
    /* sql */ `INSERT INTO ${quote(table.name)} (${columnList(table)}) VALUES (${table.columns.map(() => "?").join(", ")})`;
  return {
    engine: "sqlite",
    async begin() {
      db.exec("BEGIN IMMEDIATE");
    },
    async tablesWithRows() {
      return TARGET_MUST_BE_EMPTY.filter((name) => db.prepare(/* sql */ `SELECT 1 AS one FROM ${quote(name)} LIMIT 1`).get() !== undefined);
    },
    async columnsOf(table) {
      return (db.prepare(SQLITE_COLUMNS_SQL).all(table.name) as { name: string }[]).map((c) => c.name);
    },
    async insert(table, rows) {
      const statement = db.prepare(insertSql(table));
      for (const row of rows) statement.run(values(table, row));
    },
    async upsert(table, rows) {
      const others = table.columns.map(([c]) => c).filter((c) => !table.orderBy.includes(c));
      const statement = db.prepare(
        `${insertSql(table)} ON CONFLICT (${table.orderBy.map(quote).join(", ")}) DO UPDATE SET ${others.map((c) => `${quote(c)} = excluded.${quote(c)}`).join(", ")}`,
      );
      for (const row of rows) statement.run(values(table, row));
    },
    async update(table, columns, rows) {
      const at = (name: string) => table.columns.findIndex(([c]) => c === name);
      const statement = db.prepare(
        /* sql */ `UPDATE ${quote(table.name)} SET ${columns.map((c) => `${quote(c)} = ?`).join(", ")} WHERE ${table.orderBy.map((c) => `${quote(c)} = ?`).join(" AND ")}`,
      );
      const missing: unknown[] = [];
      for (const row of rows) {
        const stored = values(table, row);
        const changed = statement.run([...columns.map((c) => stored[at(c)]), ...table.orderBy.map((c) => stored[at(c)])]).changes;
        if (changed === 0) missing.push(row[at(table.orderBy[0])]);
      }
      return missing;
    },
    async *rows(table) {
      yield* db.prepare(selectSql(table, "sqlite")).raw(true).iterate() as IterableIterator<unknown[]>;
    },
    async setSequence(table, last) {
      if (last <= 0) return;
      const updated = db.prepare(/* sql */ `UPDATE sqlite_sequence SET seq = MAX(seq, ?) WHERE name = ?`).run(last, table.name).changes;
      if (updated === 0) db.prepare(/* sql */ `INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)`).run(table.name, last);
    },
    async commit() {
      db.exec("COMMIT");
      // Fold the restore's WAL into the file, so the server started next reads no large log.
      db.pragma("wal_checkpoint(TRUNCATE)");
    },
    async rollback() {
      if (db.inTransaction) db.exec("ROLLBACK");
    },
    async close() {
      if (db.inTransaction) db.exec("ROLLBACK");
      db.close();
    },
  };
}

async function pgTarget(url: string): Promise<RestoreTarget> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // The rows go over as one JSON array per statement, typed by the table's own row type: times,
  // booleans and numbers arrive as the columns take them, and a generated column is simply not named.
  const fromJson = (table: BackupTable) => `json_populate_recordset(NULL::${quote(table.name)}, $1::json)`;
  const asJson = (table: BackupTable, rows: readonly unknown[][]) =>
    JSON.stringify(rows.map((row) => Object.fromEntries(table.columns.map(([c], i) => [c, row[i]]))));
  const insertSql = (table: BackupTable) =>
    /* sql */ `INSERT INTO ${quote(table.name)} (${columnList(table)}) SELECT ${columnList(table)} FROM ${fromJson(table)}`;
  return {
    engine: "postgres",
    async begin() {
      await client.query("BEGIN");
      await client.query(`SET LOCAL lock_timeout = ${BACKUP_TUNING.writerWaitMs}`);
      await client.query(/* sql */ `SELECT pg_advisory_xact_lock(${WRITER_LOCK})::text AS locked`);
    },
    async tablesWithRows() {
      const found: string[] = [];
      for (const name of TARGET_MUST_BE_EMPTY) {
        if ((await client.query(/* sql */ `SELECT 1 AS one FROM ${quote(name)} LIMIT 1`)).rows.length) found.push(name);
      }
      return found;
    },
    async columnsOf(table) {
      return (await client.query<{ name: string }>(PG_COLUMNS_SQL, [table.name])).rows.map((r) => r.name);
    },
    async insert(table, rows) {
      if (rows.length) await client.query(insertSql(table), [asJson(table, rows)]);
    },
    async upsert(table, rows) {
      if (!rows.length) return;
      const others = table.columns.map(([c]) => c).filter((c) => !table.orderBy.includes(c));
      await client.query(
        `${insertSql(table)} ON CONFLICT (${table.orderBy.map(quote).join(", ")}) DO UPDATE SET ${others.map((c) => `${quote(c)} = excluded.${quote(c)}`).join(", ")}`,
        [asJson(table, rows)],
      );
    },
    async update(table, columns, rows) {
      if (!rows.length) return [];
      const key = table.orderBy[0];
      const { rows: updated } = await client.query<{ key: unknown }>(
        /* sql */ `UPDATE ${quote(table.name)} t SET ${columns.map((c) => `${quote(c)} = d.${quote(c)}`).join(", ")}
         FROM ${fromJson(table)} d WHERE ${table.orderBy.map((c) => `t.${quote(c)} = d.${quote(c)}`).join(" AND ")}
         RETURNING t.${quote(key)} AS key`,
        [asJson(table, rows)],
      );
      const done = new Set(updated.map((r) => r.key));
      const at = table.columns.findIndex(([c]) => c === key);
      return rows.map((row) => row[at]).filter((k) => !done.has(k));
    },
    rows: (table) => cursorRows(client, selectSql(table, "postgres")),
    async setSequence(table, last) {
      // setval is not rolled back with the transaction: it runs last, just before COMMIT.
      if (last > 0) await client.query(/* sql */ `SELECT setval(pg_get_serial_sequence($1, 'id'), $2::int8, true)`, [table.name, last]);
    },
    async commit() {
      await client.query("COMMIT");
    },
    async rollback() {
      await client.query("ROLLBACK").catch(() => undefined);
    },
    async close() {
      await client.end().catch(() => undefined);
    },
  };
}
