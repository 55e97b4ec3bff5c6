// SQL written once for both engines: named parameters (`@name`) become each engine's placeholders
// (`?` for SQLite, `$1` for PostgreSQL), an array value becomes a list (`IN (@ids)`), and rows come
// back in one shape whichever engine answered them (whole numbers as numbers, times as ISO 8601
// text with an explicit offset, as lib/db-time.ts writes them). Pure: no database here.
import { toDbTime } from "./db-time";

export type Engine = "sqlite" | "postgres";
/** Named values for `@name` placeholders, or values in order for `?` placeholders. */
export type SqlParams = Readonly<Record<string, unknown>> | readonly unknown[];

export type BoundSql = { text: string; values: unknown[] };

const WRITE_STATEMENT = /^\s*(INSERT|UPDATE|DELETE|REPLACE|WITH\b[\s\S]*\b(INSERT|UPDATE|DELETE)\b)/i;

/** Whether a statement writes (SQLite sends it to its writer; PostgreSQL gives it a lock timeout). */
export function isWriteStatement(sql: string): boolean {
  return WRITE_STATEMENT.test(sql);
}

const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const NULL_TEST = /\s+IS\s+(NOT\s+)?NULL\b/iy;

/**
 * Rewrites `sql` for `engine`, binding `params`. Quoted text ('...', "...") and comments are left
 * alone; a name with no value is an error (a typo must not become NULL).
 */
export function bindSql(engine: Engine, sql: string, params: SqlParams = []): BoundSql {
  const values: unknown[] = [];
  const placeholder = (value: unknown): string => {
    // NULL is written as such: PostgreSQL cannot type a parameter that is only ever NULL
    // (`@before IS NULL OR id < @before`), and NULL means the same in both engines.
    if (value === null || value === undefined) return "NULL";
    values.push(bindValue(value));
    if (engine === "sqlite") return "?";
    // Prisma's PostgreSQL adapter sends every value as untyped text, which the server types from
    // context, and cannot where there is none (`@mean * @count`, a float against an integer): say
    // what numbers and booleans are. Text (times included) stays untyped, so that it becomes
    // whatever its column is.
    const n = `$${values.length}`;
    if (typeof value === "number") return Number.isInteger(value) ? `${n}::int8` : `${n}::float8`;
    if (typeof value === "boolean") return `${n}::boolean`;
    return n;
  };
  // One placeholder per name on PostgreSQL, so a text parameter used twice is typed by either use.
  const byName = new Map<string, string>();
  const expand = (value: unknown): string =>
    Array.isArray(value) ? (value.length === 0 ? "NULL" : value.map(placeholder).join(", ")) : placeholder(value);
  const positional = Array.isArray(params) ? (params as readonly unknown[]) : null;
  const named = positional ? null : (params as Readonly<Record<string, unknown>>);
  let next = 0;
  let out = "";
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    if (c === "'" || c === '"') {
      const end = closingQuote(sql, i);
      out += sql.slice(i, end);
      i = end;
    } else if (c === "-" && sql[i + 1] === "-") {
      const end = sql.indexOf("\n", i);
      const stop = end < 0 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop;
    } else if (c === "?" && positional) {
      if (next >= positional.length) throw new Error(`SQL has more ? placeholders than the ${positional.length} values given`);
      out += expand(positional[next++]);
      i += 1;
    } else if (c === "@" && named) {
      NAME.lastIndex = i + 1;
      const match = NAME.exec(sql);
      if (!match) throw new Error(`a bare @ in SQL at ${i}`);
      const name = match[0];
      if (!(name in named)) throw new Error(`SQL parameter @${name} has no value`);
      const value = named[name];
      // `@x IS NULL` / `@x IS NOT NULL` are known here: written as TRUE or FALSE. PostgreSQL would
      // otherwise see $n untyped there and typed where it is compared, and refuse the mix.
      NULL_TEST.lastIndex = i + 1 + name.length;
      const nullTest = NULL_TEST.exec(sql);
      if (nullTest && !Array.isArray(value)) {
        const isNull = value === null || value === undefined;
        out += (nullTest[1] ? !isNull : isNull) ? "TRUE" : "FALSE";
        i += 1 + name.length + nullTest[0].length;
        continue;
      }
      let text = Array.isArray(value) ? undefined : byName.get(name);
      if (text === undefined) {
        text = expand(value);
        if (engine === "postgres" && !Array.isArray(value)) byName.set(name, text);
      }
      out += text;
      i += 1 + name.length;
    } else if (c === "$" && engine === "postgres" && /[0-9]/.test(sql[i + 1] ?? "")) {
      throw new Error("write SQL with @name or ? placeholders; the layer numbers them for PostgreSQL");
    } else {
      out += c;
      i += 1;
    }
  }
  if (positional && next !== positional.length) throw new Error(`SQL has ${next} ? placeholders but ${positional.length} values were given`);
  return { text: out, values };
}

function closingQuote(sql: string, start: number): number {
  const quote = sql[start];
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else i += 1;
  }
  return sql.length;
}

// Times travel as the same text on both engines: SQLite compares it as text (Prisma's own form,
// lib/db-time.ts), PostgreSQL parses it into timestamptz.
function bindValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return toDbTime(value);
  return value;
}

/**
 * One row in the shape the app reads: Prisma hands counts over as BigInt and PostgreSQL's numeric
 * as a Decimal; both become numbers. Times become ISO text with an explicit offset. Booleans stay
 * booleans on both engines (Prisma reads SQLite's BOOLEAN columns as such).
 */
export function normalizeRow<T>(row: Record<string, unknown>): T {
  for (const key of Object.keys(row)) row[key] = normalizeValue(row[key]);
  return row as T;
}

function normalizeValue(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (value instanceof Date) return toDbTime(value);
  if (value && typeof value === "object" && typeof (value as { toNumber?: unknown }).toNumber === "function") {
    return (value as { toNumber(): number }).toNumber();
  }
  return value;
}

/**
 * Scalar functions whose names differ: SQLite's two-argument min/max are LEAST/GREATEST on
 * PostgreSQL, and its char() (a code point's character) is chr().
 */
export function sqlFunctions(engine: Engine): { least: string; greatest: string; chr: string } {
  return engine === "postgres" ? { least: "LEAST", greatest: "GREATEST", chr: "chr" } : { least: "MIN", greatest: "MAX", chr: "char" };
}
