// npm run bench:search -- --size 20000 [--engine sqlite|postgres|both] [--against DIR] [--queries 1500] [--rounds 3] [--reuse] [--keep]
// In-process search ms per query, answer cache off, over the benchmark's realistic mix (Zipf over
// thousands of distinct queries from the corpus's tasks, scripts/lib/bench-queries.ts) and over the
// dev queries, on the benchmark's database (.bench/bench-N.db, made as `npm run bench` makes it).
// Without the server, build or HTTP load of `npm run bench`: seconds, fit for a shared machine.
//
// --against DIR: another tree of this project (e.g. `git archive <commit> lib | tar -x -C DIR`, with
// node_modules and generated linked in) whose lib/search/search-experiences.ts is timed beside this
// tree's in the same process, on the same database and queries, interleaved (A B, then B A on the
// next query), so that load from other work on the machine falls on both alike. Each tree opens its
// own connection. Prints p50 / p95 / mean of both and their ratio. With --engine both (#19): the
// other tree's PostgreSQL search is timed as a third, on the same PostgreSQL copy (its own
// search-index-pg.ts over the same pool), interleaved with this tree's SQLite and PostgreSQL, and
// each tree's postgres/sqlite ratio is printed: a before/after of PostgreSQL's search in one run.
//
// --engine sqlite|postgres|both (#19): the search index timed (default sqlite). postgres and both copy
// the SQLite database into a fresh PostgreSQL database on a throwaway cluster (or the server
// TEST_DATABASE_URL names) with eval-pg.ts's copy, ANALYZE it, and time the same queries through
// searchExperiences with each engine's index, interleaved. Prints per engine p50 / p95 / max / mean
// and queries/s (one search at a time), postgres/sqlite for p50 and p95, the copy's time, both
// databases' sizes, and on how many of the first distinct queries of the mix both give the same top 3.
// The cluster is stopped and removed at the end, on an error and on Ctrl-C.
//
// --keep (with TEST_DATABASE_URL): the PostgreSQL copy is made once, as knowhub_bench_<size>_kept on
// that server, and later runs reuse it (migrated to this tree, no copy, no ANALYZE), so rounds of
// work on PostgreSQL take seconds, not minutes. It is renamed to that name only once the copy is
// complete and checked; drop it by hand to copy again (after `--reuse` is left out, say). The
// reused copy is in whatever state autovacuum left it (say which you measured).
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { closeDb, getSqlite } from "../lib/db";
import type { SearchInput, SearchResponseDto } from "../lib/search/schema";
import type { SearchIndex } from "../lib/search/search-index";
import type { PgSearchIndex } from "../lib/search/search-index-pg";
import { searchExperiences } from "../lib/search/search-experiences";
import { importFile } from "../lib/transfer/import-records";
import { buildQueryMix } from "./lib/bench-queries";
import { generateCorpus } from "./lib/bench/generate-corpus";
import type { Query } from "./lib/bench/http-load";
import { ms, summarize } from "./lib/bench/stats";

const { values } = parseArgs({
  options: {
    size: { type: "string", default: "20000" },
    against: { type: "string" },
    queries: { type: "string", default: "1500" },
    rounds: { type: "string", default: "3" },
    warm: { type: "string", default: "200" },
    reuse: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    engine: { type: "string", default: "sqlite" },
    agree: { type: "string", default: "200" },
    "dev-queries": { type: "string", default: "test/eval/dev/queries.jsonl" },
    seeds: { type: "string", default: "test/eval/dev/experiences.jsonl" },
  },
});

type Search = (input: SearchInput) => Promise<unknown>;

const ENGINES = { sqlite: ["sqlite"], postgres: ["postgres"], both: ["sqlite", "postgres"] } as const;
const engines: readonly string[] = ENGINES[values.engine as keyof typeof ENGINES] ?? [];
if (!engines.length) {
  console.error(`bench:search: --engine ${values.engine}: one of ${Object.keys(ENGINES).join(", ")}`);
  process.exit(2);
}
if (values.against && values.engine === "postgres") {
  console.error("bench:search: --against times two trees on SQLite, or with --engine both the other tree's PostgreSQL beside both of this tree's");
  process.exit(2);
}
const size = Number(values.size);
const dir = join(process.cwd(), ".bench");
const corpus = join(dir, `corpus-${size}.jsonl`);
const dbPath = join(dir, `bench-${size}.db`);

async function prepare(): Promise<void> {
  mkdirSync(dir, { recursive: true });
  process.env.DATABASE_URL = `file:${dbPath}`;
  if (values.reuse && existsSync(corpus) && existsSync(dbPath)) return;
  await generateCorpus({ seedsPath: values.seeds, path: corpus, size });
  for (const suffix of ["", "-wal", "-shm"]) rmSync(dbPath + suffix, { force: true });
  const s = await importFile(corpus, { workers: availableParallelism() });
  console.error(`imported ${s.experiences.added} experiences in ${(s.elapsedMs / 1000).toFixed(1)} s`);
  await closeDb();
}

/** Times each search of `queries` on every engine, interleaved, after `warm` untimed rounds. */
async function timeInterleaved(searches: Search[], queries: Query[], warm: number): Promise<number[][]> {
  for (const q of queries.slice(0, warm)) for (const search of searches) await search(input(q));
  const samples = searches.map(() => [] as number[]);
  for (const [i, q] of queries.entries()) {
    const order = i % 2 === 0 ? searches.map((_, k) => k) : searches.map((_, k) => searches.length - 1 - k);
    for (const k of order) {
      const started = performance.now();
      await searches[k](input(q));
      samples[k].push(performance.now() - started);
    }
  }
  return samples;
}

type PgRun = { index: PgSearchIndex; pool: import("pg").Pool; copyMs: number; bytes: number; close(): Promise<void> };

const DROP_TIMEOUT_MS = 5_000;

/** Cleanup of the PostgreSQL run, also on Ctrl-C: the throwaway cluster must not outlive the bench. */
let stopPg: (() => Promise<void>) | null = null;

/** The kept copy (--keep): reused when it exists, else copied, checked and renamed into place. */
async function prepareKeptPg(): Promise<PgRun> {
  const pg = await import("./lib/eval-pg");
  const cluster = await import("./lib/pg-cluster");
  const { migratePgDatabase } = await import("../lib/db-migrate-pg");
  const { pgSearchIndex } = await import("../lib/search/search-index-pg");
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("bench:search --keep needs TEST_DATABASE_URL (a server that outlives the run)");
  const name = `knowhub_bench_${size}_kept`;
  const urlOf = (db: string) => Object.assign(new URL(adminUrl), { pathname: `/${db}` }).toString();
  const exists = await cluster.withPgClient(adminUrl, async (c) => (await c.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name])).rowCount === 1);
  let copyMs = 0;
  if (!exists) {
    const db = await pg.createPgDatabase(adminUrl, `bench_${size}`);
    const started = performance.now();
    const problems = await pg.copyExperiencesToPg(getSqlite(), db.pool);
    await db.pool.query("ANALYZE");
    copyMs = performance.now() - started;
    if (problems.length) throw new Error(`the PostgreSQL copy differs from SQLite:\n  ${problems.slice(0, 10).join("\n  ")}`);
    const { rows } = await db.pool.query<{ name: string }>(`SELECT current_database() AS name`);
    await db.pool.end();
    await cluster.withPgClient(adminUrl, (c) => c.query(`ALTER DATABASE "${rows[0].name}" RENAME TO "${name}"`));
  } else console.error(`PostgreSQL: reusing ${name} (no copy)`);
  await migratePgDatabase(urlOf(name));
  const { default: pgLib } = await import("pg");
  const pool = new pgLib.Pool({ connectionString: urlOf(name), max: 2 });
  const { rows } = await pool.query<{ bytes: string }>(/* sql */ `SELECT pg_database_size(current_database()) AS bytes`);
  let ending: Promise<void> | null = null;
  const end = (stopPg = () => (ending ??= pool.end()));
  return { index: pgSearchIndex(pool), pool, copyMs, bytes: Number(rows[0].bytes), close: end };
}

/** A fresh PostgreSQL database holding the SQLite database's rows, analyzed, and its search index. */
async function preparePg(): Promise<PgRun> {
  if (values.keep) return prepareKeptPg();
  const pg = await import("./lib/eval-pg");
  const { pgSearchIndex } = await import("../lib/search/search-index-pg");
  const server = await pg.openPgServer({ TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
  let db: Awaited<ReturnType<typeof pg.createPgDatabase>> | null = null;
  let stopping: Promise<void> | null = null;
  // One cleanup, however many ask (Ctrl-C, then the error it causes in the interrupted copy): each
  // waits for it to finish before the process exits.
  stopPg = () =>
    (stopping ??= (async () => {
      // Interrupted mid-copy, the copy's connection is still checked out and ending the pool waits
      // for it: the drop gets a few seconds, then the cluster goes regardless.
      await Promise.race([db?.drop().catch(() => {}), new Promise((r) => setTimeout(r, DROP_TIMEOUT_MS))]);
      server.stop();
    })());
  console.error(`PostgreSQL: ${server.describe}`);
  db = await pg.createPgDatabase(server.adminUrl, `bench_${size}`);
  const started = performance.now();
  const problems = await pg.copyExperiencesToPg(getSqlite(), db.pool);
  await db.pool.query("ANALYZE");
  const copyMs = performance.now() - started;
  if (problems.length) throw new Error(`the PostgreSQL copy differs from SQLite:\n  ${problems.slice(0, 10).join("\n  ")}`);
  const { rows } = await db.pool.query<{ bytes: string }>(/* sql */ `SELECT pg_database_size(current_database()) AS bytes`);
  return { index: pgSearchIndex(db.pool), pool: db.pool, copyMs, bytes: Number(rows[0].bytes), close: () => stopPg?.() ?? Promise.resolve() };
}

function sqliteBytes(): number {
  getSqlite().pragma("wal_checkpoint(TRUNCATE)");
  return ["", "-wal"].reduce((n, suffix) => n + (existsSync(dbPath + suffix) ? statSync(dbPath + suffix).size : 0), 0);
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const input = (q: Query): SearchInput => ({ q: q.q, category: q.category, limit: 10, explain: false });

/** Queries (of the first `count` distinct ones) whose top 3 resources differ between the engines. */
async function compareTop3(a: SearchIndex, b: SearchIndex, queries: Query[]): Promise<Query[]> {
  const top3 = (r: SearchResponseDto) => r.results.slice(0, 3).map((x) => `${x.name} ${x.url}`).join(" | ");
  const differ: Query[] = [];
  for (const q of queries) {
    const [ra, rb] = [await searchExperiences(input(q), "", { log: false, index: a }), await searchExperiences(input(q), "", { log: false, index: b })];
    if (top3(ra) !== top3(rb)) differ.push(q);
  }
  return differ;
}

async function main(): Promise<void> {
  await prepare();
  process.env.KNOWHUB_SEARCH_CACHE = "0";
  const names: string[] = [];
  const searches: Search[] = [];
  const { sqliteSearchIndex } = await import("../lib/search/search-index-sqlite");
  const pgRun = engines.includes("postgres") ? await preparePg() : null;
  if (pgRun) {
    // The postings in this process's memory (search-index-pg-memory.ts; KNOWHUB_PG_MEMORY_INDEX=0 turns
    // them off): loaded before timing, and what they cost in heap and in all.
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const before = process.memoryUsage();
    const started = performance.now();
    const loaded = await pgRun.index.memoryReady();
    const loadMs = performance.now() - started;
    gc?.();
    const after = process.memoryUsage();
    const heap = (after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / 1024 / 1024;
    console.log(
      loaded
        ? `PostgreSQL postings in memory: loaded in ${(loadMs / 1000).toFixed(1)} s, heap + array buffers +${heap.toFixed(1)} MB${gc ? "" : " (no --expose-gc: rough)"}, RSS ${(before.rss / 1048576).toFixed(0)} -> ${(after.rss / 1048576).toFixed(0)} MB`
        : "PostgreSQL postings not in memory (KNOWHUB_PG_MEMORY_INDEX=0): every search reads PostgreSQL",
    );
  }
  if (engines.includes("sqlite")) {
    names.push(values.against && !pgRun ? "this tree" : "sqlite");
    searches.push((input) => searchExperiences(input, "", { log: false, index: sqliteSearchIndex }));
  }
  if (pgRun) {
    names.push("postgres");
    searches.push((input) => searchExperiences(input, "", { log: false, index: pgRun.index }));
  }
  if (values.against) {
    const other = resolve(values.against);
    const mod = (await import(pathToFileURL(join(other, "lib", "search", "search-experiences.ts")).href)) as {
      searchExperiences: (input: SearchInput, keyId?: string, options?: { log?: boolean; index?: SearchIndex }) => Promise<unknown>;
    };
    if (pgRun) {
      // The other tree's PostgreSQL index over the same copy and pool.
      const theirs = (await import(pathToFileURL(join(other, "lib", "search", "search-index-pg.ts")).href)) as { pgSearchIndex: (pool: unknown) => SearchIndex };
      const index = theirs.pgSearchIndex(pgRun.pool);
      names.push("postgres (other tree)");
      searches.push((input) => mod.searchExperiences(input, "", { log: false, index }));
    } else {
      names.push(other);
      searches.push((input) => mod.searchExperiences(input, "", { log: false }));
    }
  }
  const dev: Query[] = readFileSync(values["dev-queries"], "utf8").split("\n").filter((l) => l.trim())
    .map((l) => JSON.parse(l)).map((q: Query) => ({ q: q.q, category: q.category ?? "" }));
  const mix = buildQueryMix({ corpusPath: corpus, devQueries: dev, distinct: 6000, zipf: 1 });
  const sequence = mix.sequence(Number(values.queries));
  console.log(`${size.toLocaleString("en")} experiences; ${sequence.length} mix queries and ${dev.length} dev queries per round, ${values.rounds} rounds, interleaved (answer cache off)`);
  const all = { mix: searches.map(() => [] as number[]), dev: searches.map(() => [] as number[]) };
  for (let round = 0; round < Number(values.rounds); round++) {
    const mixSamples = await timeInterleaved(searches, sequence, round === 0 ? Number(values.warm) : 0);
    const devSamples = await timeInterleaved(searches, dev, round === 0 ? dev.length : 0);
    mixSamples.forEach((s, k) => all.mix[k].push(...s));
    devSamples.forEach((s, k) => all.dev[k].push(...s));
  }
  for (const [label, samples] of Object.entries(all)) {
    const stats = samples.map((s) => ({ ...summarize(s), mean: s.reduce((a, b) => a + b, 0) / s.length }));
    console.log(`\n${label} queries (n=${stats[0].n} per ${values.against ? "tree" : "engine"})`);
    stats.forEach((st, k) =>
      console.log(
        `  ${names[k].padEnd(values.against ? 24 : 10)} p50 ${ms(st.p50).padStart(9)}  p95 ${ms(st.p95).padStart(9)}  max ${ms(st.max).padStart(9)}  mean ${ms(st.mean).padStart(9)}  ${(1000 / st.mean).toFixed(0).padStart(5)} queries/s`,
      ),
    );
    if (stats.length === 3) {
      const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
      for (const k of [1, 2]) console.log(`  ${names[k]}/sqlite: p50 ${ratio(stats[k].p50, stats[0].p50)}, p95 ${ratio(stats[k].p95, stats[0].p95)}, mean ${ratio(stats[k].mean, stats[0].mean)}`);
    }
    if (stats.length === 2 && values.against) {
      const ratio = (a: number, b: number) => `${((a / b - 1) * 100).toFixed(1)} %`;
      console.log(`  this tree against the other: p50 ${ratio(stats[0].p50, stats[1].p50)}, p95 ${ratio(stats[0].p95, stats[1].p95)}, mean ${ratio(stats[0].mean, stats[1].mean)}`);
    }
    if (stats.length === 2 && !values.against) {
      const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
      console.log(`  postgres/sqlite: p50 ${ratio(stats[1].p50, stats[0].p50)}, p95 ${ratio(stats[1].p95, stats[0].p95)}, mean ${ratio(stats[1].mean, stats[0].mean)}`);
    }
  }
  if (pgRun) {
    console.log(`\nPostgreSQL copy (rows, triggers, checks, ANALYZE): ${(pgRun.copyMs / 1000).toFixed(1)} s`);
    console.log(`database size: ${engines.includes("sqlite") ? `sqlite ${mb(sqliteBytes())}, ` : ""}postgres ${mb(pgRun.bytes)}`);
  }
  if (pgRun && engines.includes("sqlite")) {
    const sample = mix.distinct.slice(0, Number(values.agree));
    const differ = await compareTop3(sqliteSearchIndex, pgRun.index, sample);
    console.log(`same top 3 resources on both engines: ${sample.length - differ.length} of the first ${sample.length} distinct mix queries`);
    for (const q of differ.slice(0, 10)) console.log(`  differs: ${JSON.stringify(q.q)}${q.category ? ` in ${q.category}` : ""}`);
  }
  await pgRun?.close();
  await closeDb();
}

// Ctrl-C or kill: stop the throwaway cluster before leaving.
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping`);
    void (stopPg?.() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

main().then(
  () => process.exit(0),
  async (error) => {
    // Interrupted, the copy or a search fails on the pool the cleanup ended: not news.
    if (!interrupted) console.error(error);
    await stopPg?.().catch(() => {});
    process.exit(1);
  },
);
