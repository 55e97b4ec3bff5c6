// What users of a live hub see while another process holds the database's write lock (an import,
// a backup, a second server's long write): search and /api/health latency from a few concurrent
// clients, first with the database free, then while another connection holds BEGIN IMMEDIATE. The
// server is the production build on a fresh database; figures only (other work on the same cores
// moves them). `npx tsx scripts/bench-lock.ts [--hold-ms 6000] [--port 3290]`
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { ensureBuild, startServer } from "./lib/server";

const { values } = parseArgs({ options: { "hold-ms": { type: "string", default: "6000" }, port: { type: "string", default: "3290" } } });
const HOLD_MS = Number(values["hold-ms"]);
const TOPICS = ["pdf tables", "scrape prices", "parse json", "resize images", "send email", "cron jobs", "vector search", "ocr receipts"];

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  return performance.now() - started;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/**
 * Open loop, as independent agents arrive: a search every 25 ms (a different query each time) and a
 * health check every 100 ms for `ms`, whatever the answers before them took, so a stalled server
 * shows in every request that arrived while it stalled.
 */
async function load(base: string, ms: number): Promise<{ search: number[]; health: number[] }> {
  const search: number[] = [];
  const health: number[] = [];
  const pending: Promise<void>[] = [];
  const started = Date.now();
  for (let n = 0; Date.now() - started < ms; n += 1) {
    pending.push(timed(`${base}/api/search?q=${encodeURIComponent(`${TOPICS[n % TOPICS.length]} ${n}`)}`).then((t) => void search.push(t)));
    if (n % 4 === 0) pending.push(timed(`${base}/api/health`).then((t) => void health.push(t)));
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await Promise.all(pending);
  return { search, health };
}

function describe(label: string, r: { search: number[]; health: number[] }): string {
  const f = (v: number) => v.toFixed(1);
  return `${label}: search p50 ${f(percentile(r.search, 50))} p95 ${f(percentile(r.search, 95))} max ${f(Math.max(...r.search))} ms (${r.search.length}); health p50 ${f(percentile(r.health, 50))} p95 ${f(percentile(r.health, 95))} max ${f(Math.max(...r.health))} ms`;
}

async function main() {
  ensureBuild();
  const dir = mkdtempSync(join(tmpdir(), "knowhub-bench-lock-"));
  const path = join(dir, "hub.db");
  const server = await startServer({ port: Number(values.port), databaseUrl: `file:${path}`, env: { KNOWHUB_SEARCH_CACHE: "0" } });
  try {
    for (const [i, topic] of TOPICS.entries()) {
      const res = await fetch(`${server.url}/api/experience`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: `Tool ${i}`, task: `${topic} for a client`, score: 4, tips: `it handled ${topic}` }),
      });
      if (res.status !== 201) throw new Error(`seeding failed: ${res.status}`);
    }
    await load(server.url, 1000);
    console.log(describe("database free", await load(server.url, HOLD_MS - 1000)));
    const other = new Database(path);
    other.exec("BEGIN IMMEDIATE");
    const released = new Promise<void>((resolve) =>
      setTimeout(() => {
        other.exec("ROLLBACK");
        other.close();
        resolve();
      }, HOLD_MS),
    );
    console.log(describe(`write lock held by another process (${HOLD_MS} ms)`, await load(server.url, HOLD_MS - 1000)));
    await released;
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
