// What users of a live hub see while another process writes to its SQLite file: search and
// /api/health latency from a few concurrent clients, and what API writes get, (1) with the database
// free, (2) while another connection holds BEGIN IMMEDIATE for --hold-ms (writes wait
// asynchronously, then answer 503 with Retry-After at KNOWHUB_BUSY_TIMEOUT_MS, --busy-ms here), and
// (3) while `npm run import` writes --import-rows generated experiences into the same file. The
// server is the production build on a fresh database; figures only (other work on the same cores
// moves them). `npx tsx scripts/bench-lock.ts [--hold-ms 6000] [--busy-ms 2000] [--import-rows 100000] [--import-mode per-batch|bulk] [--port 3290]`
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { spawn } from "node:child_process";
import Database from "better-sqlite3";
import { generateCorpus } from "./lib/bench/generate-corpus";
import { ensureBuild, startServer } from "./lib/server";

const { values } = parseArgs({
  options: {
    "hold-ms": { type: "string", default: "6000" },
    "busy-ms": { type: "string", default: "2000" },
    "import-rows": { type: "string", default: "100000" },
    // per-batch (the lock is free between 2,000-row batches) or bulk (one transaction holds it throughout)
    "import-mode": { type: "string", default: "per-batch" },
    port: { type: "string", default: "3290" },
  },
});
const HOLD_MS = Number(values["hold-ms"]);
const BUSY_MS = Number(values["busy-ms"]);
const IMPORT_ROWS = Number(values["import-rows"]);
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
type Load = { search: number[]; health: number[]; writes: { status: number; ms: number; retryAfter: string | null }[] };

/** A write every 500 ms: what an agent reporting meanwhile gets (stored, or 503 and when to retry). */
let writes = 0;

async function write(base: string, n: number): Promise<Load["writes"][number]> {
  // Every report different (a repeated one is a duplicate, answered 200 without writing).
  const started = performance.now();
  n = writes++;
  const res = await fetch(`${base}/api/experience`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: `Writer ${n % 5}`, task: `report ${n} while the database is busy`, score: 4, tips: `attempt ${n}` }),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started, retryAfter: res.headers.get("retry-after") };
}

async function load(base: string, ms: number, until?: Promise<unknown>): Promise<Load> {
  const result: Load = { search: [], health: [], writes: [] };
  const pending: Promise<void>[] = [];
  const started = Date.now();
  let done = false;
  void until?.then(() => (done = true));
  for (let n = 0; until ? !done : Date.now() - started < ms; n += 1) {
    pending.push(timed(`${base}/api/search?q=${encodeURIComponent(`${TOPICS[n % TOPICS.length]} ${n}`)}`).then((t) => void result.search.push(t)));
    if (n % 4 === 0) pending.push(timed(`${base}/api/health`).then((t) => void result.health.push(t)));
    if (n % 20 === 0) pending.push(write(base, n).then((w) => void result.writes.push(w)));
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await Promise.all(pending);
  return result;
}

function describe(label: string, r: Load): string {
  const f = (v: number) => v.toFixed(1);
  const byStatus = new Map<number, number[]>();
  for (const w of r.writes) byStatus.set(w.status, [...(byStatus.get(w.status) ?? []), w.ms]);
  const writes = [...byStatus]
    .map(([status, ms]) => `${ms.length} x ${status} (p50 ${f(percentile(ms, 50))} max ${f(Math.max(...ms))} ms${status === 503 ? `, Retry-After ${r.writes.find((w) => w.status === 503)?.retryAfter}` : ""})`)
    .join(", ");
  return (
    `${label}:\n  search p50 ${f(percentile(r.search, 50))} p95 ${f(percentile(r.search, 95))} max ${f(Math.max(...r.search))} ms (${r.search.length}); ` +
    `health p50 ${f(percentile(r.health, 50))} p95 ${f(percentile(r.health, 95))} max ${f(Math.max(...r.health))} ms (${r.health.length}); writes: ${writes}`
  );
}

/** `npm run import` of a file into the database, as another process; resolves when it exits. */
function runImport(path: string, corpus: string): Promise<{ ms: number; code: number | null }> {
  const started = performance.now();
  const child = spawn(process.execPath, ["node_modules/.bin/tsx", "scripts/import.ts", corpus, `--${values["import-mode"]}`], {
    env: { ...process.env, DATABASE_URL: `file:${path}` },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return new Promise((resolve) => child.on("exit", (code) => resolve({ ms: performance.now() - started, code })));
}

async function main() {
  ensureBuild();
  const dir = mkdtempSync(join(tmpdir(), "knowhub-bench-lock-"));
  const path = join(dir, "hub.db");
  const corpus = join(dir, "import.jsonl");
  if (IMPORT_ROWS > 0) await generateCorpus({ seedsPath: "test/eval/dev/experiences.jsonl", path: corpus, size: IMPORT_ROWS });
  const server = await startServer({
    port: Number(values.port),
    databaseUrl: `file:${path}`,
    env: { KNOWHUB_SEARCH_CACHE: "0", KNOWHUB_BUSY_TIMEOUT_MS: String(BUSY_MS) },
  });
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
    console.log(describe(`write lock held by another process (${HOLD_MS} ms, busy timeout ${BUSY_MS} ms)`, await load(server.url, HOLD_MS - 1000)));
    await released;
    if (IMPORT_ROWS > 0) {
      const imported = runImport(path, corpus);
      const during = await load(server.url, 0, imported);
      const { ms, code } = await imported;
      console.log(describe(`while npm run import --${values["import-mode"]} writes ${IMPORT_ROWS.toLocaleString("en")} experiences (${(ms / 1000).toFixed(1)} s, exit ${code})`, during));
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
