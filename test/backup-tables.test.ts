// The backup's table list (lib/transfer/backup-tables.ts) against the data model: every table of the
// Prisma schema is either backed up or named here as left out, with why; every backed-up table has
// exactly the schema's columns, each with the kind that matches its Prisma type. A migration that
// adds a table or a column fails here until the backup format says what to do with it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BACKUP_TABLES, type ColumnKind } from "@/lib/transfer/backup-tables";
import { readPrismaTables } from "./prisma-schema";

const LEFT_OUT: Record<string, string> = {
  admin_sessions: "a console login on one server, not the hub's state: operators log in again after a restore",
  content_search: "derived: the analyzed visible revision of each content node, which `npm start` (fillContentSearch) writes again from the restored contents",
  content_terms: "derived with content_search, from the same analysis",
  hub_secrets: "the servers' own secret (the address hash's key, lib/limits/client-address.ts), not the hub's state: a restored hub makes a new one, and a backup carries no secret it need not",
};
const KIND_OF_TYPE: Record<string, ColumnKind> = { TEXT: "text", INTEGER: "int", REAL: "float", BOOLEAN: "bool", DATETIME: "time" };

describe("what a backup holds", () => {
  const tables = readPrismaTables(readFileSync("prisma/sqlite/schema.prisma", "utf8"));

  it("covers every table of the schema, or says why not", () => {
    const covered = [...BACKUP_TABLES.map((t) => t.name), ...Object.keys(LEFT_OUT)].sort();
    expect(covered).toEqual(tables.map((t) => t.name).sort());
  });

  it("has each table's columns, with the kind of each column's type, ordered by its primary key", () => {
    for (const backup of BACKUP_TABLES) {
      const table = tables.find((t) => t.name === backup.name)!;
      const want = Object.fromEntries(table.columns.map((c) => [c.name, KIND_OF_TYPE[c.type]]));
      expect(Object.fromEntries(backup.columns), backup.name).toEqual(want);
      expect([...backup.orderBy].sort(), backup.name).toEqual(table.columns.filter((c) => c.primaryKey).map((c) => c.name).sort());
    }
  });
});
