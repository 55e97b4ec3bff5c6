// npm run bench:scale -- --size 1000000 [--engine sqlite|postgres|both] [--dir DIR] [--reuse-corpus] [--reuse-database] [--json FILE] ...
// (all flags: scripts/lib/bench/scale-options.ts)
// The bench at scale on both engines (#20 item 6), per engine in one run:
//   1. the bench's corpus of N realistic reports (generated, or reused with --reuse-corpus), and
//      `npm run import` of it into an empty database, timed end to end (SQLite: the bulk path unless
//      --sqlite-import per-batch; PostgreSQL: per batch, the only path it has), lines/s; with
//      --reuse-database SQLite's file from an earlier run is measured as it is, without an import;
//   2. database size on disk (SQLite: file + WAL as the import left them; PostgreSQL:
//      pg_database_size after ANALYZE) and row counts;
//   3. search p50/p95, answer cache off, over bench:search's query mix: in-process
//      (searchExperiences on the engine's index) and over HTTP at concurrency 1 on one server;
//   4. uncached HTTP throughput (requests/s, p50/p95) with one server and with two: two serve.mjs
//      processes (one worker each) on the same database, each on its own port, the clients spread
//      over both; on these 2 shared cores the second server shares the CPU with the first and
//      with the load generator, so it is reported as measured. Each server gets the same untimed
//      pass over the HTTP queries before it is measured: a cold server's first searches (on
//      PostgreSQL the bm25 average row length, a scan of every published row) stalled its clients
//      for 15 s at 1M and made two servers look three times slower than one;
//   5. memory per server: RSS of each server's process group (serve.mjs and any child), now and
//      peak (VmHWM), after each throughput run.
// Prints a table per engine and the engines side by side, and writes every figure as JSON (after
// each engine, so a run that stops half way keeps what it measured). Rate limits are off for the
// servers (scripts/lib/server.ts sets KNOWHUB_RATE_SEARCH/WRITE=off). PostgreSQL is a throwaway
// cluster on --pg-port (fsync off, as the tests run it; default settings otherwise) made under
// --dir and removed at the end, on an error and on Ctrl-C; or the server --pg-url names, where a
// scratch database is made and dropped. The load average is printed: other work shares the cores.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, totalmem } from "node:os";
import { join, resolve } from "node:path";
import { closeDb, db } from "../lib/db";
import { migratePgDatabase } from "../lib/db-migrate-pg";
import { searchExperiences } from "../lib/search/search-experiences";
import { throughput, type Throughput } from "./lib/bench-load";
import { buildQueryMix } from "./lib/bench-queries";
import { buildIfNeeded } from "./lib/bench/build";
import { generateCorpus } from "./lib/bench/generate-corpus";
import { searchPath, sequential, type Query } from "./lib/bench/http-load";
import { groupMemory, type GroupMemory } from "./lib/bench/process-rss";
import { formatTable, parseScaleArgs, SCALE_USAGE, type ScaleEngine, type ScaleOptions } from "./lib/bench/scale-options";
import { ms, summarize, timeEach, type Latency } from "./lib/bench/stats";
import { createScratchDatabase, ensurePgServer, findPgBinDir, stopPgServer, type PgPlan } from "./lib/pg-cluster";
import { startServer, type RunningServer } from "./lib/server";

type ServerMemory = { port: number; rssMb: number; peakMb: number; processes: GroupMemory["processes"] };
type Load = Throughput & { servers: ServerMemory[] };

type EngineFigures = {
  engine: ScaleEngine;
  startedAt: string;
  loadAverage: { start: number[]; end?: number[] };
  import?: {
    command: string;
    path: string;
    lines: number;
    added: number;
    skipped: number;
    rejected: number;
    held: number;
    wallSeconds: number;
    importSeconds: number;
    linesPerSecond: number;
  };
  analyzeSeconds?: number;
  database?: { bytes: number; detail: Record<string, number>; rows: Record<string, number> };
  searchInProcess?: Latency & { mean: number };
  searchHttp?: Latency & { errors: number };
  oneServer?: Load;
  twoServers?: Load;
  error?: string;
};

let options: ScaleOptions;
try {
  options = parseScaleArgs(process.argv.slice(2));
} catch (error) {
  console.error(`bench:scale: ${(error as Error).message}\n${SCALE_USAGE}`);
  process.exit(2);
}
const root = process.cwd();
const dir = resolve(options.dir);
const corpus = join(dir, `corpus-${options.size}.jsonl`);
const sqlitePath = join(dir, `scale-${options.size}.db`);
// Never the default .next: other people build in this tree at the same time (as bench.ts).
process.env.NEXT_DIST_DIR ||= ".next-bench";
// Every search measured here is a search, not a cache lookup: in-process and in the servers.
process.env.KNOWHUB_SEARCH_CACHE = "0";

const results: { size: number; machine: Record<string, unknown>; corpus: Record<string, unknown>; engines: EngineFigures[] } = {
  size: options.size,
  machine: { cores: availableParallelism(), memoryGb: +(totalmem() / 2 ** 30).toFixed(1), node: process.version, shared: "other engineers' work ran on the same cores" },
  corpus: { path: corpus },
  engines: [],
};

// What must not outlive the bench, also on Ctrl-C: the servers and the throwaway cluster.
const servers = new Set<RunningServer>();
const cleanups: (() => Promise<void>)[] = [];
async function cleanUp(): Promise<void> {
  for (const server of servers) await server.stop().catch(() => {});
  servers.clear();
  while (cleanups.length) await cleanups.pop()!().catch(() => {});
}

const load = () => loadavg().map((n) => +n.toFixed(2));
const seconds = (fromMs: number) => (performance.now() - fromMs) / 1000;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
const input = (q: Query) => ({ q: q.q, category: q.category, limit: 10, explain: false });

function saveJson(): void {
  mkdirSync(resolve(options.json, ".."), { recursive: true });
  writeFileSync(options.json, `${JSON.stringify(results, null, 2)}\n`);
}

/** `npm run import` of the corpus into `url`, timed end to end; its --json summary. */
async function runImport(url: string, engine: ScaleEngine): Promise<NonNullable<EngineFigures["import"]>> {
  const mode = engine === "sqlite" ? [options.sqliteImport === "bulk" ? "--bulk" : "--per-batch"] : [];
  const args = ["run", "--silent", "import", "--", corpus, "--db", url, "--json", "--workers", String(options.importWorkers), ...mode];
  const command = `npm ${args.join(" ").replace(corpus, "CORPUS").replace(url, engine === "sqlite" ? "file:DB" : "postgres://DB")}`;
  console.error(`[${engine}] ${command}`);
  const started = performance.now();
  const child = spawn("npm", args, { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  const code = await new Promise<number | null>((done) => child.once("exit", (c) => done(c)));
  const wallSeconds = seconds(started);
  // Exit 2 means some lines were rejected (counted below); anything else is a failed import.
  if (code !== 0 && code !== 2) throw new Error(`import exited ${code}: ${out.slice(-2000)}`);
  const summary = JSON.parse(out.trim().split("\n").pop()!) as {
    lines: number;
    bulk: boolean;
    elapsedMs: number;
    experiences: { added: number; skipped: number; rejected: number };
    held: { experiences: number };
  };
  return {
    command,
    path: summary.bulk ? "SQLite bulk (one transaction, triggers applied set-wise)" : "per batch (2,000 lines a transaction)",
    lines: summary.lines,
    added: summary.experiences.added,
    skipped: summary.experiences.skipped,
    rejected: summary.experiences.rejected,
    held: summary.held.experiences,
    wallSeconds,
    importSeconds: summary.elapsedMs / 1000,
    linesPerSecond: summary.lines / wallSeconds,
  };
}

/** A fresh database for the engine: its URL. PostgreSQL's is migrated (the import expects its tables). */
async function freshDatabase(engine: ScaleEngine): Promise<string> {
  if (engine === "sqlite") {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(sqlitePath + suffix, { force: true });
    return `file:${sqlitePath}`;
  }
  let adminUrl = options.pgUrl;
  if (!adminUrl) {
    const binDir = findPgBinDir();
    if (!binDir) throw new Error("no PostgreSQL server binaries under /usr/lib/postgresql (or give --pg-url)");
    const plan: PgPlan = { kind: "local", binDir, stateDir: mkdtempSync(join(dir, "pg-")), port: options.pgPort };
    cleanups.push(async () => stopPgServer(plan));
    adminUrl = await ensurePgServer(plan);
    console.error(`[postgres] throwaway cluster on port ${options.pgPort} in ${plan.stateDir}`);
  }
  const scratch = await createScratchDatabase(adminUrl, `knowhub_scale_${options.size}`);
  if (options.pgUrl) cleanups.push(scratch.drop);
  await migratePgDatabase(scratch.url);
  return scratch.url;
}

async function countRows(tables: string[]): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  for (const table of tables) rows[table] = Number((await db().get<{ n: number | string }>(`SELECT count(*) AS n FROM ${table}`))?.n ?? NaN);
  return rows;
}

/** Size on disk and row counts, through the data layer (DATABASE_URL is the engine's database). */
async function measureDatabase(engine: ScaleEngine): Promise<NonNullable<EngineFigures["database"]>> {
  const tables = ["experiences", "resources", "resource_votes"];
  if (engine === "sqlite") {
    // As the import left them (it closed the database): the file and its WAL.
    const size = (suffix: string) => (existsSync(sqlitePath + suffix) ? statSync(sqlitePath + suffix).size : 0);
    const detail = { file: size(""), wal: size("-wal") };
    return { bytes: detail.file + detail.wal, detail, rows: await countRows(tables) };
  }
  const bytes = Number((await db().get<{ bytes: string }>(/* sql */ `SELECT pg_database_size(current_database()) AS bytes`))!.bytes);
  const relation = async (name: string) =>
    Number((await db().get<{ bytes: string }>(/* sql */ `SELECT pg_total_relation_size(@name) AS bytes`, { name }))!.bytes);
  const detail = { experiences: await relation("experiences"), experience_search: await relation("experience_search"), experience_terms: await relation("experience_terms") };
  return { bytes, detail, rows: await countRows([...tables, "experience_search", "experience_terms"]) };
}

function serverMemory(server: RunningServer, port: number): ServerMemory {
  const m = groupMemory(server.pid);
  return { port, rssMb: m.rssMb, peakMb: m.peakMb, processes: m.processes };
}

async function start(port: number, databaseUrl: string): Promise<RunningServer> {
  const server = await startServer({ port, databaseUrl, workers: 1, env: { KNOWHUB_SEARCH_CACHE: "0" } });
  servers.add(server);
  return server;
}

async function stop(server: RunningServer): Promise<void> {
  servers.delete(server);
  await server.stop();
}

async function benchEngine(engine: ScaleEngine, mix: { inProcess: Query[]; http: string[]; load: string[] }): Promise<EngineFigures> {
  const figures: EngineFigures = { engine, startedAt: new Date().toISOString(), loadAverage: { start: load() } };
  results.engines.push(figures);
  try {
    const reuse = engine === "sqlite" && options.reuseDatabase && existsSync(sqlitePath);
    const url = reuse ? `file:${sqlitePath}` : await freshDatabase(engine);
    if (reuse) console.error(`[${engine}] --reuse-database: measuring ${sqlitePath} as it is (no import)`);
    else {
      figures.import = await runImport(url, engine);
      const imp = figures.import;
      console.error(`[${engine}] imported ${imp.added.toLocaleString("en")} of ${imp.lines.toLocaleString("en")} lines in ${imp.wallSeconds.toFixed(1)} s (${imp.linesPerSecond.toFixed(0)} lines/s)`);
      saveJson();
    }

    process.env.DATABASE_URL = url;
    if (engine === "postgres") {
      // The planner's statistics, as bench:search gives its copy (autovacuum may not have got to them).
      const t = performance.now();
      await db().run("ANALYZE");
      figures.analyzeSeconds = seconds(t);
    }
    figures.database = await measureDatabase(engine);
    console.error(`[${engine}] database ${mb(figures.database.bytes)}, rows ${JSON.stringify(figures.database.rows)}`);

    const samples = await timeEach(mix.inProcess, (q) => searchExperiences(input(q), "", { log: false }), options.warm);
    figures.searchInProcess = { ...summarize(samples), mean: mean(samples) };
    console.error(`[${engine}] in-process p50 ${ms(figures.searchInProcess.p50)} p95 ${ms(figures.searchInProcess.p95)}`);
    await closeDb();
    saveJson();

    const one = await start(options.port, url);
    // Concurrency 1, after one untimed pass over the same paths (sequential's warm-up).
    const seq = await sequential(one.url, mix.http, 1);
    figures.searchHttp = { n: seq.n, p50: seq.p50, p95: seq.p95, max: seq.max, errors: seq.errors };
    console.error(`[${engine}] HTTP concurrency 1 p50 ${ms(seq.p50)} p95 ${ms(seq.p95)}`);
    const loadOne = await throughput(one.url, one.pid, mix.load, options.clients, options.seconds);
    figures.oneServer = { ...loadOne, servers: [serverMemory(one, options.port)] };
    console.error(`[${engine}] one server: ${loadOne.perSecond.toFixed(0)} requests/s`);
    saveJson();

    const two = await start(options.port + 1, url);
    await sequential(two.url, mix.http, 0);
    const loadTwo = await throughput([one.url, two.url], [one.pid, two.pid], mix.load, options.clients, options.seconds);
    figures.twoServers = { ...loadTwo, servers: [serverMemory(one, options.port), serverMemory(two, options.port + 1)] };
    console.error(`[${engine}] two servers: ${loadTwo.perSecond.toFixed(0)} requests/s`);
    await stop(two);
    await stop(one);
  } catch (error) {
    figures.error = String((error as Error).stack ?? error);
    throw error;
  } finally {
    figures.loadAverage.end = load();
    await closeDb();
    await cleanUp();
    delete process.env.DATABASE_URL;
    saveJson();
  }
  return figures;
}

const memoryCell = (l?: Load) => (l ? l.servers.map((s) => `${s.rssMb.toFixed(0)}/${s.peakMb.toFixed(0)}`).join(" + ") + " MB" : "n/a");
const loadCell = (l?: Load) => (l ? `${l.perSecond.toFixed(0)}/s  p50 ${ms(l.latency.p50)}  p95 ${ms(l.latency.p95)}${l.errors ? `  errors ${l.errors}` : ""}` : "n/a");

/** One row per figure, one column per engine measured. */
function figureRows(list: EngineFigures[]): string[][] {
  const cell = (f: (e: EngineFigures) => string) => list.map((e) => {
    try {
      return f(e);
    } catch {
      return "n/a";
    }
  });
  return [
    ["figure", ...list.map((e) => e.engine)],
    ["import path", ...cell((e) => (!e.import ? "none (--reuse-database)" : e.engine === "sqlite" ? (options.sqliteImport === "bulk" ? "bulk" : "per batch") : "per batch"))],
    ["import, end to end (importer's own)", ...cell((e) => `${e.import!.wallSeconds.toFixed(1)} s (${e.import!.importSeconds.toFixed(1)} s)`)],
    ["import rate", ...cell((e) => `${e.import!.linesPerSecond.toFixed(0)} lines/s`)],
    ["experiences added / lines", ...cell((e) => `${e.import!.added.toLocaleString("en")} / ${e.import!.lines.toLocaleString("en")}`)],
    ["ANALYZE after import", ...cell((e) => (e.analyzeSeconds === undefined ? "-" : `${e.analyzeSeconds.toFixed(1)} s`))],
    ["database size", ...cell((e) => mb(e.database!.bytes))],
    ["rows: experiences", ...cell((e) => e.database!.rows.experiences.toLocaleString("en"))],
    ["rows: resources", ...cell((e) => e.database!.rows.resources.toLocaleString("en"))],
    ["search in-process p50 / p95", ...cell((e) => `${ms(e.searchInProcess!.p50)} / ${ms(e.searchInProcess!.p95)}`)],
    ["search HTTP conc. 1 p50 / p95", ...cell((e) => `${ms(e.searchHttp!.p50)} / ${ms(e.searchHttp!.p95)}`)],
    [`1 server, ${options.clients} clients`, ...cell((e) => loadCell(e.oneServer))],
    [`2 servers, ${options.clients} clients`, ...cell((e) => loadCell(e.twoServers))],
    ["2 servers / 1 server", ...cell((e) => `${(e.twoServers!.perSecond / e.oneServer!.perSecond).toFixed(2)}x`)],
    // What a request cost the servers in CPU, whatever share of the cores they got: with the
    // machine shared, requests/s says as much about the other work as about the app.
    ["server CPU per request, 1 / 2 servers", ...cell((e) => `${ms(e.oneServer!.serverCpuMs)} / ${ms(e.twoServers!.serverCpuMs)}`)],
    ["server RSS now/peak, 1 server", ...cell((e) => memoryCell(e.oneServer))],
    ["server RSS now/peak, 2 servers", ...cell((e) => memoryCell(e.twoServers))],
    ["load average at start / end", ...cell((e) => `${e.loadAverage.start[0]} / ${e.loadAverage.end?.[0] ?? "?"}`)],
  ];
}

async function main(): Promise<void> {
  mkdirSync(dir, { recursive: true });
  console.error(`build (${process.env.NEXT_DIST_DIR}): ${buildIfNeeded(false)}`);
  if (!(options.reuseCorpus && existsSync(corpus))) {
    const t = performance.now();
    const { resources } = await generateCorpus({ seedsPath: options.seeds, path: corpus, size: options.size });
    results.corpus = { ...results.corpus, generatedSeconds: seconds(t), resources };
  } else results.corpus = { ...results.corpus, reused: true };
  results.corpus = { ...results.corpus, bytes: statSync(corpus).size };

  // bench:search's mix: the dev queries plus thousands from the corpus's tasks, Zipf popularity.
  const dev: Query[] = readFileSync(options.devQueries, "utf8").split("\n").filter((l) => l.trim())
    .map((l) => JSON.parse(l)).map((q: Query) => ({ q: q.q, category: q.category ?? "" }));
  const queryMix = buildQueryMix({ corpusPath: corpus, devQueries: dev, distinct: 6000, zipf: 1 });
  const inProcess = queryMix.sequence(options.queries);
  const mix = {
    inProcess,
    http: inProcess.slice(0, options.httpQueries).map(searchPath),
    load: queryMix.sequence(20_000).map(searchPath),
  };
  console.log(`bench:scale, ${options.size.toLocaleString("en")} reports (${mb(statSync(corpus).size)} corpus), engines ${options.engines.join(", ")}; ${availableParallelism()} cores shared with other work; answer cache off; figures to ${options.json}`);

  for (const engine of options.engines) {
    const figures = await benchEngine(engine, mix);
    console.log(`\n${engine}, ${options.size.toLocaleString("en")} reports`);
    console.log(formatTable(figureRows([figures])));
  }
  if (results.engines.length > 1) {
    console.log(`\nside by side, ${options.size.toLocaleString("en")} reports`);
    console.log(formatTable(figureRows(results.engines)));
  }
  console.log(`\nRSS: each server's process group (serve.mjs, one worker), now/peak after the run. Throughput: ${options.clients} kept-alive clients for ${options.seconds} s after 2 s of warm-up, answer cache off, the load generator on the same cores.`);
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping servers and the cluster`);
    void cleanUp().finally(() => process.exit(130));
  });
}

main().then(
  () => process.exit(0),
  async (error) => {
    if (!interrupted) console.error(error);
    await cleanUp();
    saveJson();
    process.exit(1);
  },
);
