// A small reader of a Prisma schema (prisma/sqlite or prisma/pgsql): enough to compare its models with a migrated database,
// since the Prisma schema engine (which would do `migrate diff`) cannot be installed here.
export type ColumnSpec = { name: string; type: string; notNull: boolean; hasDefault: boolean; primaryKey: boolean };
export type IndexSpec = { columns: string[]; unique: boolean };
export type TableSpec = { name: string; columns: ColumnSpec[]; indexes: IndexSpec[] };

const SQL_TYPES: Record<string, string> = {
  String: "TEXT",
  Int: "INTEGER",
  Float: "REAL",
  Boolean: "BOOLEAN",
  DateTime: "DATETIME",
  BigInt: "BIGINT",
};

export function readPrismaTables(schema: string): TableSpec[] {
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
        columns.push({
          name: column,
          type: SQL_TYPES[base] ?? base,
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
      columns,
      indexes: indexes.map((i) => ({ ...i, columns: toColumns(i.columns) })),
    });
  }
  return tables;
}

function fieldList(line: string): string[] {
  return /\[([^\]]+)\]/.exec(line)![1].split(",").map((s) => s.trim().replace(/\(.*\)$/, ""));
}
