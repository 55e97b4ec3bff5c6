// PostgreSQL's postings in each server's memory (#19 item 6; lib/search/search-index-pg-memory.ts)
// stay correct across servers: a write on server A (this process, through the API) or on another
// connection (plain SQL, as another process would) is in server B's very next search once B's
// generation has moved; hides, edits, deletes, multi-row statements and rolled-back transactions
// leave B's postings equal to what PostgreSQL itself answers; two writers that queue on each other
// are both seen; and changes pruned before B read them make B load everything again, answering from
// PostgreSQL meanwhile. Runs in the "postgres" project (on SQLite the file skips).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as experienceRoute from "@/app/api/experience/route";
import { databaseUrl } from "@/lib/db";
import { searchExperiences } from "@/lib/search/search-experiences";
import type { SearchIndex } from "@/lib/search/search-index";
import { pgSearchIndex, type PgSearchIndex } from "@/lib/search/search-index-pg";
import { experienceInput } from "./factories";
import { expectSameAsPostgres, notified } from "./memory-index-check";
import { onPostgres } from "./fresh-database";
import { call } from "./http";

const post = (overrides: Record<string, unknown>) => call(experienceRoute.POST, "/api/experience", { method: "POST", body: experienceInput(overrides) });

const pools: pg.Pool[] = [];
const indexes: PgSearchIndex[] = [];
afterAll(async () => {
  for (const index of indexes) index.close();
  for (const pool of pools) await pool.end();
});

/** Another server: a pool and a search index of its own on the same database. */
function server(memory: boolean): PgSearchIndex {
  const pool = new pg.Pool({ connectionString: databaseUrl(), max: 2 });
  const index = pgSearchIndex(pool, { memory, maxAgeMs: Infinity });
  pools.push(pool);
  indexes.push(index);
  return index;
}

/** Plain SQL on a connection of its own (another process). */
async function other<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

const names = async (index: SearchIndex, q: string, category = "") =>
  (await searchExperiences({ q, category, limit: 10, explain: false }, "", { log: false, index })).results.map((r) => r.name);

describe.skipIf(!onPostgres())("PostgreSQL's postings in each server's memory", () => {
  let b: PgSearchIndex;
  let plain: PgSearchIndex;
  beforeAll(async () => {
    process.env.KNOWHUB_SEARCH_CACHE = "0";
    await post({ name: "tabula-py", task: "Extract tables from government budget PDFs", category: "library" });
    b = server(true);
    plain = server(false);
    expect(await b.memoryReady()).toBe(true);
    expect(await plain.memoryReady()).toBe(false);
  });
  afterAll(() => {
    delete process.env.KNOWHUB_SEARCH_CACHE;
  });

  it("finds a write on server A in server B's next search, and loses it when A hides it", async () => {
    expect(await names(b, "transcribe podcast audio into subtitles")).not.toContain("whisper.cpp");
    expect((await post({ name: "whisper.cpp", task: "Transcribe podcast audio into subtitles offline" })).status).toBe(201);
    await notified(b, other);
    expect(await names(b, "transcribe podcast audio into subtitles")).toContain("whisper.cpp");
    await other(`UPDATE experiences SET status = 'hidden' WHERE name = 'whisper.cpp'`);
    await notified(b, other);
    expect(await names(b, "transcribe podcast audio into subtitles")).not.toContain("whisper.cpp");
    await expectSameAsPostgres(b, plain, other);
  });

  it("follows edits, moves, deletes, multi-row statements and rolled-back transactions", async () => {
    for (const [name, task] of [
      ["Camelot", "Extract lattice tables from scanned PDF invoices"],
      ["pdfplumber", "Extract table cells from PDF statements"],
      ["Scrapy", "Scrape product pages into a table"],
    ]) expect((await post({ name, task, category: "library" })).status).toBe(201);
    await expectSameAsPostgres(b, plain, other);
    // A re-analysis (an edit of what search reads), a move to another resource, a delete.
    await other(`UPDATE experiences SET search_task = 'scrape html tabl' WHERE name = 'Camelot'`);
    await other(`UPDATE experiences SET resource_key = (SELECT resource_key FROM experiences WHERE name = 'Scrapy') WHERE name = 'pdfplumber'`);
    await expectSameAsPostgres(b, plain, other);
    await other(`DELETE FROM experiences WHERE name = 'Camelot'`);
    // A transaction rolled back records nothing; a savepoint rolled back leaves the rest.
    const client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    try {
      await client.query("BEGIN");
      await client.query(`UPDATE experiences SET status = 'hidden' WHERE name = 'tabula-py'`);
      await client.query("ROLLBACK");
      await client.query("BEGIN");
      await client.query(`UPDATE experiences SET score = 1 WHERE name = 'Scrapy'`);
      await client.query("SAVEPOINT s");
      await client.query(`UPDATE experiences SET status = 'hidden'`);
      await client.query("ROLLBACK TO SAVEPOINT s");
      await client.query("COMMIT");
    } finally {
      await client.end();
    }
    await expectSameAsPostgres(b, plain, other);
    expect(await names(b, "extract tables budget pdf")).toContain("tabula-py");
  });

  it("sees both of two writers that queue on each other, whatever the order they began in", async () => {
    const first = new pg.Client({ connectionString: databaseUrl() });
    const second = new pg.Client({ connectionString: databaseUrl() });
    await Promise.all([first.connect(), second.connect()]);
    try {
      await first.query("BEGIN");
      await second.query("BEGIN");
      // The second writer's statement starts first but waits for the first's generation row.
      await first.query(`UPDATE experiences SET search_tips = 'queue one' WHERE name = 'tabula-py'`);
      const waiting = second.query(`UPDATE experiences SET search_tips = 'queue two' WHERE name = 'Scrapy'`);
      // B catches up while the first writer is still open: it must not skip what commits later.
      await b.generation();
      expect(await names(b, "queue one")).toEqual([]);
      await first.query("COMMIT");
      await waiting;
      await second.query("COMMIT");
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
    await expectSameAsPostgres(b, plain, other);
    await notified(b, other);
    expect((await b.findNewest([[["queue"]]], "", 10)).map((r) => r.sTips).sort()).toEqual(["queue one", "queue two"]);
  });

  it("loads everything again when changes were pruned before it read them, answering from PostgreSQL meanwhile", async () => {
    await notified(b, other);
    // What a prune leaves (the migration's id-0 row), for a change B has not read.
    const pruned = await other<{ value: string }>(`UPDATE experiences SET search_tips = 'after prune' WHERE name = 'pdfplumber' RETURNING 1 AS value`);
    expect(pruned).toHaveLength(1);
    await other(`INSERT INTO experience_search_changes (gen, id) SELECT value::bigint, 0 FROM search_meta WHERE key = 'generation'`);
    await other(`DELETE FROM experience_search_changes WHERE id <> 0`);
    await notified(b, other);
    expect((await b.findNewest([[["prune"]]], "", 10)).map((r) => r.sTips)).toEqual(["after prune"]);
    expect(await b.memoryReady()).toBe(true);
    await expectSameAsPostgres(b, plain, other);
  });

  it("prunes changes older than ten minutes at a write, once per 64 generations, leaving a row that makes a server behind load again", async () => {
    await notified(b, other);
    await other(`UPDATE experience_search_changes SET at = now() - INTERVAL '11 minutes'`);
    const [{ before }] = await other<{ before: string }>(`SELECT max(gen)::text AS before FROM experience_search_changes`);
    // The next write's generation a multiple of 64 (a prune), unknown to B (no notification).
    await other(`UPDATE search_meta SET value = ((value::bigint / 64 + 1) * 64 - 1)::text WHERE key = 'generation'`);
    await other(`UPDATE experiences SET search_tips = 'pruned tips' WHERE name = 'Scrapy'`);
    const rows = await other<{ gen: string; id: number }>(`SELECT gen::text AS gen, id FROM experience_search_changes ORDER BY gen, id`);
    const [{ scrapy }] = await other<{ scrapy: number }>(`SELECT id AS scrapy FROM experiences WHERE name = 'Scrapy'`);
    const now = await other<{ value: string }>(`SELECT value FROM search_meta WHERE key = 'generation'`);
    expect(Number(now[0].value) % 64).toBe(0);
    expect(rows).toEqual([
      { gen: before, id: 0 },
      { gen: now[0].value, id: scrapy },
    ]);
    await notified(b, other);
    expect((await b.findNewest([[["pruned"]]], "", 10)).map((r) => r.sTips)).toEqual(["pruned tips"]);
    expect(await b.memoryReady()).toBe(true);
    await expectSameAsPostgres(b, plain, other);
  });
});
