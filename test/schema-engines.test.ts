// One data model, two engines (#19): prisma/sqlite/schema.prisma and prisma/pgsql/schema.prisma must
// describe the same models, tables, columns, keys and indexes; and what prisma/pgsql/migrations
// creates in PostgreSQL must be what prisma/pgsql/schema.prisma describes (test/schema-drift.test.ts
// checks the same for SQLite).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { usePgDatabase } from "./pg-database";
import { readPrismaTables, type ColumnSpec, type IndexSpec, type TableSpec } from "./prisma-schema";

const SQLITE_SCHEMA = readFileSync("prisma/sqlite/schema.prisma", "utf8");
const PG_SCHEMA = readFileSync("prisma/pgsql/schema.prisma", "utf8");

// The column type PostgreSQL gets for each SQLite type. Times become timestamptz(3): Prisma's
// millisecond precision, and unambiguous whatever the client's time zone.
const PG_TYPE_FOR_SQLITE: Record<string, string> = {
  TEXT: "text",
  INTEGER: "integer",
  REAL: "double precision",
  BOOLEAN: "boolean",
  DATETIME: "timestamp with time zone(3)",
};

// What only the PostgreSQL migration owns, as FTS5 and its vocab tables are SQLite's: the search
// structures. Named one by one, so anything else the migration adds must be in the schema.
// experience_search: the narrow copy of the published rows that search reads (its own GIN index),
// kept by triggers as FTS5's content is. rate_buckets: the rate limits every server shares (UNLOGGED,
// lib/limits/pg-buckets.ts); SQLite keeps them in memory (one process, or serve.mjs's primary).
// experience_search_totals: bm25's row count and total length, kept by experience_search's triggers
// (FTS5 keeps its own).
// experience_search_changes: the change feed each server's postings in memory are kept current from
// (20261220000000_search_changes; lib/search/search-index-pg-memory.ts).
const PG_ONLY_TABLES = new Set([
  "_prisma_migrations", "experience_terms", "experience_search", "experience_search_totals", "experience_search_changes", "rate_buckets",
]);
const PG_ONLY_COLUMNS = new Set(["experiences.search_vector"]);
const PG_ONLY_INDEXES = new Set(["experience_search_vector_idx", "experience_search_changes_gen_idx", "resources_name_trgm_idx"]);

const byName = <T extends { name: string }>(xs: T[]) => [...xs].sort((a, b) => a.name.localeCompare(b.name));
const indexKey = (i: IndexSpec) => `${i.unique ? "unique " : ""}${i.columns.join(",")}`;

/** A schema's models with what may differ between engines taken out: comments, provider, output, @db types. */
function modelText(schema: string): string {
  return [...schema.matchAll(/^model\s+\w+\s*\{[\s\S]*?^\}/gm)]
    .map((m) =>
      m[0]
        .split("\n")
        .map((line) => line.replace(/\/\/.*$/, "").replace(/\s*@db\.\w+(\([^)]*\))?/g, "").replace(/\s+/g, " ").trim())
        .filter(Boolean)
        .join("\n"),
    )
    .join("\n\n");
}

function compareSchemas(sqlite: TableSpec[], pgsql: TableSpec[]) {
  const problems: string[] = [];
  const pgByName = new Map(pgsql.map((t) => [t.name, t]));
  if (sqlite.length !== pgsql.length) problems.push(`${sqlite.length} models on SQLite, ${pgsql.length} on PostgreSQL`);
  for (const table of sqlite) {
    const other = pgByName.get(table.name);
    if (!other) {
      problems.push(`table ${table.name} missing from prisma/pgsql`);
      continue;
    }
    if (other.model !== table.model) problems.push(`${table.name}: model ${table.model} on SQLite, ${other.model} on PostgreSQL`);
    const mapped = table.columns.map((c) => ({ ...c, type: PG_TYPE_FOR_SQLITE[c.type] ?? `unmapped ${c.type}` }));
    const a = JSON.stringify(byName(mapped));
    const b = JSON.stringify(byName(other.columns));
    if (a !== b) problems.push(`${table.name} columns differ:\n  sqlite ${a}\n  pgsql  ${b}`);
    const ia = table.indexes.map(indexKey).sort().join("; ");
    const ib = other.indexes.map(indexKey).sort().join("; ");
    if (ia !== ib) problems.push(`${table.name} indexes differ: sqlite [${ia}], pgsql [${ib}]`);
  }
  return problems;
}

describe("the SQLite and PostgreSQL Prisma schemas", () => {
  const sqlite = readPrismaTables(SQLITE_SCHEMA, "sqlite");
  const pgsql = readPrismaTables(PG_SCHEMA, "postgresql");

  it("describe the same models, tables, columns (nullability, defaults, keys; types mapped), unique constraints and indexes", () => {
    expect(sqlite.length).toBeGreaterThan(10);
    expect(compareSchemas(sqlite, pgsql)).toEqual([]);
  });

  it("are the same text apart from comments, provider, output and native types (relations included)", () => {
    expect(modelText(PG_SCHEMA)).toBe(modelText(SQLITE_SCHEMA));
  });

  it("give each engine its own client and provider", () => {
    expect(SQLITE_SCHEMA).toMatch(/provider = "sqlite"/);
    expect(SQLITE_SCHEMA).toMatch(/output\s+= "\.\.\/\.\.\/generated\/prisma"/);
    expect(PG_SCHEMA).toMatch(/provider = "postgresql"/);
    expect(PG_SCHEMA).toMatch(/output\s+= "\.\.\/\.\.\/generated\/pgsql"/);
  });

  it("notice a difference (the comparison is not vacuous)", () => {
    const nullable = readPrismaTables(PG_SCHEMA.replace('statusReason String  @default("")', 'statusReason String? @default("")'), "postgresql");
    expect(compareSchemas(sqlite, nullable).join("\n")).toMatch(/content_revisions columns differ/);
    const plainTime = readPrismaTables(PG_SCHEMA.replace('@map("first_seen") @db.Timestamptz(3)', '@map("first_seen")'), "postgresql");
    expect(compareSchemas(sqlite, plainTime).join("\n")).toMatch(/resources columns differ/);
    const unindexed = readPrismaTables(PG_SCHEMA.replace("@@index([skeleton])\n  @@map(\"resources\")", '@@map("resources")'), "postgresql");
    expect(compareSchemas(sqlite, unindexed).join("\n")).toMatch(/resources indexes differ/);
    expect(modelText(PG_SCHEMA.replace("onDelete: Cascade", "onDelete: Restrict"))).not.toBe(modelText(SQLITE_SCHEMA));
  });
});

type Relation = { table: string; columns: string[]; refTable: string; refColumns: string[]; onDelete: string; onUpdate: string };

/** Foreign keys from the schema's @relation fields (Prisma's defaults: Restrict for a required relation, Cascade on update). */
function readRelations(schema: string, tables: TableSpec[]): Relation[] {
  const tableOf = new Map(tables.map((t) => [t.model, t.name]));
  const columnOf = (model: string, field: string) => {
    const body = new RegExp(`^model\\s+${model}\\s*\\{([\\s\\S]*?)^\\}`, "m").exec(schema)![1];
    const line = body.split("\n").find((l) => l.trim().split(/\s+/)[0] === field)!;
    return /@map\("([^"]+)"\)/.exec(line)?.[1] ?? field;
  };
  const relations: Relation[] = [];
  for (const [, model, body] of schema.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)) {
    for (const line of body.split("\n")) {
      const m = /^\s*\w+\s+(\w+)\s+@relation\(fields: \[([^\]]+)\], references: \[([^\]]+)\](.*)\)/.exec(line);
      if (!m) continue;
      const fields = m[2].split(",").map((s) => s.trim());
      const refs = m[3].split(",").map((s) => s.trim());
      relations.push({
        table: tableOf.get(model)!,
        columns: fields.map((f) => columnOf(model, f)),
        refTable: tableOf.get(m[1])!,
        refColumns: refs.map((f) => columnOf(m[1], f)),
        onDelete: /onDelete: (\w+)/.exec(m[4])?.[1] ?? "Restrict",
        onUpdate: /onUpdate: (\w+)/.exec(m[4])?.[1] ?? "Cascade",
      });
    }
  }
  return relations;
}

const pg = usePgDatabase();

describe.skipIf(!pg.available)("prisma/pgsql/schema.prisma and the PostgreSQL migrations", () => {
  const expected = byName(readPrismaTables(PG_SCHEMA, "postgresql"));

  async function databaseTables(): Promise<{ name: string; columns: ColumnSpec[]; indexes: (IndexSpec & { name: string })[] }[]> {
    const { rows: columns } = await pg.query<{
      table_name: string;
      column_name: string;
      data_type: string;
      datetime_precision: number | null;
      is_nullable: string;
      column_default: string | null;
      is_generated: string;
    }>(
      `SELECT table_name, column_name, data_type, datetime_precision, is_nullable, column_default, is_generated
       FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
    );
    const { rows: indexes } = await pg.query<{ table_name: string; index_name: string; is_unique: boolean; is_primary: boolean; columns: string[] }>(
      `SELECT t.relname AS table_name, i.relname AS index_name, x.indisunique AS is_unique, x.indisprimary AS is_primary,
         ARRAY(SELECT a.attname FROM unnest(x.indkey) WITH ORDINALITY k(attnum, n)
               JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS columns
       FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
       WHERE t.relnamespace = current_schema()::regnamespace`,
    );
    const names = [...new Set(columns.map((c) => c.table_name))];
    return names.map((name) => {
      const pk = indexes.find((i) => i.table_name === name && i.is_primary)?.columns ?? [];
      return {
        name,
        columns: columns
          .filter((c) => c.table_name === name)
          .map((c) => ({
            name: c.column_name,
            type: c.data_type.startsWith("timestamp") ? `${c.data_type}(${c.datetime_precision})` : c.data_type,
            notNull: c.is_nullable === "NO",
            hasDefault: c.column_default !== null || c.is_generated === "ALWAYS",
            primaryKey: pk.includes(c.column_name),
          })),
        indexes: indexes
          .filter((i) => i.table_name === name && !i.is_primary)
          .map((i) => ({ name: i.index_name, unique: i.is_unique, columns: i.columns })),
      };
    });
  }

  it("create the same tables, apart from the named search structures", async () => {
    const actual = await databaseTables();
    expect(actual.map((t) => t.name).filter((n) => PG_ONLY_TABLES.has(n))).toEqual([...PG_ONLY_TABLES].sort());
    expect(byName(actual.filter((t) => !PG_ONLY_TABLES.has(t.name))).map((t) => t.name)).toEqual(expected.map((t) => t.name));
  });

  it("agree on every table's columns (names, types, nullability, defaults, primary keys) and indexes", async () => {
    const actual = await databaseTables();
    for (const table of expected) {
      const found = actual.find((t) => t.name === table.name)!;
      const columns = found.columns.filter((c) => !PG_ONLY_COLUMNS.has(`${table.name}.${c.name}`));
      expect(byName(columns), table.name).toEqual(byName(table.columns));
      const indexes = found.indexes.filter((i) => !PG_ONLY_INDEXES.has(i.name));
      expect(indexes.map(indexKey).sort(), table.name).toEqual(table.indexes.map(indexKey).sort());
    }
    // The named exceptions exist, so the lists above cannot silently go stale.
    const all = actual.flatMap((t) => [...t.columns.map((c) => `${t.name}.${c.name}`), ...t.indexes.map((i) => i.name)]);
    for (const name of [...PG_ONLY_COLUMNS, ...PG_ONLY_INDEXES]) expect(all).toContain(name);
  });

  it("agree on the foreign keys and what they do on delete and update", async () => {
    const codes: Record<string, string> = { a: "NoAction", r: "Restrict", c: "Cascade", n: "SetNull", d: "SetDefault" };
    const { rows } = await pg.query<{ table: string; columns: string[]; ref_table: string; ref_columns: string[]; del: string; upd: string }>(
      `SELECT c.conrelid::regclass::text AS table, c.confrelid::regclass::text AS ref_table,
         ARRAY(SELECT attname FROM unnest(c.conkey) WITH ORDINALITY k(n, o) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.o)::text[] AS columns,
         ARRAY(SELECT attname FROM unnest(c.confkey) WITH ORDINALITY k(n, o) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.o)::text[] AS ref_columns,
         c.confdeltype AS del, c.confupdtype AS upd
       FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`,
    );
    const actual = rows
      .map((r) => ({ table: r.table, columns: r.columns, refTable: r.ref_table, refColumns: r.ref_columns, onDelete: codes[r.del], onUpdate: codes[r.upd] }))
      .sort((a, b) => a.table.localeCompare(b.table));
    const relations = readRelations(PG_SCHEMA, expected).sort((a, b) => a.table.localeCompare(b.table));
    expect(relations.length).toBeGreaterThan(0);
    expect(actual).toEqual(relations);
  });

  it("notice a difference (the comparison is not vacuous)", async () => {
    const actual = await databaseTables();
    const tampered = readPrismaTables(PG_SCHEMA.replace('@map("submission_hash")', '@map("submission_sha")'), "postgresql");
    expect(tampered.find((t) => t.name === "experiences")!.columns.map((c) => c.name)).toContain("submission_sha");
    expect(actual.find((t) => t.name === "experiences")!.columns.map((c) => c.name)).not.toContain("submission_sha");
  });
});
