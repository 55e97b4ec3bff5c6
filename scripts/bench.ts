// npm run bench -- --size 100000 [--port 3301..3308] [--reuse] [--rebuild] [--like-budget 60] [--seconds 15]
// Generates a realistic corpus, imports it through the import path, starts the production server on
// that database (once with the search answer cache off, once as `npm start` runs it) and prints
// search latency and throughput over HTTP beside in-process anchors (the naive FTS5 query and the
// seed's LIKE scan) and the targets. Prints figures; asserts nothing. --port P uses P and P + 1.
// Everything lives under .bench/ (git-ignored); traffic goes to 127.0.0.1 only.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { closeDb } from "../lib/db";
import { analyze } from "../lib/search/analyze";
import { flushSearchLog } from "../lib/search/log-search";
import { searchExperiences } from "../lib/search/search-experiences";
import { importFile } from "../lib/transfer/import-records";
import { buildIfNeeded } from "./lib/bench/build";
import { generateCorpus } from "./lib/bench/generate-corpus";
import { concurrent, searchPath, sequential, timedGet, type Query } from "./lib/bench/http-load";
import { groupMemory } from "./lib/bench/process-rss";
import { openAnchors } from "./lib/bench/repo";
import { ms, summarize, timeEach, type Latency } from "./lib/bench/stats";
import { progressBar } from "./lib/progress-bar";
import { describeReanalysis, reanalyzeWithProgress } from "./lib/reanalyze-with-progress";
import { startServer } from "./lib/server";

const { values } = parseArgs({
  options: {
    size: { type: "string", default: "100000" },
    port: { type: "string", default: "3301" },
    reuse: { type: "boolean", default: false },
    rebuild: { type: "boolean", default: false },
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "15" },
    "like-budget": { type: "string", default: "60" },
    queries: { type: "string", default: "test/eval/dev/queries.jsonl" },
    seeds: { type: "string", default: "test/eval/dev/experiences.jsonl" },
  },
});
const size = Number(values.size);
const port = Number(values.port);
if (!Number.isInteger(size) || size < 1 || port < 3301 || port > 3308) {
  console.error("usage: npm run bench -- --size N [--port 3301..3308] [--reuse] [--rebuild]");
  process.exit(2);
}
// Never the default .next: other people build in this tree at the same time.
process.env.NEXT_DIST_DIR ||= ".next-bench";

const dir = join(process.cwd(), ".bench");
const corpus = join(dir, `corpus-${size}.jsonl`);
const dbPath = join(dir, `bench-${size}.db`);
const databaseUrl = `file:${dbPath}`;
const rows: [string, string, string][] = [];
const figure = (name: string, value: string, target = "") => rows.push([name, value, target]);

const load = () => loadavg().map((n) => n.toFixed(1)).join(" ");

async function main(): Promise<void> {
  const loadAtStart = load();
  mkdirSync(dir, { recursive: true });
  const queries: Query[] = readFileSync(values.queries, "utf8").split("\n").filter((l) => l.trim())
    .map((l) => JSON.parse(l)).map((q: Query) => ({ q: q.q, category: q.category ?? "" }));

  if (!existsSync(corpus) || !values.reuse) {
    const t = performance.now();
    const { resources } = await generateCorpus({ seedsPath: values.seeds, path: corpus, size });
    console.error(`corpus: ${size} experiences over ${resources} resources in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }

  process.env.DATABASE_URL = databaseUrl;
  if (!existsSync(dbPath) || !values.reuse) {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(dbPath + suffix, { force: true });
    const bar = progressBar("import");
    const s = await importFile(corpus, {
      workers: availableParallelism(),
      onProgress: (p) => bar.update(p.bytes, p.totalBytes, `${p.lines.toLocaleString("en")} lines`),
    });
    bar.finish();
    const rate = s.experiences.added / (s.elapsedMs / 1000);
    figure("import", `${s.experiences.added.toLocaleString("en")} experiences + ${s.contentRevisions.added} revisions in ${(s.elapsedMs / 1000).toFixed(1)} s (${Math.round(rate).toLocaleString("en")}/s; skipped ${s.experiences.skipped}, rejected ${s.experiences.rejected + s.contentRevisions.rejected})`,
      size >= 1_000_000 ? "<= 180 s at 1M" : `1M at this rate: ${(1_000_000 / rate).toFixed(0)} s (<= 180 s)`);
  } else {
    figure("import", "skipped (--reuse)");
    // A reused database may predate an analyzer change: bring it up to date, as npm start would.
    const again = reanalyzeWithProgress();
    if (again) figure("re-analysis", describeReanalysis(again));
  }
  await closeDb();
  const anchors = openAnchors(dbPath);
  const counts = anchors.counts();
  const bytes = ["", "-wal"].reduce((a, s) => a + (existsSync(dbPath + s) ? statSync(dbPath + s).size : 0), 0);
  figure("database", `${counts.experiences.toLocaleString("en")} experiences, ${counts.resources.toLocaleString("en")} resources, ${(bytes / 2 ** 20).toFixed(0)} MiB`);

  console.error(`build (${process.env.NEXT_DIST_DIR}): ${buildIfNeeded(values.rebuild)}`);
  // Search answers are cached until the next write (lib/search/result-cache.ts), and the dev
  // queries repeat: so search is measured on a second server with the cache off, and only those
  // uncached figures go into the ratios against the anchors.
  const paths = queries.map(searchPath);
  const big = size >= 1_000_000;
  let ours: Latency;
  const cold = await startServer({ port: port + 1, databaseUrl, env: { KNOWHUB_SEARCH_CACHE: "0" } });
  try {
    const seq = await sequential(cold.url, paths, Number(values.rounds));
    ours = seq;
    figure("search over HTTP, sequential, cache off", `p50 ${ms(seq.p50)}  p95 ${ms(seq.p95)}  max ${ms(seq.max)}  (n=${seq.n}, errors ${seq.errors})`,
      big ? "p95 <= 100 ms" : "p50 <= 10 ms, p95 <= 30 ms");
    const load = await concurrent(cold.url, paths, 16, 20_000, Number(values.seconds));
    figure("search, 16 concurrent clients, cache off", `${load.perSecond.toFixed(0)} requests/s  p50 ${ms(load.latency.p50)}  p95 ${ms(load.latency.p95)}  (n=${load.requests}, errors ${load.errors})`,
      big ? "" : ">= 400 requests/s");
  } finally {
    await cold.stop();
  }
  const server = await startServer({ port, databaseUrl });
  try {
    const seq = await sequential(server.url, paths, Number(values.rounds));
    figure("search over HTTP, sequential, cached", `p50 ${ms(seq.p50)}  p95 ${ms(seq.p95)}  max ${ms(seq.max)}  (n=${seq.n}, errors ${seq.errors}; first sight of each query: p50 ${ms(seq.first.p50)}  p95 ${ms(seq.first.p95)})`,
      big ? "p95 <= 100 ms" : "p50 <= 10 ms, p95 <= 30 ms");
    const load = await concurrent(server.url, paths, 16, 20_000, Number(values.seconds));
    figure("search, 16 concurrent clients, cached", `${load.perSecond.toFixed(0)} requests/s  p50 ${ms(load.latency.p50)}  p95 ${ms(load.latency.p95)}  (n=${load.requests}, errors ${load.errors})`,
      big ? "" : ">= 400 requests/s");
    const names = anchors.sampleResources(20, 30);
    const resource = await sequential(server.url, names.map((n) => `/api/resource/${encodeURIComponent(n)}`), 1);
    figure("GET /api/resource/{name}", `p50 ${ms(resource.p50)}  p95 ${ms(resource.p95)}  (n=${resource.n}, errors ${resource.errors})`);
    for (const [label, pagePaths] of [
      ["TTFB /search?q=", queries.slice(0, 20).map((q) => `/search?q=${encodeURIComponent(q.q)}`)],
      ["TTFB /resources/{name}", names.slice(0, 20).map((n) => `/resources/${encodeURIComponent(n)}`)],
    ] as const) {
      const [status] = await timedGet(server.url, pagePaths[0]);
      if (status === 404) figure(label, "n/a (page not built)");
      else {
        const page = await sequential(server.url, [...pagePaths], 1);
        figure(label, `p50 ${ms(page.ttfb.p50)}  (full page p50 ${ms(page.p50)}, n=${page.n}, errors ${page.errors})`);
      }
    }
    const memory = groupMemory(server.pid);
    figure("server RSS (process group)", `${memory.rssMb.toFixed(0)} MB now, ${memory.peakMb.toFixed(0)} MB peak  [${memory.processes.map((p) => `${p.name} ${p.rssMb.toFixed(0)}`).join(", ")}]`,
      big ? "<= 500 MB" : "");
  } finally {
    await server.stop();
  }

  // In-process figures, with the server stopped so that nothing competes for the two cores, and
  // with the result cache off: every query is searched.
  process.env.KNOWHUB_SEARCH_CACHE = "0";
  const naive = summarize(await timeEach(queries, (q) => anchors.naive([...new Set(analyze(q.q))]), 10));
  const inproc = summarize(await timeEach(queries, (q) => searchExperiences({ q: q.q, category: q.category, limit: 10, explain: false }), 10));
  flushSearchLog();
  const like: number[] = [];
  const budget = performance.now() + Number(values["like-budget"]) * 1000;
  for (let i = 0; i < queries.length && (like.length < 3 || performance.now() < budget); i++) {
    const t = performance.now();
    anchors.like(queries[i].q);
    like.push(performance.now() - t);
  }
  const likeStats = summarize(like);
  anchors.close();
  await closeDb();
  figure("ours in-process (searchExperiences)", `p50 ${ms(inproc.p50)}  p95 ${ms(inproc.p95)}  (n=${inproc.n})`);
  figure("anchor: naive FTS5 OR + bm25, in-process", `p50 ${ms(naive.p50)}  p95 ${ms(naive.p95)}  (n=${naive.n})`);
  figure("anchor: seed LIKE scan, in-process", `p50 ${ms(likeStats.p50)}  p95 ${ms(likeStats.p95)}  (n=${likeStats.n}, first queries only, ${values["like-budget"]} s budget)`);
  figure("ratio ours/naive p95 (HTTP | in-process)", `${(ours!.p95 / naive.p95).toFixed(2)} | ${(inproc.p95 / naive.p95).toFixed(2)}`, "<= 0.5");
  const times = (n: number) => `${n < 10 ? n.toFixed(1) : n.toFixed(0)}x`;
  figure("ratio LIKE/ours p50 (HTTP | in-process)", `${times(likeStats.p50 / ours!.p50)} | ${times(likeStats.p50 / inproc.p50)}`, size >= 1_000_000 ? ">= 20x" : ">= 20x at 1M");

  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(`\nKnowHub bench, size ${size.toLocaleString("en")} (${availableParallelism()} cores, node ${process.version}, db ${dbPath})`);
  for (const [name, value, target] of rows) console.log(`${name.padEnd(width)}  ${value}${target ? `   [target ${target}]` : ""}`);
  console.log(`load average (1/5/15 min): ${loadAtStart} at start, ${load()} at end (other work shares these cores)`);
  console.log("HTTP figures include the HTTP round trip; the anchors run in-process on better-sqlite3 (no HTTP).");
}

void main();
