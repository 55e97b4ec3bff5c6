// PostgreSQL's search generation from LISTEN/NOTIFY (#19, #20): each server keeps it in memory from
// the notifications the generation trigger sends at commit, instead of reading it once per search.
// Another server's write (here: another pool, writing with plain SQL as a second process would)
// reaches this server's cache within a second, its own writes are seen by its very next search, and
// while the listening connection is lost every search reads the generation until it is back. Runs in
// the "postgres" project (on SQLite the file skips).
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import * as experienceRoute from "@/app/api/experience/route";
import { databaseUrl, getPgPool } from "@/lib/db";
import { engineSearchIndex } from "@/lib/search/engine-search-index";
import { searchExperiences } from "@/lib/search/search-experiences";
import { pgSearchIndex, type PgSearchIndex } from "@/lib/search/search-index-pg";
import { experienceInput } from "./factories";
import { onPostgres } from "./fresh-database";
import { call } from "./http";

const post = (overrides: Record<string, unknown>) => call(experienceRoute.POST, "/api/experience", { method: "POST", body: experienceInput(overrides) });

/** What another server does: its own connection, plain SQL. Returns the generation after it. */
async function asOtherServer(sql: string, params: unknown[] = []): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query(sql, params);
    return (await client.query<{ value: string }>(`SELECT value FROM search_meta WHERE key = 'generation'`)).rows[0].value;
  } finally {
    await client.end();
  }
}

/** Statements that read the generation on `pool`, counted from now on. */
function countGenerationReads(pool: pg.Pool): () => number {
  const query = vi.spyOn(pool, "query");
  const start = query.mock.calls.length;
  return () => query.mock.calls.slice(start).filter(([sql]) => typeof sql === "string" && sql.includes("key = 'generation'")).length;
}

const pools: pg.Pool[] = [];
const indexes: PgSearchIndex[] = [];
afterAll(async () => {
  for (const index of indexes) index.close();
  for (const pool of pools) await pool.end();
});

/**
 * A second server's search index: a pool of its own on the same database. Its once-a-second read
 * (the safety net against lost notifications) is off, so that what it sees came by notification.
 */
function secondServer(): { pool: pg.Pool; index: PgSearchIndex } {
  const pool = new pg.Pool({ connectionString: databaseUrl(), max: 2 });
  const index = pgSearchIndex(pool, { maxAgeMs: Infinity });
  pools.push(pool);
  indexes.push(index);
  return { pool, index };
}

const searchNames = async (q: string) => (await searchExperiences({ q, category: "", limit: 10, explain: false }, "", { log: false })).results.map((r) => r.name);

describe.skipIf(!onPostgres())("the search generation on PostgreSQL", () => {
  it("another server's write reaches this server within a second, with no read per search", async () => {
    await post({ name: "tabula-py", task: "Extract tables from government budget PDFs" });
    const { pool, index } = secondServer();
    const before = await index.generation();
    expect(await index.listening()).toBe(true);
    const reads = countGenerationReads(pool);
    for (let i = 0; i < 5; i++) expect(await index.generation()).toBe(before);
    expect(reads()).toBe(0);

    const after = await asOtherServer(`UPDATE experiences SET score = 2 WHERE name = 'tabula-py'`);
    expect(after).not.toBe(before);
    // Within a second of the other server's commit, by notification alone (no read of the generation).
    await vi.waitFor(async () => expect(await index.generation()).toBe(after), { timeout: 1_000, interval: 5 });
    expect(reads()).toBe(0);
  });

  it("drops another server's stale answers from the answer cache within a second", async () => {
    await post({ name: "Camelot", task: "Extract lattice tables from scanned PDF invoices" });
    const index = await engineSearchIndex();
    await index.generation();
    expect(await (index as PgSearchIndex).listening()).toBe(true);
    expect(await searchNames("extract lattice tables from pdf invoices")).toContain("Camelot");
    // Another server hides the report: the answer this server cached must go.
    await asOtherServer(`UPDATE experiences SET status = 'hidden' WHERE name = 'Camelot'`);
    await vi.waitFor(async () => expect(await searchNames("extract lattice tables from pdf invoices")).not.toContain("Camelot"), { timeout: 1_000, interval: 5 });
  });

  it("this server's own write is found by its very next search, without waiting for the notification", async () => {
    const index = await engineSearchIndex();
    await index.generation();
    expect(await (index as PgSearchIndex).listening()).toBe(true);
    const q = "transcribe podcast audio into subtitles";
    // Cached: the answer without it.
    expect(await searchNames(q)).not.toContain("whisper.cpp");
    const reads = countGenerationReads(await getPgPool());
    expect((await post({ name: "whisper.cpp", task: "Transcribe podcast audio into subtitles offline" })).status).toBe(201);
    // The write moved this process's count of finished writes: the next search reads the generation
    // (without that, it answered from the cache before the notification came).
    expect(await searchNames(q)).toContain("whisper.cpp");
    expect(reads()).toBeGreaterThanOrEqual(1);
  });

  it("reads the generation on every search while the listening connection is lost, and listens again", async () => {
    const { pool, index } = secondServer();
    await index.generation();
    expect(await index.listening()).toBe(true);
    await asOtherServer(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'knowhub-search-listen' AND datname = current_database()`,
    );
    await vi.waitFor(async () => expect(await index.listening()).toBe(false), { timeout: 2_000, interval: 5 });
    // Not listening: a write elsewhere is seen by the very next search, read from the database.
    const reads = countGenerationReads(pool);
    const moved = await asOtherServer(`UPDATE experiences SET score = 3 WHERE name = 'tabula-py'`);
    expect(await index.generation()).toBe(moved);
    expect(reads()).toBeGreaterThanOrEqual(1);
    // Tried again a second later, by a search: then notifications carry the generation again.
    await vi.waitFor(async () => {
      await index.generation();
      expect(await index.listening()).toBe(true);
    }, { timeout: 5_000, interval: 50 });
    const settled = reads();
    const next = await asOtherServer(`UPDATE experiences SET score = 4 WHERE name = 'tabula-py'`);
    await vi.waitFor(async () => expect(await index.generation()).toBe(next), { timeout: 1_000, interval: 5 });
    expect(reads()).toBe(settled);
  });

  it("KNOWHUB_PG_LISTEN=0 reads the generation on every search", async () => {
    process.env.KNOWHUB_PG_LISTEN = "0";
    try {
      const { pool, index } = secondServer();
      const reads = countGenerationReads(pool);
      await index.generation();
      await index.generation();
      expect(reads()).toBe(2);
      expect(await index.listening()).toBe(false);
    } finally {
      delete process.env.KNOWHUB_PG_LISTEN;
    }
  });
});
