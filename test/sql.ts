// SQL in tests, written once for both engines through lib/db.ts's db(): `@name` or `?` placeholders,
// camelCase aliases double-quoted (`AS "keyId"`), booleans compared as booleans. For inspecting and
// arranging what the API under test cannot (a row's hidden columns, a forged time).
import { db, type SqlParams } from "@/lib/db";

export const sqlAll = <T = Record<string, any>>(sql: string, params?: SqlParams): Promise<T[]> => db().all<T>(sql, params);

export const sqlGet = <T = Record<string, any>>(sql: string, params?: SqlParams): Promise<T | null> => db().get<T>(sql, params);

/** Runs a write; the number of rows it changed. */
export const sqlRun = (sql: string, params?: SqlParams): Promise<number> => db().run(sql, params);

/** COUNT(*) of `table` (a name of ours, never input), optionally WHERE `where`. */
export async function countRows(table: string, where = "", params?: SqlParams): Promise<number> {
  const row = await db().get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}${where ? ` WHERE ${where}` : ""}`, params);
  return row?.n ?? 0;
}
