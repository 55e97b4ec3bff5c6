// Fails when prisma/sqlite/schema.prisma and what prisma/sqlite/migrations create disagree.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getSqlite } from "@/lib/db";
import { readPrismaTables, type ColumnSpec, type IndexSpec } from "./prisma-schema";

// Tables the migrations own that Prisma cannot describe: FTS5 and its shadow tables.
const NOT_IN_PRISMA = /^(_prisma_migrations|sqlite_\w+|experience_fts\w*|resource_name_grams\w*|\w+_vocab)$/;

function databaseTables() {
  const db = getSqlite();
  const names = (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as { name: string }[])
    .map((r) => r.name)
    .filter((n) => !NOT_IN_PRISMA.test(n));
  return names.map((name) => {
    const info = db.prepare(`PRAGMA table_info("${name}")`).all() as {
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }[];
    const columns: ColumnSpec[] = info.map((c) => ({
      name: c.name,
      type: c.type.toUpperCase(),
      notNull: c.notnull === 1 || c.pk > 0,
      hasDefault: c.dflt_value !== null,
      primaryKey: c.pk > 0,
    }));
    const indexes: IndexSpec[] = (
      db.prepare(`PRAGMA index_list("${name}")`).all() as { name: string; unique: number; origin: string }[]
    )
      .filter((i) => i.origin !== "pk")
      .map((i) => ({
        unique: i.unique === 1,
        columns: (db.prepare(`PRAGMA index_info("${i.name}")`).all() as { name: string }[]).map((c) => c.name),
      }));
    return { name, columns, indexes };
  });
}

const byName = <T extends { name: string }>(xs: T[]) => [...xs].sort((a, b) => a.name.localeCompare(b.name));
const indexKey = (i: IndexSpec) => `${i.unique ? "unique " : ""}${i.columns.join(",")}`;

describe("schema.prisma and the migrations", () => {
  const expected = byName(readPrismaTables(readFileSync("prisma/sqlite/schema.prisma", "utf8")));
  const actual = byName(databaseTables());

  it("create the same tables", () => {
    expect(actual.map((t) => t.name)).toEqual(expected.map((t) => t.name));
  });

  for (const table of expected) {
    it(`agree on ${table.name}'s columns and indexes`, () => {
      const found = actual.find((t) => t.name === table.name);
      expect(found, `table ${table.name} missing from the migrations`).toBeDefined();
      // An autoincrement id's default lives in the INTEGER PRIMARY KEY, not in a DEFAULT clause.
      const normalize = (cols: ColumnSpec[]) => byName(cols).map((c) => ({ ...c, hasDefault: c.hasDefault && !c.primaryKey }));
      expect(normalize(found!.columns)).toEqual(normalize(table.columns));
      expect(found!.indexes.map(indexKey).sort()).toEqual(table.indexes.map(indexKey).sort());
    });
  }

  it("notices a difference (the reader is not vacuous)", () => {
    const tampered = readPrismaTables(
      readFileSync("prisma/sqlite/schema.prisma", "utf8").replace('@map("submission_hash")', '@map("submission_sha")'),
    );
    const experiences = tampered.find((t) => t.name === "experiences")!;
    expect(experiences.columns.map((c) => c.name)).toContain("submission_sha");
    expect(actual.find((t) => t.name === "experiences")!.columns.map((c) => c.name)).not.toContain("submission_sha");
  });
});
