// A small reader of a Prisma schema (prisma/sqlite or prisma/pgsql): enough to compare its models with a migrated database,
// since the Prisma schema engine (which would do `migrate diff`) cannot be installed here.
export type ColumnSpec = { name: string; type: string; notNull: boolean; hasDefault: boolean; primaryKey: boolean };
export type IndexSpec = { columns: string[]; unique: boolean };
export type TableSpec = { name: string; model: string; columns: ColumnSpec[]; indexes: IndexSpec[] };
export type Engine = "sqlite" | "postgresql";

// The column types each engine's migrations write for a Prisma scalar: SQLite's declared type names,
// PostgreSQL's information_schema data_type (what Prisma creates when no @db attribute says otherwise).
const SQL_TYPES: Record<Engine, Record<string, string>> = {
  sqlite: { String: "TEXT", Int: "INTEGER", Float: "REAL", Boolean: "BOOLEAN", DateTime: "DATETIME", BigInt: "BIGINT" },
  postgresql: {
    String: "text",
    Int: "integer",
    Float: "double precision",
    Boolean: "boolean",
    DateTime: "timestamp without time zone(3)",
    BigInt: "bigint",
  },
};
// PostgreSQL native types named by @db attributes, as information_schema spells them.
const PG_NATIVE_TYPES: Record<string, (arg: string) => string> = {
  Timestamptz: (p) => `timestamp with time zone(${p || 6})`,
  Timestamp: (p) => `timestamp without time zone(${p || 6})`,
  Text: () => "text",
  Integer: () => "integer",
  DoublePrecision: () => "double precision",
};

export function readPrismaTables(schema: string, engine: Engine = "sqlite"): TableSpec[] {
  const tables: TableSpec[] = [];
  const models = [...schema.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)];
  const modelNames = new Set(models.map((m) => m[1]));
  for (const [, modelName, body] of models) {
    const columns: ColumnSpec[] = [];
    const fieldToColumn = new Map<string, string>();
    const indexes: IndexSpec[] = [];
    let tableName = modelName;
    let compositeId: string[] | null = null;
    for (const raw of body.split("\n")) {
      const line = raw.replace(/\/\/.*$/, "").trim();
      if (!line) continue;
      if (line.startsWith("@@map")) tableName = /"(.+)"/.exec(line)![1];
      else if (line.startsWith("@@id")) compositeId = fieldList(line);
      else if (line.startsWith("@@index") || line.startsWith("@@unique")) {
        indexes.push({ columns: fieldList(line), unique: line.startsWith("@@unique") });
      } else if (!line.startsWith("@@")) {
        const [field, type] = line.split(/\s+/);
        const base = type.replace(/[?[\]]/g, "");
        if (modelNames.has(base) || type.endsWith("[]")) continue; // relation field
        const column = /@map\("([^"]+)"\)/.exec(line)?.[1] ?? field;
        fieldToColumn.set(field, column);
        const primaryKey = /@id\b/.test(line);
        const native = /@db\.(\w+)(?:\((\w*)\))?/.exec(line);
        if (native && engine !== "postgresql") throw new Error(`a native type (@db.${native[1]}) in a ${engine} schema: ${line}`);
        if (native && !PG_NATIVE_TYPES[native[1]]) throw new Error(`unknown native type @db.${native[1]}: extend PG_NATIVE_TYPES`);
        columns.push({
          name: column,
          type: native ? PG_NATIVE_TYPES[native[1]](native[2] ?? "") : (SQL_TYPES[engine][base] ?? base),
          notNull: !type.endsWith("?"),
          hasDefault: /@default\(/.test(line),
          primaryKey,
        });
        if (/@unique\b/.test(line)) indexes.push({ columns: [field], unique: true });
      }
    }
    const toColumns = (fields: string[]) => fields.map((f) => fieldToColumn.get(f) ?? f);
    if (compositeId) for (const c of columns) c.primaryKey = toColumns(compositeId).includes(c.name);
    tables.push({
      name: tableName,
      model: modelName,
      columns,
      indexes: indexes.map((i) => ({ ...i, columns: toColumns(i.columns) })),
    });
  }
  return tables;
}

function fieldList(line: string): string[] {
  return /\[([^\]]+)\]/.exec(line)![1].split(",").map((s) => s.trim().replace(/\(.*\)$/, ""));
}
