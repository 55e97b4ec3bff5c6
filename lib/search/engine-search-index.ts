// The search index of the engine DATABASE_URL selects: FTS5 on SQLite (search-index-sqlite.ts), the
// tsvector column and experience_terms on PostgreSQL (search-index-pg.ts, over the pool that
// Prisma's adapter uses: one connection stack per engine).
import type { Pool } from "pg";
import { dbStack } from "../db";
import type { SearchIndex } from "./search-index";
import { pgSearchIndex } from "./search-index-pg";
import { sqliteSearchIndex } from "./search-index-sqlite";

// One index per pool: its cached totals and generation belong to that database.
const byPool = new WeakMap<Pool, SearchIndex>();

export async function engineSearchIndex(): Promise<SearchIndex> {
  const stack = await dbStack();
  if (!stack.pool) return sqliteSearchIndex;
  let index = byPool.get(stack.pool);
  if (!index) {
    index = pgSearchIndex(stack.pool);
    byPool.set(stack.pool, index);
  }
  return index;
}
