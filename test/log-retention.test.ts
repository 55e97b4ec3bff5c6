// The demand logs stay bounded (age and row count) and never store a pasted secret.
import { existsSync, readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getSqlite } from "../lib/db";
import { toDbTime } from "../lib/db-time";
import { flushSearchLog, logSearch } from "../lib/demand-log/log-search";
import { pruneLogs, resetLogRetention, schedulePrune } from "../lib/demand-log/prune-demand-logs";
import { insertContentMisses, insertSearchLogs, type SearchLogEntry } from "../lib/demand-log/repo";
import { indexGeneration } from "../lib/search/repo";

const insertContentMiss = (contentId: string, at: Date) => insertContentMisses([{ contentId, createdAt: toDbTime(at) }]);

const DAY = 86_400_000;
const NOW = new Date("2026-12-01T12:00:00Z");

function entry(query: string, at: Date): SearchLogEntry {
  return { query, category: "", resultCount: 1, abstained: false, latencyMs: 1.5, createdAt: toDbTime(at) };
}

function searchLogQueries(): string[] {
  return (getSqlite().prepare(`SELECT query FROM search_logs ORDER BY id`).all() as { query: string }[]).map((r) => r.query);
}

function contentMissIds(): string[] {
  return (getSqlite().prepare(`SELECT content_id AS id FROM content_misses ORDER BY id`).all() as { id: string }[]).map((r) => r.id);
}

function count(table: string): number {
  return (getSqlite().prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
}

const savedEnv = { days: process.env.KNOWHUB_LOG_DAYS, rows: process.env.KNOWHUB_LOG_MAX_ROWS };

beforeEach(() => {
  flushSearchLog();
  getSqlite().exec(`DELETE FROM search_logs; DELETE FROM content_misses;`);
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
  it("deletes search logs and content misses older than KNOWHUB_LOG_DAYS (default 30) and keeps the rest", () => {
    insertSearchLogs([
      entry("ancient", new Date(NOW.getTime() - 400 * DAY)),
      entry("old", new Date(NOW.getTime() - 31 * DAY)),
      entry("recent", new Date(NOW.getTime() - 29 * DAY)),
      entry("today", NOW),
    ]);
    insertContentMiss("old/miss", new Date(NOW.getTime() - 45 * DAY));
    insertContentMiss("recent/miss", new Date(NOW.getTime() - 2 * DAY));

    expect(pruneLogs(NOW)).toEqual({ searchLogs: 2, contentMisses: 1 });
    expect(searchLogQueries()).toEqual(["recent", "today"]);
    expect(contentMissIds()).toEqual(["recent/miss"]);
    expect(pruneLogs(NOW)).toEqual({ searchLogs: 0, contentMisses: 0 });
  });

  it("follows KNOWHUB_LOG_DAYS", () => {
    process.env.KNOWHUB_LOG_DAYS = "7";
    insertSearchLogs([entry("8 days", new Date(NOW.getTime() - 8 * DAY)), entry("6 days", new Date(NOW.getTime() - 6 * DAY))]);
    pruneLogs(NOW);
    expect(searchLogQueries()).toEqual(["6 days"]);
  });

  it("finds old search logs through the created_at index, not a table scan", () => {
    const plan = getSqlite()
      .prepare(`EXPLAIN QUERY PLAN SELECT id FROM search_logs WHERE created_at < ? ORDER BY created_at LIMIT ?`)
      .all(toDbTime(NOW), 10) as { detail: string }[];
    expect(plan.map((p) => p.detail).join(" | ")).toMatch(/USING (COVERING )?INDEX search_logs_created_at_idx/);
  });
});

describe("retention by row count", () => {
  it("keeps at most KNOWHUB_LOG_MAX_ROWS rows per table, the newest", () => {
    process.env.KNOWHUB_LOG_MAX_ROWS = "50";
    insertSearchLogs(Array.from({ length: 120 }, (_, i) => entry(`q${i}`, new Date(NOW.getTime() - (120 - i) * 1000))));
    for (let i = 0; i < 80; i++) insertContentMiss(`miss/${i}`, new Date(NOW.getTime() - (80 - i) * 1000));

    expect(pruneLogs(NOW)).toEqual({ searchLogs: 70, contentMisses: 30 });
    expect(count("search_logs")).toBe(50);
    expect(searchLogQueries()[0]).toBe("q70");
    expect(searchLogQueries().at(-1)).toBe("q119");
    expect(count("content_misses")).toBe(50);
    expect(contentMissIds()[0]).toBe("miss/30");

    // More rows arrive: the cap holds after the next prune.
    insertSearchLogs(Array.from({ length: 10 }, (_, i) => entry(`new${i}`, NOW)));
    pruneLogs(NOW);
    expect(count("search_logs")).toBe(50);
    expect(searchLogQueries().at(-1)).toBe("new9");
  });

  it("works off a backlog larger than one prune in bounded steps", () => {
    process.env.KNOWHUB_LOG_MAX_ROWS = "1000";
    insertSearchLogs(Array.from({ length: 31_000 }, (_, i) => entry(`q${i}`, NOW)));
    const first = pruneLogs(NOW);
    // One prune deletes at most pruneBatchRows × pruneMaxBatches (20,000) rows per rule.
    expect(first.searchLogs).toBe(20_000);
    expect(count("search_logs")).toBe(11_000);
    pruneLogs(NOW);
    expect(count("search_logs")).toBe(1000);
    expect(searchLogQueries()[0]).toBe("q30000");
  });
});

describe("pruning and the search answer cache", () => {
  it("does not count as a write that search could see", () => {
    insertSearchLogs([entry("old", new Date(NOW.getTime() - 90 * DAY))]);
    insertContentMiss("old/miss", new Date(NOW.getTime() - 90 * DAY));
    const before = indexGeneration();
    expect(pruneLogs(NOW)).toEqual({ searchLogs: 1, contentMisses: 1 });
    expect(indexGeneration()).toBe(before);
  });
});

describe("scheduling", () => {
  it("prunes at most once a minute, in a task of its own", async () => {
    insertSearchLogs([entry("old", new Date(Date.now() - 90 * DAY))]);
    const t0 = Date.now();
    schedulePrune(t0); // starts the clock
    schedulePrune(t0 + 30_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(count("search_logs")).toBe(1);
    schedulePrune(t0 + 61_000);
    expect(count("search_logs")).toBe(1); // not inside the caller
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(count("search_logs")).toBe(0);
  });
});

describe("what is logged", () => {
  it("stores the key id, '' without one", () => {
    logSearch({ query: "pdf tables", category: "", resultCount: 2, abstained: false, latencyMs: 3, keyId: "key_ab12cd34ef56ab78" });
    logSearch({ query: "ocr", category: "", resultCount: 0, abstained: true, latencyMs: 2 });
    flushSearchLog();
    const rows = getSqlite().prepare(`SELECT query, key_id AS keyId FROM search_logs ORDER BY id`).all();
    expect(rows).toEqual([
      { query: "pdf tables", keyId: "key_ab12cd34ef56ab78" },
      { query: "ocr", keyId: "" },
    ]);
  });

  it("redacts a pasted API token before it reaches the database file", () => {
    const token = `kh_${randomBytes(32).toString("base64url")}`;
    const aws = `AKIA${randomBytes(10).toString("hex").toUpperCase().slice(0, 16)}`;
    logSearch({ query: `why does Bearer ${token} get 401`, category: "", resultCount: 0, abstained: true, latencyMs: 1 });
    logSearch({ query: `boto3 with ${aws}`, category: "", resultCount: 0, abstained: true, latencyMs: 1 });
    flushSearchLog();

    expect(searchLogQueries()).toEqual(["why does Bearer [redacted:knowhub-token] get 401", "boto3 with [redacted:aws-access-key]"]);
    const db = getSqlite();
    db.pragma("wal_checkpoint(TRUNCATE)");
    for (const file of [db.name, `${db.name}-wal`]) {
      if (!existsSync(file)) continue;
      const bytes = readFileSync(file);
      expect(bytes.includes(Buffer.from(token)), `${file} holds the token`).toBe(false);
      expect(bytes.includes(Buffer.from(token.slice(3))), `${file} holds the token's secret part`).toBe(false);
      expect(bytes.includes(Buffer.from(aws)), `${file} holds the AWS key id`).toBe(false);
    }
    expect(readFileSync(db.name).includes(Buffer.from("[redacted:knowhub-token]"))).toBe(true);
  });

  it("keeps an ordinary query exactly as typed", () => {
    const query = "提取 PDF 表格 with git 3f786850e387550fdab836ed7e6dc881de23001b";
    logSearch({ query, category: "library", resultCount: 0, abstained: true, latencyMs: 1 });
    flushSearchLog();
    expect(searchLogQueries()).toEqual([query]);
  });
});
