// The replay that proves search learns from use (#21 item 4; docs/architecture.md, Learning from use).
//
//   npm run replay:learning -- [--engine sqlite|postgres|both] [--corpus dev|heldout|both] [--json FILE]
//
// Per corpus of test/eval and per engine, on fresh hubs loaded through the app's write path:
//  1. every eval query is asked once; the "gaps" are the answerable queries (a labelled resource
//     exists in the corpus) that the fresh hub answers `low` or `none`. The labelled resource is
//     the query's first relevant one.
//  2. simulated agents (write keys, through the same local hub the CLI and stdio MCP use: admission,
//     screening, provenance) each search a gap's phrasing, getting a search_id, and report the
//     labelled resource citing it (after_search). Their report's task is the corpus's own task for
//     that resource (an existing report's, so the index itself learns nothing new from the text:
//     what changes is learning alone); then one learning step.
//  3. the gaps are asked again, and a close variant of each (the phrasing with one word added:
//     "... for my project", "…，用于我的项目"; mechanical, not a hand-written paraphrase).
// Scenarios, each on a hub of its own: ONE key reporting 10 times per gap; 2 keys; then a 3rd key on
// the 2-key hub. Figures per scenario: share of the gaps answered high, recall@3 and MRR@10 of the
// labelled resource; and the regression check: every eval query that is not a gap keeps its top 3.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { norm, readCorpus, type Corpus, type EvalQuery } from "./lib/eval-score";

const { values } = parseArgs({
  options: { engine: { type: "string", default: "sqlite" }, corpus: { type: "string", default: "both" }, json: { type: "string" } },
});
const ENGINES = { sqlite: ["sqlite"], postgres: ["postgres"], both: ["sqlite", "postgres"] } as const;
type Engine = "sqlite" | "postgres";

process.env.KNOWHUB_SEARCH_CACHE = "0";
process.env.KNOWHUB_RATE_WRITE = "off";
process.env.KNOWHUB_RATE_SEARCH = "off";
// The corpus goes in as open-mode reports (as the eval loads it); the agents use write keys.
process.env.KNOWHUB_AUTH = "open";

const { closeDb } = await import("../lib/db");
const { createExperienceInput } = await import("../lib/experiences/schema");
const { reportExperience } = await import("../lib/moderation/report-experience");
const { createKey } = await import("../lib/keys/create-key");
const { localHub, admitToken } = await import("../lib/operations/local-hub");
const { runLearning } = await import("../lib/learning/run-learning");
const { flushSearchLog } = await import("../lib/demand-log/log-search");
const { resetPlanCache } = await import("../lib/search/plan");
const { parseInput } = await import("../lib/validation");

type Answer = { confidence: string; search_id: string; results: { name: string }[] };
type Figures = { high: number; recallAt3: number; mrr: number };
type Gap = { q: EvalQuery; resource: string; task: string; variant: string };
type ScenarioResult = { scenario: string; gaps: Figures; variants: Figures; regressionSame: number; regressionTotal: number; links: number };

const engines = ENGINES[values.engine as keyof typeof ENGINES] as readonly Engine[] | undefined;
if (!engines) throw new Error(`--engine ${values.engine}: sqlite, postgres or both`);
const corpusNames = values.corpus === "both" ? ["dev", "heldout"] : [values.corpus!];

const dir = mkdtempSync(join(tmpdir(), "knowhub-replay-"));
const pgEnv = { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_URL: process.env.DATABASE_URL };
const pg = engines.includes("postgres") ? await import("./lib/eval-pg") : null;
const pgServer = pg ? await pg.openPgServer(pgEnv) : null;
const { createScratchDatabase } = await import("./lib/pg-cluster");
const drops: (() => Promise<void>)[] = [];
let hubs = 0;

/** A fresh hub on `engine`, the corpus loaded through the write path (open mode, no key). */
async function freshHub(engine: Engine, corpus: Corpus): Promise<void> {
  await flushSearchLog();
  await closeDb();
  hubs++;
  if (engine === "sqlite") process.env.DATABASE_URL = `file:${join(dir, `${corpus.name}-${hubs}.db`)}`;
  else {
    const scratch = await createScratchDatabase(pgServer!.adminUrl, `knowhub_replay_${corpus.name}`);
    drops.push(scratch.drop);
    process.env.DATABASE_URL = scratch.url;
  }
  resetPlanCache();
  for (const e of corpus.experiences) await reportExperience(parseInput(createExperienceInput, e, "experience"), { key: null });
  resetPlanCache();
}

const anonymous = localHub(admitToken(undefined));
const ask = async (q: string): Promise<Answer> => (await anonymous.search({ q, limit: 10 })) as Answer;

function figures(answers: Answer[], resources: string[]): Figures {
  let high = 0;
  let hit3 = 0;
  let rr = 0;
  answers.forEach((a, i) => {
    if (a.confidence === "high") high++;
    const rank = a.results.findIndex((r) => norm(r.name) === norm(resources[i]));
    if (rank >= 0 && rank < 3) hit3++;
    if (rank >= 0) rr += 1 / (rank + 1);
  });
  const n = answers.length || 1;
  return { high: high / n, recallAt3: hit3 / n, mrr: rr / n };
}

const top3 = (a: Answer) => a.results.slice(0, 3).map((r) => norm(r.name)).join("|");

/** Each agent searches the gap with its key and reports the labelled resource, citing the search. */
async function agentsReport(gaps: Gap[], agents: number, reportsEach: number, label: string): Promise<void> {
  for (let k = 0; k < agents; k++) {
    const key = await createKey({ label: `${label}-${k}`, scope: "write", trusted: false });
    const hub = localHub(admitToken(key.token));
    for (const gap of gaps) {
      for (let r = 0; r < reportsEach; r++) {
        const found = (await hub.search({ q: gap.q.q, limit: 10 })) as Answer;
        await hub.submitExperience({
          name: gap.resource,
          task: gap.task,
          score: 4,
          // Distinct reports of one key (a retry would be one stored report): the run number.
          outcome: reportsEach > 1 ? `Run ${r + 1}: it did the job.` : "It did the job.",
          after_search: found.search_id,
        });
      }
    }
  }
  await runLearning(new Date(Date.now() + 10 * 60_000));
}

async function measure(scenario: string, gaps: Gap[], others: { q: EvalQuery; top3: string }[]): Promise<ScenarioResult> {
  const resources = gaps.map((g) => g.resource);
  const gapAnswers = [];
  for (const g of gaps) gapAnswers.push(await ask(g.q.q));
  const variantAnswers = [];
  for (const g of gaps) variantAnswers.push(await ask(g.variant));
  let same = 0;
  for (const o of others) if (top3(await ask(o.q.q)) === o.top3) same++;
  const { countRows } = await import("../test/sql");
  const links = await countRows("learned_links", "status = 'active'");
  return { scenario, gaps: figures(gapAnswers, resources), variants: figures(variantAnswers, resources), regressionSame: same, regressionTotal: others.length, links };
}

const variantOf = (q: string) => (/\p{Script=Han}/u.test(q) ? `${q}，用于我的项目` : `${q} for my project`);

const report: Record<string, unknown> = {};
try {
  for (const name of corpusNames) {
    const corpus = readCorpus(name, join("test/eval", name));
    if (!corpus) throw new Error(`no corpus test/eval/${name}`);
    for (const engine of engines) {
      const t0 = performance.now();
      await freshHub(engine, corpus);
      // Before: every query once; the gaps, and the top 3 of every other query.
      const gaps: Gap[] = [];
      const others: { q: EvalQuery; top3: string }[] = [];
      const taskOf = new Map<string, string>();
      for (const e of corpus.experiences) if (!taskOf.has(norm(e.name))) taskOf.set(norm(e.name), String(e.task));
      for (const q of corpus.queries) {
        const answer = await ask(q.q);
        const resource = q.relevant.find((r) => taskOf.has(norm(r)));
        if (!q.category && resource && answer.confidence !== "high") gaps.push({ q, resource, task: taskOf.get(norm(resource))!, variant: variantOf(q.q) });
        else others.push({ q, top3: top3(answer) });
      }
      const results: ScenarioResult[] = [await measure("fresh hub", gaps, others)];
      await agentsReport(gaps, 1, 10, "flood");
      results.push(await measure("1 key x 10 reports", gaps, others));
      await freshHub(engine, corpus);
      await agentsReport(gaps, 2, 1, "pair");
      results.push(await measure("2 keys", gaps, others));
      await agentsReport(gaps, 1, 1, "third");
      results.push(await measure("3 keys", gaps, others));
      const seconds = (performance.now() - t0) / 1000;
      report[`${name} (${engine})`] = { queries: corpus.queries.length, gaps: gaps.length, seconds, results };
      console.log(`\n${name} on ${engine}: ${corpus.queries.length} queries, ${gaps.length} answerable gaps (answered low or none by the fresh hub), ${seconds.toFixed(1)} s`);
      const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
      console.log("scenario              | gaps: high / R@3 / MRR       | close variants: high / R@3 / MRR | links | other queries' top 3 unchanged");
      for (const r of results) {
        console.log(
          `${r.scenario.padEnd(21)} | ${pct(r.gaps.high).padStart(7)} / ${r.gaps.recallAt3.toFixed(3)} / ${r.gaps.mrr.toFixed(3)} | ` +
            `${pct(r.variants.high).padStart(7)} / ${r.variants.recallAt3.toFixed(3)} / ${r.variants.mrr.toFixed(3)}     | ${String(r.links).padStart(5)} | ${r.regressionSame} / ${r.regressionTotal}`,
        );
      }
    }
  }
  if (values.json) writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
} finally {
  await flushSearchLog();
  await closeDb();
  for (const drop of drops) await drop().catch(() => undefined);
  pgServer?.stop();
  rmSync(dir, { recursive: true, force: true });
}
