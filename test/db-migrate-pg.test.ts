// The PostgreSQL migration runner (lib/db-migrate-pg.ts): each migration once, even with concurrent
// starts; recorded like Prisma; a changed migration refused; a failing one leaves nothing behind.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listPgMigrations, migratePgDatabase } from "@/lib/db-migrate-pg";
import { usePgDatabase } from "./pg-database";

const pg = usePgDatabase({ migrate: false });

const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of the PostgreSQL migrations that a test may change. */
function copyOfMigrations(): string {
  const parent = mkdtempSync(join(tmpdir(), "knowhub-pg-migrations-"));
  copies.push(parent);
  const dir = join(parent, "migrations");
  cpSync(join("prisma", "pgsql", "migrations"), dir, { recursive: true });
  return dir;
}

describe.skipIf(!pg.available)("the PostgreSQL migration runner", () => {
  it("applies every migration exactly once when several runners start at the same time", async () => {
    const names = listPgMigrations().map((m) => m.name);
    expect(names.length).toBeGreaterThan(0);
    const runs = await Promise.all([1, 2, 3, 4].map(() => migratePgDatabase(pg.url())));
    expect(runs.flatMap((r) => r.applied).sort()).toEqual(names);
    const { rows } = await pg.query<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number }>(
      `SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows.map((r) => r.migration_name)).toEqual(names);
    expect(rows.map((r) => r.checksum)).toEqual(listPgMigrations().map((m) => m.checksum));
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.checksum) && r.finished_at instanceof Date && r.applied_steps_count === 1)).toBe(true);
    const { rows: tables } = await pg.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'experiences'`);
    expect(tables).toHaveLength(1);
  });

  it("applies nothing the second time", async () => {
    expect(await migratePgDatabase(pg.url())).toEqual({ applied: [] });
  });

  it("refuses a migration changed after it was applied", async () => {
    const dir = copyOfMigrations();
    const [first] = listPgMigrations(dir);
    writeFileSync(join(dir, first.name, "migration.sql"), `${first.sql}\n-- an edit\n`);
    await expect(migratePgDatabase(pg.url(), dir)).rejects.toThrow(`migration ${first.name} was changed after it was applied`);
  });

  it("applies a new migration, and rolls a failing one back with no record", async () => {
    const dir = copyOfMigrations();
    mkdirSync(join(dir, "29990101000000_add_note"));
    writeFileSync(join(dir, "29990101000000_add_note", "migration.sql"), `CREATE TABLE "notes" ("id" SERIAL PRIMARY KEY);\n`);
    expect(await migratePgDatabase(pg.url(), dir)).toEqual({ applied: ["29990101000000_add_note"] });
    mkdirSync(join(dir, "29990102000000_broken"));
    writeFileSync(join(dir, "29990102000000_broken", "migration.sql"), `CREATE TABLE "half" ("id" INTEGER);\nSELECT 1 / 0;\n`);
    await expect(migratePgDatabase(pg.url(), dir)).rejects.toThrow(/migration 29990102000000_broken failed: division by zero/);
    const { rows } = await pg.query(`SELECT to_regclass('half') AS half, to_regclass('notes') AS notes`);
    expect(rows[0]).toEqual({ half: null, notes: "notes" });
    const { rows: recorded } = await pg.query(`SELECT migration_name FROM "_prisma_migrations" WHERE migration_name LIKE '2999%'`);
    expect(recorded.map((r) => r.migration_name)).toEqual(["29990101000000_add_note"]);
    // The lock was released despite the failure: the next run gets it and finds nothing new to do
    // in the shipped folder.
    expect(await migratePgDatabase(pg.url())).toEqual({ applied: [] });
  });
});
