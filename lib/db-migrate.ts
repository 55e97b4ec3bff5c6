// Applies prisma/sqlite/migrations/*/migration.sql in order and records each in Prisma's own
// `_prisma_migrations` table, so that `prisma migrate deploy` can take over wherever the schema
// engine is available. Runs synchronously (better-sqlite3) so that the first query never races it.
import { randomUUID } from "node:crypto";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { dirname, resolve } from "node:path";
import Database from "better-sqlite3";
import { allMigrationsApplied, APPLIED_ROWS_SQL, readMigrations, type Migration } from "./migration-files";

export const DEFAULT_DATABASE_URL = "file:./data/knowhub.db";
const MIGRATIONS_DIR = resolve(/*turbopackIgnore: true*/ process.cwd(), "prisma", "sqlite", "migrations");

export function databasePath(url: string = process.env.DATABASE_URL || DEFAULT_DATABASE_URL): string {
  if (!url.startsWith("file:")) {
    throw new Error(`DATABASE_URL must be a SQLite file: URL (got "${url}")`);
  }
  const path = url.slice("file:".length).split("?")[0];
  return resolve(/*turbopackIgnore: true*/ process.cwd(), path);
}

export function listMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readMigrations(dir);
}

const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;

/**
 * Opens (creating if needed) the database file, sets WAL, and applies pending migrations (those of
 * `dir`: another folder only to build an older database, as an upgrade test does).
 */
export function migrateDatabase(path: string = databasePath(), dir: string = MIGRATIONS_DIR): { applied: string[] } {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  restrictToOwner(path);
  const db = new Database(path, { timeout: 10_000 });
  try {
    // Up to date (every open after the first): only reads, so a server opening its database while
    // an import holds the write lock does not wait for it.
    const migrations = listMigrations(dir);
    if (upToDate(db, migrations)) return { applied: [] };
    db.pragma("journal_mode = WAL");
    db.exec(CREATE_MIGRATIONS_TABLE);
    const applied: string[] = [];
    for (const migration of migrations) {
      // IMMEDIATE takes the write lock first, so two processes starting at once apply each
      // migration exactly once: the second sees the first one's row and skips.
      const apply = db.transaction(() => {
        const row = db
          .prepare(
            `SELECT checksum FROM "_prisma_migrations"
             WHERE migration_name = ? AND finished_at IS NOT NULL AND rolled_back_at IS NULL`,
          )
          .get(migration.name) as { checksum: string } | undefined;
        if (row) {
          if (row.checksum !== migration.checksum) {
            throw new Error(`migration ${migration.name} was changed after it was applied`);
          }
          return;
        }
        const startedAt = new Date().toISOString();
        db.exec(migration.sql);
        db.prepare(
          `INSERT INTO "_prisma_migrations"
             (id, checksum, finished_at, migration_name, logs, started_at, applied_steps_count)
           VALUES (?, ?, ?, ?, NULL, ?, 1)`,
        ).run(randomUUID(), migration.checksum, new Date().toISOString(), migration.name, startedAt);
        applied.push(migration.name);
      });
      apply.immediate();
    }
    return { applied };
  } finally {
    db.close();
  }
}

function upToDate(db: Database.Database, migrations: Migration[]): boolean {
  if (db.pragma("journal_mode", { simple: true }) !== "wal") return false;
  const table = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'`).get();
  return table !== undefined && allMigrationsApplied(migrations, db.prepare(APPLIED_ROWS_SQL).all() as { name: string; checksum: string }[]);
}

/**
 * The database holds every submission, key hashes and logs: only its owner may read it. The file is
 * created 0600 before SQLite opens it, and SQLite gives its -wal and -shm files the database file's
 * permissions; files left world-readable by an older version are narrowed on every start.
 */
function restrictToOwner(path: string): void {
  if (!existsSync(/*turbopackIgnore: true*/ path)) closeSync(openSync(/*turbopackIgnore: true*/ path, "a", 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]) {
    if (existsSync(/*turbopackIgnore: true*/ file)) chmodSync(/*turbopackIgnore: true*/ file, 0o600);
  }
}
