// The migration files of one engine's folder (prisma/<engine>/migrations/<timestamp>_<name>/
// migration.sql), in order, with the sha256 checksum Prisma records for each. Shared by the SQLite
// runner (lib/db-migrate.ts) and the PostgreSQL one (lib/db-migrate-pg.ts).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export type Migration = { name: string; sql: string; checksum: string };

export function readMigrations(dir: string): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/** The migrations recorded as applied (both runners read it before taking their lock). */
export const APPLIED_ROWS_SQL = `SELECT migration_name AS name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;

/**
 * Whether every migration is recorded as applied with its checksum (`rows`: APPLIED_ROWS_SQL's). A
 * changed migration is not "applied": the runner's locked path then refuses it by name.
 */
export function allMigrationsApplied(migrations: readonly Migration[], rows: readonly { name: string; checksum: string }[]): boolean {
  const applied = new Map(rows.map((r) => [r.name, r.checksum]));
  return migrations.every((m) => applied.get(m.name) === m.checksum);
}
