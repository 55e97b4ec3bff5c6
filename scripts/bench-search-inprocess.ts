// npm run bench:search -- --size 20000 [--against DIR] [--queries 1500] [--rounds 3] [--reuse]
// In-process search ms per query, answer cache off, over the benchmark's realistic mix (Zipf over
// thousands of distinct queries from the corpus's tasks, scripts/lib/bench-queries.ts) and over the
// dev queries, on the benchmark's database (.bench/bench-N.db, made as `npm run bench` makes it).
// Without the server, build or HTTP load of `npm run bench`: seconds, fit for a shared machine.
//
// --against DIR: another tree of this project (e.g. `git archive <commit> lib | tar -x -C DIR`, with
// node_modules and generated linked in) whose lib/search/search-experiences.ts is timed beside this
// tree's in the same process, on the same database and queries, interleaved (A B, then B A on the
// next query), so that load from other work on the machine falls on both alike. Each tree opens its
// own connection. Prints p50 / p95 / mean of both and their ratio.
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { closeDb } from "../lib/db";
import type { SearchInput } from "../lib/search/schema";
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
    "dev-queries": { type: "string", default: "test/eval/dev/queries.jsonl" },
    seeds: { type: "string", default: "test/eval/dev/experiences.jsonl" },
  },
});

type Search = (input: SearchInput) => unknown;

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
  const input = (q: Query): SearchInput => ({ q: q.q, category: q.category, limit: 10, explain: false });
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

async function main(): Promise<void> {
  await prepare();
  process.env.KNOWHUB_SEARCH_CACHE = "0";
  const names = ["this tree"];
  const searches: Search[] = [(input) => searchExperiences(input, "", { log: false })];
  if (values.against) {
    const other = resolve(values.against);
    const mod = (await import(pathToFileURL(join(other, "lib", "search", "search-experiences.ts")).href)) as {
      searchExperiences: (input: SearchInput, keyId?: string, options?: { log?: boolean }) => unknown;
    };
    names.push(other);
    searches.push((input) => mod.searchExperiences(input, "", { log: false }));
  }
  const dev: Query[] = readFileSync(values["dev-queries"], "utf8").split("\n").filter((l) => l.trim())
    .map((l) => JSON.parse(l)).map((q: Query) => ({ q: q.q, category: q.category ?? "" }));
  const mix = buildQueryMix({ corpusPath: corpus, devQueries: dev, distinct: 6000, zipf: 1 });
  const sequence = mix.sequence(Number(values.queries));
  console.log(`${size.toLocaleString("en")} experiences; ${sequence.length} mix queries and ${dev.length} dev queries per round, ${values.rounds} rounds, interleaved`);
  const all = { mix: searches.map(() => [] as number[]), dev: searches.map(() => [] as number[]) };
  for (let round = 0; round < Number(values.rounds); round++) {
    const mixSamples = await timeInterleaved(searches, sequence, round === 0 ? Number(values.warm) : 0);
    const devSamples = await timeInterleaved(searches, dev, round === 0 ? dev.length : 0);
    mixSamples.forEach((s, k) => all.mix[k].push(...s));
    devSamples.forEach((s, k) => all.dev[k].push(...s));
  }
  for (const [label, samples] of Object.entries(all)) {
    const stats = samples.map((s) => ({ ...summarize(s), mean: s.reduce((a, b) => a + b, 0) / s.length }));
    console.log(`\n${label} queries (n=${stats[0].n} per tree)`);
    stats.forEach((st, k) => console.log(`  ${names[k].padEnd(40)} p50 ${ms(st.p50).padStart(9)}  p95 ${ms(st.p95).padStart(9)}  mean ${ms(st.mean).padStart(9)}`));
    if (stats.length === 2) {
      const ratio = (a: number, b: number) => `${((a / b - 1) * 100).toFixed(1)} %`;
      console.log(`  this tree against the other: p50 ${ratio(stats[0].p50, stats[1].p50)}, p95 ${ratio(stats[0].p95, stats[1].p95)}, mean ${ratio(stats[0].mean, stats[1].mean)}`);
    }
  }
  await closeDb();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
