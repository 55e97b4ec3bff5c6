// Checks of PostgreSQL's postings in a server's memory (lib/search/search-index-pg-memory.ts) against
// PostgreSQL's own answers, shared by test/search-memory-pg.test.ts and test/pg-triggers.test.ts.
import type pg from "pg";
import { expect, vi } from "vitest";
import type { SearchIndex } from "@/lib/search/search-index";
import type { PgSearchIndex } from "@/lib/search/search-index-pg";

/** Plain SQL on the database, as another process would send it. */
export type Sql = <T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]) => Promise<T[]>;

/** Until `index` has been notified of the database's generation (what a server knows after another's commit). */
export async function notified(index: SearchIndex, sql: Sql): Promise<void> {
  const now = (await sql<{ value: string }>(`SELECT value FROM search_meta WHERE key = 'generation'`))[0].value;
  await vi.waitFor(async () => expect(await index.generation()).toBe(now), { timeout: 2_000, interval: 5 });
}

/**
 * A server's postings in memory against PostgreSQL's own answers (the same index reading PostgreSQL):
 * every term's document frequency, rows newest first (unscoped and in a category) and best three by
 * bm25, and the phrases given.
 */
export async function expectSameAsPostgres(memory: PgSearchIndex, plain: PgSearchIndex, sql: Sql, phrases: string[] = []): Promise<void> {
  expect(await memory.memoryReady()).toBe(true);
  await notified(memory, sql);
  await notified(plain, sql);
  const terms = (await sql<{ term: string }>(`SELECT term FROM experience_terms ORDER BY term`)).map((r) => r.term);
  expect(Object.fromEntries(await memory.documentFrequencies([...terms, "absentterm"]))).toEqual(
    Object.fromEntries(await plain.documentFrequencies([...terms, "absentterm"])),
  );
  const queries = [
    ...[...terms, ...phrases, "extract tabl"].map((t) => [[[t]]]),
    [[["pdf"], ["tabl", "table"]]],
    [[["pdf"]], [["scrape"]]],
  ];
  for (const q of queries) {
    expect(await memory.findNewest(q, "", 1_000), JSON.stringify(q)).toEqual(await plain.findNewest(q, "", 1_000));
    expect(await memory.findNewest(q, "library", 1_000), JSON.stringify(q)).toEqual(await plain.findNewest(q, "library", 1_000));
    expect(await memory.findRanked(q, "", 3), JSON.stringify(q)).toEqual(await plain.findRanked(q, "", 3));
  }
}
