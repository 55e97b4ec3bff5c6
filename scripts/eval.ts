// npm run eval: search quality on the eval corpora (test/eval/README.md).
//
// In-process (the default, seconds): every corpus (test/eval/dev, the tuned-on one; test/eval/proxy,
// a partly contaminated stand-in; test/eval/heldout when it is there) is loaded into its own fresh
// temp SQLite file through the app's write path, every query goes through searchExperiences with
// the answer cache off, and the figures (run.mjs's rules, scripts/lib/eval-score.ts) are printed
// side by side. Exit 1 when the dev corpus misses a floor below (all parts on) or a load breaks.
//   --off lexicon,wordlists,gate   measure without those parts (lib/search/search-config.ts)
//   --matrix                       all on, each part off in turn, all off, in one table
//   --detail                       with --matrix: the full table of every configuration too
//   --frontier                     the gate's thresholds scaled from 0.7x to 1.3x: abstention
//                                  against false abstention on every corpus (1x is production)
//   --misses                       misses per corpus (held-out ones by id only: --misses-heldout)
//   --data DIR                     one more corpus of the same shape, as a further column
//   --json FILE                    every figure and miss as JSON
//   --agree-with FILE              fail unless the dev figures equal (within 0.001) those run.mjs
//                                  wrote with --json over HTTP: the two scorers cannot drift
//   --engine sqlite|postgres|both  the search index searched (default sqlite, what the app serves):
//                                  postgres loads each corpus into a fresh PostgreSQL database too
//                                  (scripts/lib/eval-pg.ts; TEST_DATABASE_URL, or DATABASE_URL when
//                                  it names PostgreSQL, else a throwaway cluster started here) and
//                                  searches it through the same pipeline; both prints the engines'
//                                  figures side by side and fails when an overall figure differs by
//                                  more than 0.01, listing the queries whose top 3 differ
//
// --http: the production build over HTTP (test/eval/run.mjs), which proves the real server: builds
// if needed (into NEXT_DIST_DIR), starts the server on a fresh temp SQLite file and a free port,
// runs run.mjs with the floors below, and always stops the server's process group. Exit code:
// run.mjs's. `--proxy` or `--data DIR` measure another corpus instead, without floors; `--misses`
// and `--json FILE` are passed on.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { ensureBuild, startServer } from "./lib/server";
import { floorFailures, missesOf, readCorpus, summarize, type Corpus, type EvalRow, type Miss, type Score, type Summary } from "./lib/eval-score";
import { setGateScale } from "../lib/search/search-config";
import type { SearchIndex } from "../lib/search/search-index";

// The issue's floors (recall 0.95, MRR 0.90, abstention 0.85, false abstention 0.05), raised to
// just under what the engine reaches on the dev corpus (recall 1.000 and MRR 1.000 since weak leads
// are returned; abstention 0.857, false abstention 0.029) so that a regression fails the eval. The
// dev corpus is what the lexicon was tuned on: the floors are a regression alarm, not the goal.
const FLOORS = {
  "min-recall": "0.99",
  "min-mrr": "0.99",
  "min-abstain": "0.85",
  "max-false-abstain": "0.035",
};

const { values } = parseArgs({
  options: {
    http: { type: "boolean" },
    proxy: { type: "boolean" },
    data: { type: "string" },
    misses: { type: "boolean" },
    "misses-heldout": { type: "boolean" },
    json: { type: "string" },
    off: { type: "string" },
    matrix: { type: "boolean" },
    frontier: { type: "boolean" },
    detail: { type: "boolean" },
    "agree-with": { type: "string" },
    engine: { type: "string", default: "sqlite" },
  },
});

const repoRoot = process.cwd();
// The eval kit (runner and dev corpus) is the project's own copy of the team's shared kit, so that
// `npm test` works on a fresh clone with nothing beside it (test/eval/README.md).
const kit = join(repoRoot, "test", "eval");
const runner = join(kit, "run.mjs");

// ---------------------------------------------------------------------------------------------
// In-process

type Switches = { lexicon: boolean; wordLists: boolean; gate: boolean };
/** gateScale: the gate's coverage thresholds times this (setGateScale); 1 in production. */
type Config = { name: string; switches: Switches; gateScale?: number };
const FRONTIER_SCALES = [0.7, 0.8, 0.9, 1, 1.1, 1.2, 1.3];
const SWITCHES = ["lexicon", "wordlists", "gate"] as const;

function switchesOff(list: string): Switches {
  const names = list.split(",").map((s) => s.trim().toLowerCase()).filter(Boolean);
  const unknown = names.filter((n) => !(SWITCHES as readonly string[]).includes(n));
  if (unknown.length) throw new Error(`--off: unknown parts ${unknown.join(", ")} (known: ${SWITCHES.join(", ")})`);
  return { lexicon: !names.includes("lexicon"), wordLists: !names.includes("wordlists"), gate: !names.includes("gate") };
}

const ALL_ON = switchesOff("");
const configs: Config[] = values.frontier
  ? FRONTIER_SCALES.map((k) => ({ name: `gate x${k.toFixed(1)}${k === 1 ? " (prod)" : ""}`, switches: switchesOff(""), gateScale: k }))
  : values.matrix
  ? [
      { name: "all on", switches: ALL_ON },
      { name: "lexicon off", switches: switchesOff("lexicon") },
      { name: "word lists off", switches: switchesOff("wordlists") },
      { name: "gate off", switches: switchesOff("gate") },
      { name: "all off", switches: switchesOff("lexicon,wordlists,gate") },
    ]
  : [{ name: values.off ? `${values.off} off` : "all on", switches: switchesOff(values.off ?? "") }];
const isAllOn = (c: Config) => c.switches.lexicon && c.switches.wordLists && c.switches.gate && (c.gateScale ?? 1) === 1;

// Held-out corpora: measured, never tuned against, so their queries are not printed by default.
const HELD_OUT = new Set(["heldout"]);

type Result = { summary: Summary; misses: Miss[]; ms: number; rows: EvalRow[] };
type Engine = "sqlite" | "postgres";
type Results = Map<string, Map<string, Result>>;
const ENGINES: Record<string, Engine[]> = { sqlite: ["sqlite"], postgres: ["postgres"], both: ["sqlite", "postgres"] };
// #19: the engines' figures may differ by this much at most.
const ENGINE_TOLERANCE = 0.01;

async function inProcess(): Promise<number> {
  const engines = ENGINES[values.engine ?? "sqlite"];
  if (!engines) {
    console.error(`eval: --engine ${values.engine}: one of ${Object.keys(ENGINES).join(", ")}`);
    return 2;
  }
  // Read before the SQLite loader points DATABASE_URL at its files.
  const pgEnv = { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_URL: process.env.DATABASE_URL };
  // Answers are cached until the next write: every query must really be searched.
  process.env.KNOWHUB_SEARCH_CACHE = "0";
  process.env.KNOWHUB_RATE_WRITE = "off";
  process.env.KNOWHUB_RATE_SEARCH = "off";
  const { closeEval, loadCorpus, runQueries } = await import("./lib/eval-inprocess");
  const started = performance.now();
  const wanted: [string, string][] = [
    ["dev", join(kit, "dev")],
    ["proxy", join(kit, "proxy")],
    ["heldout", join(kit, "heldout")],
  ];
  if (values.data) wanted.push([basename(resolve(values.data)), resolve(values.data)]);
  const corpora: { name: string; corpus: Corpus | null }[] = wanted.map(([name, dir]) => ({ name, corpus: readCorpus(name, dir) }));
  if (!corpora[0].corpus) {
    console.error(`eval: the dev corpus is missing (${join(kit, "dev")}/{experiences,queries}.jsonl)`);
    return 2;
  }
  // The databases are thrown away: in memory-backed /dev/shm where there is one, no disk syncs.
  const dir = mkdtempSync(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "knowhub-eval-"));
  const byEngine = new Map<Engine, Results>(engines.map((e) => [e, new Map(configs.map((c) => [c.name, new Map()]))]));
  const problems: string[] = [];
  let loadMs = 0;
  const pg = engines.includes("postgres") ? await import("./lib/eval-pg") : null;
  const pgServer = pg ? await pg.openPgServer(pgEnv) : null;
  if (pgServer) console.log(`PostgreSQL: ${pgServer.describe}`);
  const measure = async (engine: Engine, name: string, corpus: Corpus, index?: SearchIndex) => {
    for (const config of configs) {
      const t1 = performance.now();
      setGateScale(config.gateScale ?? 1);
      const rows = await runQueries(corpus, config.switches, index);
      setGateScale(1);
      byEngine.get(engine)!.get(config.name)!.set(name, { summary: summarize(rows), misses: missesOf(rows), ms: performance.now() - t1, rows });
    }
  };
  try {
    for (const { name, corpus } of corpora) {
      if (!corpus) continue;
      const t0 = performance.now();
      // Through the app's write path, into SQLite: PostgreSQL gets the rows it stored.
      const failures = await loadCorpus(corpus, dir);
      loadMs += performance.now() - t0;
      if (failures.length) problems.push(`${name}: ${failures.length} experiences failed to load (first: ${failures[0]})`);
      if (engines.includes("sqlite")) await measure("sqlite", name, corpus);
      if (pg && pgServer) {
        const t2 = performance.now();
        const db = await pg.createPgDatabase(pgServer.adminUrl, name);
        const { pgSearchIndex } = await import("../lib/search/search-index-pg");
        const index = pgSearchIndex(db.pool);
        try {
          const { getSqlite } = await import("../lib/db");
          for (const p of await pg.copyExperiencesToPg(getSqlite(), db.pool)) problems.push(`${name} on PostgreSQL: ${p}`);
          loadMs += performance.now() - t2;
          // Searched with the postings in this process's memory (search-index-pg-memory.ts) unless
          // KNOWHUB_PG_MEMORY_INDEX=0, which measures PostgreSQL's own walks.
          await index.memoryReady();
          await measure("postgres", name, corpus, index);
        } finally {
          // Its listening connection first: dropping the database ends it otherwise.
          index.close();
          await db.drop();
        }
      }
    }
  } finally {
    await closeEval();
    rmSync(dir, { recursive: true, force: true });
    pgServer?.stop();
  }
  const elapsed = performance.now() - started;
  const names = corpora.map((c) => c.name);
  const present = corpora.filter((c) => c.corpus).map((c) => c.name);
  const label = (engine: Engine, config: string) => (engines.length > 1 || engine !== "sqlite" ? `${config} (${engine})` : config);

  for (const [engine, results] of byEngine) {
    if (values.matrix || values.frontier) {
      if (engines.length > 1) console.log(`
${engine}`);
      printMatrix(names, results);
      if (values.detail) for (const c of configs) printTable(label(engine, c.name), names, results.get(c.name)!);
    } else {
      printTable(label(engine, configs[0].name), names, results.get(configs[0].name)!);
    }
  }
  if (engines.length > 1) {
    for (const c of configs) problems.push(...compareEngines(c.name, present, byEngine.get("sqlite")!.get(c.name)!, byEngine.get("postgres")!.get(c.name)!));
  }
  for (const { name, corpus } of corpora) if (!corpus) console.log(`${name}: not there (test/eval/${name} or --data): column left empty`);

  if (values.misses) {
    for (const [engine, results] of byEngine) {
      const first = results.get(configs[0].name)!;
      for (const name of present) {
        const misses = first.get(name)!.misses;
        console.log(`\nmisses, ${name} (${label(engine, configs[0].name)}): ${misses.length}`);
        const hidden = HELD_OUT.has(name) && !values["misses-heldout"];
        for (const m of misses) {
          const what = m.relevant.length ? (m.abstained ? "abstained" : "not in top 10") : "answered";
          console.log(hidden ? `  ${m.id} ${m.kind}: ${what}` : `  ${m.id} [${m.kind}] ${what}: ${JSON.stringify(m.q)} want ${m.relevant.join(", ") || "none"} got ${m.got.join(", ") || "none"}`);
        }
        if (hidden && misses.length) console.log("  (queries of a held-out corpus are not shown: --misses-heldout shows them; never tune against them)");
      }
    }
  }

  const queries = corpora.reduce((n, c) => n + (c.corpus?.queries.length ?? 0), 0);
  console.log(
    `\nin-process eval (${engines.join(", ")}): ${present.join(", ")}: ${queries} queries x ${configs.length} configuration${configs.length > 1 ? "s" : ""} in ${(elapsed / 1000).toFixed(1)} s (loading ${(loadMs / 1000).toFixed(1)} s)`,
  );

  // Floors: on the dev corpus only, with every part on, on every engine measured.
  const allOn = configs.find(isAllOn);
  let dev: Summary | null = null;
  for (const [engine, results] of byEngine) {
    const devResult = allOn ? results.get(allOn.name)!.get("dev")! : null;
    if (!devResult) continue;
    dev ??= devResult.summary;
    const failed = floorFailures(devResult.summary, FLOORS);
    for (const f of failed) problems.push(`dev floor (${engine}): ${f}`);
    if (!failed.length) console.log(`dev floors hold${engines.length > 1 || engine !== "sqlite" ? ` on ${engine}` : ""} (${Object.entries(FLOORS).map(([k, v]) => `${k} ${v}`).join(", ")})`);
  }
  for (const [engine, results] of byEngine) {
    for (const [config, byCorpus] of results) {
      for (const [name, r] of byCorpus) if (r.summary.broken) problems.push(`${name} (${label(engine, config)}): ${r.summary.broken} searches broke`);
    }
  }
  if (values["agree-with"]) problems.push(...agreement(values["agree-with"], dev));

  if (values.json) {
    const configurations = (results: Results) =>
      Object.fromEntries(
        configs.map((c) => [
          c.name,
          { switches: c.switches, corpora: Object.fromEntries([...results.get(c.name)!].map(([n, r]) => [n, { summary: r.summary, misses: r.misses }])) },
        ]),
      );
    const out = {
      elapsed_ms: Math.round(elapsed),
      floors: FLOORS,
      configurations: configurations(byEngine.get(engines[0])!),
      ...(engines.length > 1 ? { engines: Object.fromEntries(engines.map((e) => [e, configurations(byEngine.get(e)!)])) } : {}),
    };
    writeFileSync(values.json, JSON.stringify(out, null, 2));
  }
  for (const p of problems) console.error(`eval: ${p}`);
  return problems.length ? 1 : 0;
}

/**
 * The two engines' figures side by side with their difference, and the queries whose top 3
 * resources differ (held-out queries by id only). Problems: overall figures further apart than
 * ENGINE_TOLERANCE.
 */
function compareEngines(config: string, names: string[], sqlite: Map<string, Result>, postgres: Map<string, Result>): string[] {
  const problems: string[] = [];
  const metrics: [string, keyof Score][] = [
    ["recall@10", "recall@10"],
    ["mrr@10", "mrr@10"],
    ["hit@1", "hit@1"],
    ["hit@10", "hit@10"],
    ["ndcg@10", "ndcg@10"],
    ["abstention", "abstain_accuracy"],
    ["false abstention", "false_abstain"],
  ];
  const cell = 23;
  console.log(`\n${config}: SQLite / PostgreSQL (difference)`);
  console.log(`${"".padEnd(18)}  ${names.map((n) => n.padStart(cell)).join("  ")}`);
  for (const [labelText, key] of metrics) {
    const cells = names.map((n) => {
      const a = sqlite.get(n)?.summary.overall[key];
      const b = postgres.get(n)?.summary.overall[key];
      if (typeof a !== "number" || typeof b !== "number") return "-".padStart(cell);
      const diff = b - a;
      if (Math.abs(diff) > ENGINE_TOLERANCE + 1e-9) problems.push(`${n} ${labelText} (${config}): SQLite ${f3(a)}, PostgreSQL ${f3(b)}, more than ${ENGINE_TOLERANCE} apart`);
      return `${f3(a)} / ${f3(b)} (${diff >= 0 ? "+" : ""}${diff.toFixed(3)})`.padStart(cell);
    });
    console.log(`${labelText.padEnd(18)}  ${cells.join("  ")}`);
  }
  for (const n of names) {
    const a = sqlite.get(n)?.rows;
    const b = postgres.get(n)?.rows;
    if (!a || !b) continue;
    const differ = a.filter((row, i) => row.names.slice(0, 3).join("\n") !== b[i].names.slice(0, 3).join("\n") || row.abstained !== b[i].abstained);
    console.log(`${n}: top 3 and abstention the same on both engines for ${a.length - differ.length} of ${a.length} queries`);
    for (const row of differ) {
      const other = b[a.indexOf(row)];
      console.log(
        HELD_OUT.has(n) && !values["misses-heldout"]
          ? `  ${row.q.id} differs`
          : `  ${row.q.id} ${JSON.stringify(row.q.q)}: SQLite ${row.names.slice(0, 3).join(", ") || "none"}${row.abstained ? " (abstained)" : ""} / PostgreSQL ${other.names.slice(0, 3).join(", ") || "none"}${other.abstained ? " (abstained)" : ""}`,
      );
    }
  }
  return problems;
}

/** The dev figures of run.mjs over HTTP (its --json file) against this process's: equal within 0.001. */
function agreement(file: string, dev: Summary | null): string[] {
  if (!dev) return ["--agree-with needs the dev corpus measured with every part on"];
  let theirs: Summary;
  try {
    theirs = JSON.parse(readFileSync(file, "utf8")).summary;
  } catch (error) {
    return [`--agree-with: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`];
  }
  const out: string[] = [];
  const compare = (label: string, a: Score | undefined, b: Score | undefined) => {
    for (const key of Object.keys(a ?? b ?? {}) as (keyof Score)[]) {
      const x = a?.[key] ?? null;
      const y = b?.[key] ?? null;
      if (x === y || (typeof x === "number" && typeof y === "number" && Math.abs(x - y) <= 0.001)) continue;
      out.push(`in-process and HTTP (run.mjs) disagree on dev ${label} ${key}: ${x} here, ${y} over HTTP`);
    }
  };
  compare("overall", dev.overall, theirs?.overall);
  for (const group of ["by_kind", "by_lang"] as const) {
    for (const k of new Set([...Object.keys(dev[group]), ...Object.keys(theirs?.[group] ?? {})])) compare(`${group} ${k}`, dev[group][k], theirs?.[group]?.[k]);
  }
  if (!out.length) console.log(`in-process and HTTP (run.mjs) figures agree on the dev corpus (${file})`);
  return out;
}

const f3 = (v: number | null | undefined) => (v === null || v === undefined ? "-" : v.toFixed(3));

function printTable(config: string, names: string[], byCorpus: Map<string, Result>): void {
  const cols = names.map((n) => {
    const r = byCorpus.get(n);
    return r ? `${n} (${r.summary.queries})` : `${n} (none)`;
  });
  const rows: [string, string[]][] = [];
  const metric = (label: string, get: (s: Summary) => number | null | undefined) =>
    rows.push([label, names.map((n) => (byCorpus.has(n) ? f3(get(byCorpus.get(n)!.summary)) : ""))]);
  const count = (label: string, get: (s: Summary) => number) =>
    rows.push([label, names.map((n) => (byCorpus.has(n) ? String(get(byCorpus.get(n)!.summary)) : ""))]);
  count("answerable / unanswerable", () => 0);
  rows[0][1] = names.map((n) => (byCorpus.has(n) ? `${byCorpus.get(n)!.summary.overall.answerable} / ${byCorpus.get(n)!.summary.overall.unanswerable}` : ""));
  metric("recall@10", (s) => s.overall["recall@10"]);
  metric("mrr@10", (s) => s.overall["mrr@10"]);
  metric("hit@1", (s) => s.overall["hit@1"]);
  metric("hit@10", (s) => s.overall["hit@10"]);
  metric("ndcg@10", (s) => s.overall["ndcg@10"]);
  metric("abstention (unanswerable)", (s) => s.overall.abstain_accuracy);
  metric("false abstention", (s) => s.overall.false_abstain);
  const kinds = [...new Set([...byCorpus.values()].flatMap((r) => Object.keys(r.summary.by_kind)))];
  for (const k of kinds) {
    const answerable = [...byCorpus.values()].some((r) => (r.summary.by_kind[k]?.answerable ?? 0) > 0);
    if (answerable) {
      metric(`${k}: recall@10`, (s) => s.by_kind[k]?.["recall@10"]);
      metric(`${k}: mrr@10`, (s) => s.by_kind[k]?.["mrr@10"]);
      metric(`${k}: false abstention`, (s) => s.by_kind[k]?.false_abstain);
    } else metric(`${k}: abstention`, (s) => s.by_kind[k]?.abstain_accuracy);
  }
  const langs = [...new Set([...byCorpus.values()].flatMap((r) => Object.keys(r.summary.by_lang)))];
  for (const l of langs) {
    metric(`lang ${l}: recall@10`, (s) => (s.by_lang[l]?.answerable ? s.by_lang[l]["recall@10"] : null));
    metric(`lang ${l}: mrr@10`, (s) => (s.by_lang[l]?.answerable ? s.by_lang[l]["mrr@10"] : null));
    metric(`lang ${l}: abstention`, (s) => s.by_lang[l]?.abstain_accuracy);
  }
  const width = Math.max(...rows.map((r) => r[0].length));
  const colWidth = Math.max(12, ...cols.map((c) => c.length));
  console.log(`\n${config}`);
  console.log(`${"".padEnd(width)}  ${cols.map((c) => c.padStart(colWidth)).join("  ")}`);
  for (const [label, cells] of rows) console.log(`${label.padEnd(width)}  ${cells.map((c) => c.padStart(colWidth)).join("  ")}`);
}

function printMatrix(names: string[], results: Map<string, Map<string, Result>>): void {
  const metrics: [string, (s: Score) => number | null][] = [
    ["R@10", (s) => s["recall@10"]],
    ["MRR", (s) => s["mrr@10"]],
    ["hit@1", (s) => s["hit@1"]],
    ["abst", (s) => s.abstain_accuracy],
    ["f.abs", (s) => s.false_abstain],
  ];
  const cell = 6;
  const group = metrics.length * (cell + 1) - 1;
  const label = Math.max(...configs.map((c) => c.name.length));
  console.log(`\n${"".padEnd(label)}  ${names.map((n) => n.padEnd(group)).join(" | ")}`);
  console.log(`${"".padEnd(label)}  ${names.map(() => metrics.map(([m]) => m.padStart(cell)).join(" ")).join(" | ")}`);
  for (const c of configs) {
    const byCorpus = results.get(c.name)!;
    const cells = names.map((n) => {
      const r = byCorpus.get(n);
      return r ? metrics.map(([, get]) => f3(get(r.summary.overall)).padStart(cell)).join(" ") : "(not there)".padEnd(group);
    });
    console.log(`${c.name.padEnd(label)}  ${cells.join(" | ")}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Over HTTP

async function freePort(preferred: number): Promise<number> {
  for (let port = preferred; port < preferred + 9; port++) {
    const ok = await new Promise<boolean>((done) => {
      const probe = createServer()
        .once("error", () => done(false))
        .once("listening", () => probe.close(() => done(true)))
        .listen(port, "127.0.0.1");
    });
    if (ok) return port;
  }
  throw new Error(`no free port in ${preferred}-${preferred + 8}`);
}

async function overHttp(): Promise<number> {
  // --proxy: the repository's stand-in for the held-out corpus (test/eval/proxy); --data DIR: any
  // corpus of the same shape. Both are measured for figures only: the floors are the dev corpus's.
  const otherData = values.data ? resolve(values.data) : values.proxy ? join(kit, "proxy") : null;
  const data = otherData ?? join(kit, "dev");
  if (!existsSync(runner) || !existsSync(join(data, "queries.jsonl"))) {
    console.error(`eval: the eval kit is missing; expected ${runner} and ${data}/queries.jsonl`);
    return 2;
  }
  ensureBuild();
  const dir = mkdtempSync(join(tmpdir(), "knowhub-eval-"));
  const port = await freePort(Number(process.env.EVAL_PORT) || 3101);
  const server = await startServer({ port, databaseUrl: `file:${join(dir, "eval.db")}` });
  try {
    const floors = otherData ? [] : Object.entries(FLOORS).flatMap(([k, v]) => [`--${k}`, v]);
    const args = [runner, "--base", server.url, "--data", data, ...floors];
    if (values.misses) args.push("--misses");
    if (values.json) args.push("--json", resolve(values.json));
    const result = spawnSync(process.execPath, args, { stdio: "inherit" });
    return result.status ?? 1;
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

(values.http ? overHttp() : inProcess()).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
