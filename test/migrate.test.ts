import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { listMigrations, migrateDatabase } from "@/lib/db-migrate";

describe("the migration runner", () => {
  it("creates the folder and file, applies every migration once and records it like Prisma", () => {
    const path = join(mkdtempSync(join(tmpdir(), "knowhub-migrate-")), "nested", "dir", "kh.db");
    const first = migrateDatabase(path);
    expect(first.applied).toEqual(listMigrations().map((m) => m.name));
    expect(migrateDatabase(path).applied).toEqual([]);
    const db = new Database(path, { readonly: true });
    const rows = db.prepare(`SELECT migration_name, checksum, finished_at FROM _prisma_migrations`).all() as {
      migration_name: string;
      checksum: string;
      finished_at: string | null;
    }[];
    expect(rows.map((r) => r.migration_name)).toEqual(first.applied);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.checksum) && r.finished_at)).toBe(true);
    expect((db.pragma("journal_mode", { simple: true }) as string).toLowerCase()).toBe("wal");
    db.close();
  });
});
