// What a rate-limit hit costs, where the buckets now live (lib/limits/rate-limit.ts). Prints figures,
// asserts nothing.
//
//   tsx scripts/bench-limits.ts [--hits 2000]                 PostgreSQL in-process: one hit = one statement
//   tsx scripts/bench-limits.ts --ipc [--hits 2000]                 a worker's hit answered by a primary
//   tsx scripts/bench-limits.ts --http [--requests 2000] [--clients 4] [--rounds 2] [--against DIR] [--workers 1,2] [--skip-off]
//
// Without --http: `--hits` sequential takeToken calls on one caller's row (the hot path: an UPDATE
// through ON CONFLICT), the same number on fresh callers (INSERTs), and the same number with 16 in
// flight (throughput, and how the row lock queues them), on a fresh database on TEST_DATABASE_URL's
// server or a throwaway cluster; then the same sequential calls on SQLite's in-memory buckets.
//
// --ipc: the SQLite workers' path alone, without the server around it: this process plays
// scripts/serve.mjs's primary (the same token-buckets.mjs and messages) for one forked child that
// times `--hits` sequential takeToken calls with KNOWHUB_RATE_BUCKETS=primary (one message each way
// per hit), then the same calls on its own in-memory buckets.
//
// --http: search throughput and latency through the production server (scripts/serve.mjs, the
// build in NEXT_DIST_DIR, default .next-bench) on a SQLite file of 300 generated reports, answer
// cache off, `--clients` kept-alive connections, `--requests` searches after 200 untimed: with one
// process and with KNOWHUB_WORKERS=2, rate limit on (KNOWHUB_RATE_SEARCH=1000000/min: every search
// takes a token, none is refused) and off. `--against DIR`: also serve DIR's tree (another checkout
// with its own build in the same NEXT_DIST_DIR, e.g. the commit before) with the limit on, for a
// before/after; configurations alternate within each round. `--workers 1` measures one process
// only, `--skip-off` leaves out the runs with the limit off.
import { fork, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { closeDb } from "../lib/db";
import { bucketStore, resetRateLimits, takeToken } from "../lib/limits/rate-limit";
import { createTokenBuckets, MAX_BUCKETS, TAKE_MESSAGE, TAKEN_MESSAGE } from "../lib/limits/token-buckets.mjs";
import { concurrent, searchPath } from "./lib/bench/http-load";
import { ms, summarize, type Latency } from "./lib/bench/stats";
import { createScratchDatabase, ensurePgServer, planPgServer, stopPgServer } from "./lib/pg-cluster";

const { values } = parseArgs({
  options: {
    hits: { type: "string", default: "2000" },
    http: { type: "boolean", default: false },
    ipc: { type: "boolean", default: false },
    "ipc-child": { type: "boolean", default: false },
    requests: { type: "string", default: "2000" },
    clients: { type: "string", default: "4" },
    rounds: { type: "string", default: "2" },
    against: { type: "string" },
    port: { type: "string", default: "3614" },
    workers: { type: "string", default: "1,2" },
    "skip-off": { type: "boolean", default: false },
  },
});

// Below 0.1 ms in microseconds: the in-memory hits would all read 0.00 ms.
const fine = (n: number) => (n < 0.1 ? `${(n * 1000).toFixed(1)} µs` : ms(n));
const line = (name: string, l: Latency, extra = "") => console.log(`${name.padEnd(44)} p50 ${fine(l.p50)}  p95 ${fine(l.p95)}  max ${fine(l.max)}${extra}`);

async function timeHits(n: number, caller: (i: number) => string): Promise<Latency> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const answer = await takeToken("search", caller(i));
    samples.push(performance.now() - started);
    if (!answer.ok) throw new Error("a hit was refused: the bench's limit is meant never to refuse");
  }
  return summarize(samples);
}

async function benchHits(): Promise<void> {
  const n = Number(values.hits);
  process.env.KNOWHUB_RATE_SEARCH = "1000000000/h";
  const plan = planPgServer(process.env, () => mkdtempSync(join(tmpdir(), "knowhub-bench-limits-")));
  const scratch = await createScratchDatabase(await ensurePgServer(plan), "knowhub_bench_limits");
  try {
    process.env.DATABASE_URL = scratch.url;
    await resetRateLimits();
    await timeHits(200, (i) => `key:warm${i % 10}`);
    console.log(`PostgreSQL, ${n} hits each, one at a time (in-process, the side pool):`);
    line("  one caller (UPDATE via ON CONFLICT)", await timeHits(n, () => "key:hot"));
    line("  a new caller each (INSERT)", await timeHits(n, (i) => `key:new${i}`));
    const started = performance.now();
    const inFlight = 16;
    let next = 0;
    const samples: number[] = [];
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < n) {
          next++;
          const t = performance.now();
          await takeToken("search", "key:contended");
          samples.push(performance.now() - t);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    line(`  one caller, ${inFlight} in flight`, summarize(samples), `  ${Math.round(n / seconds)} hits/s`);
    await closeDb();
  } finally {
    await scratch.drop();
    stopPgServer(plan);
  }
  const dir = mkdtempSync(join(tmpdir(), "knowhub-bench-limits-"));
  process.env.DATABASE_URL = `file:${join(dir, "memory.db")}`;
  await resetRateLimits();
  await timeHits(200, () => "key:warm");
  console.log(`SQLite, one process (buckets in memory), ${n} hits:`);
  line("  one caller", await timeHits(n, () => "key:hot"));
  rmSync(dir, { recursive: true, force: true });
}

// ---- --ipc ----

async function benchIpc(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "knowhub-bench-limits-ipc-"));
  const buckets = createTokenBuckets(MAX_BUCKETS);
  const child = fork(process.argv[1], ["--ipc-child", "--hits", values.hits!], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, KNOWHUB_RATE_BUCKETS: "primary", KNOWHUB_RATE_SEARCH: "1000000000/h", DATABASE_URL: `file:${join(dir, "ipc.db")}` },
  });
  // What serve.mjs's primary does with a worker's hit.
  child.on("message", (message: { type: string; id: number; action: string; caller: string; capacity: number; windowMs: number }) => {
    if (message?.type !== TAKE_MESSAGE) return;
    const answer = buckets.take(message.action, message.caller, { capacity: message.capacity, windowMs: message.windowMs }, Date.now());
    child.send({ type: TAKEN_MESSAGE, id: message.id, ...answer });
  });
  await new Promise<void>((done) => child.once("exit", () => done()));
  rmSync(dir, { recursive: true, force: true });
}

async function ipcChild(): Promise<void> {
  const n = Number(values.hits);
  if (bucketStore() !== "primary") throw new Error(`the child's buckets are in ${bucketStore()}, not the primary`);
  await timeHits(200, () => "key:warm");
  console.log(`SQLite, a worker whose primary holds the buckets (one message each way), ${n} hits:`);
  line("  one caller, through the primary", await timeHits(n, () => "key:hot"));
  delete process.env.KNOWHUB_RATE_BUCKETS;
  await resetRateLimits();
  line("  one caller, this process's own buckets", await timeHits(n, () => "key:hot"));
  process.disconnect?.();
}

// ---- --http ----

type Server = { url: string; stop: () => Promise<void> };

/** serve.mjs of `root` (its own build in NEXT_DIST_DIR) in a process group of its own. */
async function serve(root: string, databaseUrl: string, workers: number, env: Record<string, string>): Promise<Server> {
  const port = Number(values.port);
  const child = spawn(process.execPath, [join(root, "scripts", "serve.mjs"), "-H", "127.0.0.1", "-p", String(port)], {
    cwd: root,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", KNOWHUB_WORKERS: String(workers), DATABASE_URL: databaseUrl, KNOWHUB_SEARCH_CACHE: "0", ...env },
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once("exit", () => done());
      process.kill(-child.pid!, "SIGTERM");
    });
  const deadline = Date.now() + 120_000;
  while (!/KnowHub serving/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: `http://127.0.0.1:${port}`, stop };
}

function post(base: string, path: string, body: unknown): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((done, fail) => {
    const req = request(base + path, { method: "POST", agent: false, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } }, (res) => {
      res.resume();
      res.on("end", () => done(res.statusCode ?? 0));
    });
    req.on("error", fail);
    req.end(payload);
  });
}

const TOOLS = ["pdfplumber", "camelot", "tabula", "playwright", "scrapy", "pandas", "polars", "duckdb", "ffmpeg", "whisper", "tesseract", "spacy"];
const VERBS = ["extract", "convert", "scrape", "parse", "transcribe", "summarize", "index", "clean", "merge", "split"];
const THINGS = ["tables from scanned invoices", "product pages", "meeting audio", "csv exports", "legal contracts", "log files", "chinese receipts", "api responses"];

function report(i: number) {
  const tool = TOOLS[i % TOOLS.length];
  const task = `${VERBS[(i * 7) % VERBS.length]} ${THINGS[(i * 3) % THINGS.length]} batch ${i}`;
  return { name: tool, url: `https://example.com/${tool}`, category: "library", task, score: 1 + (i % 5), outcome: `Worked on ${task} with ${tool}.`, tips: `Run ${tool} twice for ${THINGS[i % THINGS.length]}.` };
}

async function seeded(root: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "knowhub-bench-limits-http-"));
  const url = `file:${join(dir, "bench.db")}`;
  const server = await serve(root, url, 1, { KNOWHUB_RATE_WRITE: "off", KNOWHUB_RATE_SEARCH: "off" });
  try {
    for (let i = 0; i < 300; i++) {
      const status = await post(server.url, "/api/experience", report(i));
      if (status !== 201) throw new Error(`seeding: POST answered ${status}`);
    }
  } finally {
    await server.stop();
  }
  return url;
}

async function benchHttp(): Promise<void> {
  process.env.NEXT_DIST_DIR ||= ".next-bench";
  const requests = Number(values.requests);
  const clients = Number(values.clients);
  const here = process.cwd();
  const trees = [{ name: "this tree", root: here, url: await seeded(here) }];
  if (values.against) trees.push({ name: "against", root: resolve(values.against), url: await seeded(resolve(values.against)) });
  const configs: { tree: (typeof trees)[number]; workers: number; limit: string }[] = [];
  for (const workers of values.workers!.split(",").map(Number)) {
    for (const tree of trees) configs.push({ tree, workers, limit: "1000000/min" });
    if (!values["skip-off"]) configs.push({ tree: trees[0], workers, limit: "off" });
  }
  const queries = Array.from({ length: 60 }, (_, i) => ({ q: `${VERBS[i % VERBS.length]} ${THINGS[(i * 5) % THINGS.length]}`, category: "" }));
  const paths = queries.map(searchPath);
  const results = new Map<string, { perSecond: number[]; samples: Latency[] }>();
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const c of configs) {
      const key = `${c.tree.name}, workers=${c.workers}, search limit ${c.limit === "off" ? "off" : "on"}`;
      const server = await serve(c.tree.root, c.tree.url, c.workers, { KNOWHUB_RATE_WRITE: "off", KNOWHUB_RATE_SEARCH: c.limit });
      try {
        await concurrent(server.url, paths, clients, 200, 120);
        const run = await concurrent(server.url, paths, clients, requests, 300);
        if (run.errors) throw new Error(`${key}: ${run.errors} searches failed`);
        const entry = results.get(key) ?? { perSecond: [], samples: [] };
        entry.perSecond.push(run.perSecond);
        entry.samples.push(run.latency);
        results.set(key, entry);
        console.error(`round ${round}: ${key}: ${Math.round(run.perSecond)}/s, p50 ${ms(run.latency.p50)}, p95 ${ms(run.latency.p95)}`);
      } finally {
        await server.stop();
      }
    }
  }
  console.log(`Searches over HTTP, SQLite, 300 reports, answer cache off, ${clients} kept-alive clients, ${requests} per run, ${values.rounds} rounds (median of the rounds' figures):`);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  for (const [key, { perSecond, samples }] of results) {
    console.log(
      `  ${key.padEnd(48)} ${String(Math.round(median(perSecond))).padStart(5)}/s  p50 ${ms(median(samples.map((s) => s.p50)))}  p95 ${ms(median(samples.map((s) => s.p95)))}`,
    );
  }
}

(values["ipc-child"] ? ipcChild() : values.ipc ? benchIpc() : values.http ? benchHttp() : benchHits()).catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
