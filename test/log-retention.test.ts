// The demand logs stay bounded (age and row count) and never store a pasted secret.
import { existsSync, readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db, transaction } from "../lib/db";
import { databasePath } from "../lib/db-migrate";
import { toDbTime } from "../lib/db-time";
import { flushSearchLog, logSearch, pendingSearchLog } from "../lib/demand-log/log-search";
import { pruneLogs, resetLogRetention, schedulePrune } from "../lib/demand-log/prune-demand-logs";
import { insertContentMisses, insertSearchLogs, type SearchLogEntry } from "../lib/demand-log/repo";
import { engineSearchIndex } from "../lib/search/engine-search-index";
import { countRows, sqlAll, sqlRun, tableNames, tableRowsAsText } from "./sql";

const insertContentMiss = (contentId: string, at: Date) => insertContentMisses([{ contentId, createdAt: toDbTime(at) }]);

const DAY = 86_400_000;
const NOW = new Date("2026-12-01T12:00:00Z");

function entry(query: string, at: Date): SearchLogEntry {
  return { query, category: "", resultCount: 1, abstained: false, latencyMs: 1.5, createdAt: toDbTime(at) };
}

async function searchLogQueries(): Promise<string[]> {
  return (await sqlAll<{ query: string }>(`SELECT query FROM search_logs ORDER BY id`)).map((r) => r.query);
}

async function contentMissIds(): Promise<string[]> {
  return (await sqlAll<{ id: string }>(`SELECT content_id AS id FROM content_misses ORDER BY id`)).map((r) => r.id);
}

const count = (table: string) => countRows(table);

const savedEnv = { days: process.env.KNOWHUB_LOG_DAYS, rows: process.env.KNOWHUB_LOG_MAX_ROWS };

beforeEach(async () => {
  await flushSearchLog();
  await sqlRun(`DELETE FROM search_logs`);
  await sqlRun(`DELETE FROM content_misses`);
  delete process.env.KNOWHUB_LOG_DAYS;
  delete process.env.KNOWHUB_LOG_MAX_ROWS;
  resetLogRetention();
});

afterEach(() => {
  for (const [name, value] of [
    ["KNOWHUB_LOG_DAYS", savedEnv.days],
    ["KNOWHUB_LOG_MAX_ROWS", savedEnv.rows],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetLogRetention();
});

describe("retention by age", () => {
  it("deletes search logs and content misses older than KNOWHUB_LOG_DAYS (default 30) and keeps the rest", async () => {
    await insertSearchLogs([
      entry("ancient", new Date(NOW.getTime() - 400 * DAY)),
      entry("old", new Date(NOW.getTime() - 31 * DAY)),
      entry("recent", new Date(NOW.getTime() - 29 * DAY)),
      entry("today", NOW),
    ]);
    await insertContentMiss("old/miss", new Date(NOW.getTime() - 45 * DAY));
    await insertContentMiss("recent/miss", new Date(NOW.getTime() - 2 * DAY));

    expect(await pruneLogs(NOW)).toEqual({ searchLogs: 2, contentMisses: 1 });
    expect(await searchLogQueries()).toEqual(["recent", "today"]);
    expect(await contentMissIds()).toEqual(["recent/miss"]);
    expect(await pruneLogs(NOW)).toEqual({ searchLogs: 0, contentMisses: 0 });
  });

  it("follows KNOWHUB_LOG_DAYS", async () => {
    process.env.KNOWHUB_LOG_DAYS = "7";
    await insertSearchLogs([entry("8 days", new Date(NOW.getTime() - 8 * DAY)), entry("6 days", new Date(NOW.getTime() - 6 * DAY))]);
    await pruneLogs(NOW);
    expect(await searchLogQueries()).toEqual(["6 days"]);
  });

  it("finds old search logs through the created_at index, not a table scan", async () => {
    const query = `SELECT id FROM search_logs WHERE created_at < '${toDbTime(NOW)}' ORDER BY created_at LIMIT 10`;
    if (db().engine === "sqlite") {
      const plan = await sqlAll<{ detail: string }>(`EXPLAIN QUERY PLAN ${query}`);
      expect(plan.map((p) => p.detail).join(" | ")).toMatch(/USING (COVERING )?INDEX search_logs_created_at_idx/);
    } else {
      // An empty table is scanned whatever its indexes: with scans priced out, the plan shows
      // whether the index can serve the query at all.
      const plan = await transaction(async () => {
        await db().run(`SET LOCAL enable_seqscan = off`);
        return db().all<{ "QUERY PLAN": string }>(`EXPLAIN ${query}`);
      });
      expect(plan.map((p) => p["QUERY PLAN"]).join(" | ")).toMatch(/Index (Only )?Scan using search_logs_created_at_idx/);
    }
  });
});

describe("retention by row count", () => {
  it("keeps at most KNOWHUB_LOG_MAX_ROWS rows per table, the newest", async () => {
    process.env.KNOWHUB_LOG_MAX_ROWS = "50";
    await insertSearchLogs(Array.from({ length: 120 }, (_, i) => entry(`q${i}`, new Date(NOW.getTime() - (120 - i) * 1000))));
    for (let i = 0; i < 80; i++) await insertContentMiss(`miss/${i}`, new Date(NOW.getTime() - (80 - i) * 1000));

    expect(await pruneLogs(NOW)).toEqual({ searchLogs: 70, contentMisses: 30 });
    expect(await count("search_logs")).toBe(50);
    expect((await searchLogQueries())[0]).toBe("q70");
    expect((await searchLogQueries()).at(-1)).toBe("q119");
    expect(await count("content_misses")).toBe(50);
    expect((await contentMissIds())[0]).toBe("miss/30");

    // More rows arrive: the cap holds after the next prune.
    await insertSearchLogs(Array.from({ length: 10 }, (_, i) => entry(`new${i}`, NOW)));
    await pruneLogs(NOW);
    expect(await count("search_logs")).toBe(50);
    expect((await searchLogQueries()).at(-1)).toBe("new9");
  });

  it("works off a backlog larger than one prune in bounded steps", async () => {
    process.env.KNOWHUB_LOG_MAX_ROWS = "1000";
    await insertSearchLogs(Array.from({ length: 31_000 }, (_, i) => entry(`q${i}`, NOW)));
    const first = await pruneLogs(NOW);
    // One prune deletes at most pruneBatchRows × pruneMaxBatches (20,000) rows per rule.
    expect(first.searchLogs).toBe(20_000);
    expect(await count("search_logs")).toBe(11_000);
    await pruneLogs(NOW);
    expect(await count("search_logs")).toBe(1000);
    expect((await searchLogQueries())[0]).toBe("q30000");
  });
});

describe("pruning and the search answer cache", () => {
  it("does not count as a write that search could see", async () => {
    await insertSearchLogs([entry("old", new Date(NOW.getTime() - 90 * DAY))]);
    await insertContentMiss("old/miss", new Date(NOW.getTime() - 90 * DAY));
    const index = await engineSearchIndex();
    const before = await index.generation();
    expect(await pruneLogs(NOW)).toEqual({ searchLogs: 1, contentMisses: 1 });
    expect(await index.generation()).toBe(before);
  });
});

describe("scheduling", () => {
  it("prunes at most once a minute, in a task of its own", async () => {
    await insertSearchLogs([entry("old", new Date(Date.now() - 90 * DAY))]);
    const t0 = Date.now();
    schedulePrune(t0); // starts the clock
    schedulePrune(t0 + 30_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await count("search_logs")).toBe(1);
    // Not inside the caller: the prune is a timer task of its own, held back here while the rows
    // are counted (a count is asynchronous, so a real timer could fire before it answers).
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      schedulePrune(t0 + 61_000);
      expect(vi.getTimerCount()).toBe(1);
      expect(await count("search_logs")).toBe(1);
    } finally {
      vi.runOnlyPendingTimers();
      vi.useRealTimers();
    }
    await vi.waitFor(async () => expect(await count("search_logs")).toBe(0));
  });
});

// A flush never waits for the writer: if a background write (the previous test's prune) holds it
// at that moment, the entries stay buffered and the batch's own retry writes them shortly after.
async function flushedSearchLog(): Promise<void> {
  await flushSearchLog();
  await vi.waitFor(() => expect(pendingSearchLog()).toBe(0), { timeout: 10_000 });
}

describe("what is logged", () => {
  it("stores the key id, '' without one", async () => {
    logSearch({ query: "pdf tables", category: "", resultCount: 2, abstained: false, latencyMs: 3, keyId: "key_ab12cd34ef56ab78" });
    logSearch({ query: "ocr", category: "", resultCount: 0, abstained: true, latencyMs: 2 });
    await flushedSearchLog();
    const rows = await sqlAll(`SELECT query, key_id AS "keyId" FROM search_logs ORDER BY id`);
    expect(rows).toEqual([
      { query: "pdf tables", keyId: "key_ab12cd34ef56ab78" },
      { query: "ocr", keyId: "" },
    ]);
  });

  it("redacts a pasted API token before it reaches the database file", async () => {
    const token = `kh_${randomBytes(32).toString("base64url")}`;
    const aws = `AKIA${randomBytes(10).toString("hex").toUpperCase().slice(0, 16)}`;
    logSearch({ query: `why does Bearer ${token} get 401`, category: "", resultCount: 0, abstained: true, latencyMs: 1 });
    logSearch({ query: `boto3 with ${aws}`, category: "", resultCount: 0, abstained: true, latencyMs: 1 });
    await flushedSearchLog();

    expect(await searchLogQueries()).toEqual(["why does Bearer [redacted:knowhub-token] get 401", "boto3 with [redacted:aws-access-key]"]);
    // SQLite: the database's files, byte for byte. PostgreSQL keeps its files in the server's data
    // folder (not ours to read, nor necessarily on this machine): every row of every table instead.
    const stored: { name: string; bytes: Buffer }[] = [];
    if (db().engine === "sqlite") {
      await db().all("PRAGMA wal_checkpoint(TRUNCATE)");
      const file = databasePath();
      for (const name of [file, `${file}-wal`]) if (existsSync(name)) stored.push({ name, bytes: readFileSync(name) });
    } else {
      for (const table of await tableNames()) stored.push({ name: table, bytes: Buffer.from((await tableRowsAsText(table)).join("\n")) });
    }
    for (const { name, bytes } of stored) {
      expect(bytes.includes(Buffer.from(token)), `${name} holds the token`).toBe(false);
      expect(bytes.includes(Buffer.from(token.slice(3))), `${name} holds the token's secret part`).toBe(false);
      expect(bytes.includes(Buffer.from(aws)), `${name} holds the AWS key id`).toBe(false);
    }
    expect(stored.some(({ bytes }) => bytes.includes(Buffer.from("[redacted:knowhub-token]")))).toBe(true);
  });

  it("keeps an ordinary query exactly as typed", async () => {
    const query = "提取 PDF 表格 with git 3f786850e387550fdab836ed7e6dc881de23001b";
    logSearch({ query, category: "library", resultCount: 0, abstained: true, latencyMs: 1 });
    await flushSearchLog();
    expect(await searchLogQueries()).toEqual([query]);
  });
});
