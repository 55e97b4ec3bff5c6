// Applies prisma/pgsql/migrations/*/migration.sql to a PostgreSQL database in order and records each
// in Prisma's own `_prisma_migrations` table (PostgreSQL's shape of it), with the same sha256
// checksums as lib/db-migrate.ts, so that `prisma migrate deploy` can take over wherever the schema
// engine is available.
import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import pg from "pg";
import { allMigrationsApplied, APPLIED_ROWS_SQL, readMigrations, type Migration } from "./migration-files";

const MIGRATIONS_DIR = resolve(/*turbopackIgnore: true*/ process.cwd(), "prisma", "pgsql", "migrations");

// Prisma Migrate's own advisory lock key on PostgreSQL: this runner and `prisma migrate deploy`
// exclude each other as well as two of this runner.
const MIGRATION_LOCK_KEY = 72707369;

const CREATE_MIGRATIONS_TABLE = /* sql */ `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export function listPgMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readMigrations(dir);
}

/**
 * Applies the pending migrations of `dir` on the database `connectionString` names. Each migration
 * runs in its own transaction with its row in `_prisma_migrations`, so a failing one leaves neither a
 * half-applied schema nor a record; the transaction first takes the migration advisory lock and then
 * checks whether the migration is applied, so concurrent starts apply each exactly once (the second
 * waits, then finds the first one's row). The lock is transaction-scoped, not held for the whole run:
 * through PgBouncer in transaction mode a session lock would stay behind on whichever server
 * connection took it, and its unlock could run on another. A migration changed after it was applied
 * is refused, as lib/db-migrate.ts does.
 */
export async function migratePgDatabase(connectionString: string, dir: string = MIGRATIONS_DIR): Promise<{ applied: string[] }> {
  const migrations = listPgMigrations(dir);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    // Up to date (every start after the first): nothing is written, so a read-only server (a
    // replica, or one set read-only) still opens for reads.
    if (await allApplied(client, migrations)) return { applied: [] };
    // Created under the lock: two runners creating it at once could collide on its type's name.
    await inMigrationLock(client, async () => {
      await client.query(CREATE_MIGRATIONS_TABLE);
    });
    const applied: string[] = [];
    for (const migration of migrations) {
      if (await applyMigration(client, migration)) applied.push(migration.name);
    }
    return { applied };
  } finally {
    await client.end();
  }
}

/** Runs `work` in one transaction holding the migration lock (released at COMMIT or ROLLBACK). */
async function inMigrationLock<T>(client: pg.Client, work: () => Promise<T>): Promise<T> {
  await client.query("BEGIN");
  try {
    await client.query(/* sql */ `SELECT pg_advisory_xact_lock($1)`, [MIGRATION_LOCK_KEY]);
    const result = await work();
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  }
}

async function allApplied(client: pg.Client, migrations: Migration[]): Promise<boolean> {
  const { rows: table } = await client.query<{ name: string | null }>(/* sql */ `SELECT to_regclass('"_prisma_migrations"')::text AS name`);
  if (!table[0]?.name) return false;
  const { rows } = await client.query<{ name: string; checksum: string }>(APPLIED_ROWS_SQL);
  return allMigrationsApplied(migrations, rows);
}

async function applyMigration(client: pg.Client, migration: Migration): Promise<boolean> {
  const startedAt = new Date();
  try {
    return await inMigrationLock(client, async () => {
      const { rows } = await client.query<{ checksum: string }>(
        /* sql */ `SELECT checksum FROM "_prisma_migrations"
         WHERE migration_name = $1 AND finished_at IS NOT NULL AND rolled_back_at IS NULL`,
        [migration.name],
      );
      if (rows.length > 0) {
        if (rows[0].checksum !== migration.checksum) throw new ChangedMigration(migration.name);
        return false;
      }
      // No parameters: the simple query protocol runs the file's many statements (and $$ bodies) as one.
      await client.query(migration.sql);
      await client.query(
        /* sql */ `INSERT INTO "_prisma_migrations"
           (id, checksum, finished_at, migration_name, logs, started_at, applied_steps_count)
         VALUES ($1, $2, clock_timestamp(), $3, NULL, $4, 1)`,
        [randomUUID(), migration.checksum, migration.name, startedAt],
      );
      return true;
    });
  } catch (error) {
    if (error instanceof ChangedMigration) throw error;
    throw new Error(`migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
  }
}

class ChangedMigration extends Error {
  constructor(name: string) {
    super(`migration ${name} was changed after it was applied`);
  }
}
