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
//     what changes is learning alone). Such a report nearly repeats a published one, so, as the
//     answer's hint says, the agent confirms that one instead, citing the same search (confirms
//     teach as reports do); then one learning step.
//  3. the gaps are asked again, and a close variant of each (the phrasing with one word added:
//     "... for my project", "…，用于我的项目"; mechanical, not a hand-written paraphrase).
// Scenarios, each on a hub of its own: ONE key reporting 10 times per gap; 2 keys; then a 3rd key on
// the 2-key hub. Figures per scenario: share of the gaps answered high, recall@3 and MRR@10 of the
// labelled resource; and the regression check: every eval query that is not a gap keeps its top 3.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

async function main(): Promise<void> {
  const { closeDb, db } = await import("../lib/db");
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
  type Gap = { q: EvalQuery; resource: string; task: string; variant: string; from: "eval" | "paraphrases" };
  type ScenarioResult = {
    scenario: string;
    gaps: Figures;
    variants: Figures;
    /** Other queries whose top 3 is the fresh hub's (the agents' reports themselves may move some). */
    sameAsFresh: number;
    /** Other queries whose top 3 the learning step left as it was just before it. */
    sameAcrossLearning: number;
    others: number;
    links: number;
    /** The agents' writes: stored reports / confirmations of a report theirs nearly repeated. */
    writes: string;
  };

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
    // A corpus is data loaded as written (as the eval loads it): no near-duplicate folding.
    for (const e of corpus.experiences) await reportExperience(parseInput(createExperienceInput, { ...e, distinct: true }, "experience"), { key: null });
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

  // What the agents' writes became in the last scenario: stored reports, or confirmations of the
  // published report theirs nearly repeated (near-duplicate folding).
  const tally = { reported: 0, confirmed: 0, own: 0 };

  /**
   * Each agent searches the gap with its key and reports the labelled resource, citing the search
   * (or, when its report nearly repeats a published one, confirms that one, citing it).
   */
  async function agentsReport(gaps: Gap[], agents: number, reportsEach: number, label: string, others: Other[]): Promise<Map<string, string>> {
    tally.reported = 0;
    tally.confirmed = 0;
    tally.own = 0;
    for (let k = 0; k < agents; k++) {
      const key = await createKey({ label: `${label}-${k}`, scope: "write", trusted: false });
      const hub = localHub(admitToken(key.token));
      for (const gap of gaps) {
        for (let r = 0; r < reportsEach; r++) {
          const found = (await hub.search({ q: gap.q.q, limit: 10 })) as Answer;
          const stored = await hub.submitExperience({
            name: gap.resource,
            task: gap.task,
            score: 4,
            // Distinct reports of one key (a retry would be one stored report): the gap and the run.
            outcome: `It did the job (${gap.q.id}, run ${r + 1}).`,
            after_search: found.search_id,
          });
          // As the answer's hint says: a report that nearly repeats a published one is not stored;
          // the agent confirms that one instead, citing the same search.
          if (stored.near_duplicate_of?.yours) tally.own++;
          else if (stored.near_duplicate_of) {
            await hub.confirmExperience(stored.near_duplicate_of.id, { note: `It did the job (${gap.q.id}, run ${r + 1}).`, after_search: found.search_id });
            tally.confirmed++;
          } else tally.reported++;
        }
      }
    }
    // What the other queries answer with the new reports in, before learning runs.
    const before = new Map<string, string>();
    for (const o of others) before.set(o.q.id, top3(await ask(o.q.q)));
    await runLearning(new Date(Date.now() + 10 * 60_000));
    return before;
  }

  type Other = { q: EvalQuery; top3: string };

  async function measure(scenario: string, gaps: Gap[], others: Other[], beforeLearning?: Map<string, string>): Promise<ScenarioResult> {
    const resources = gaps.map((g) => g.resource);
    const gapAnswers = [];
    for (const g of gaps) gapAnswers.push(await ask(g.q.q));
    const variantAnswers = [];
    for (const g of gaps) variantAnswers.push(await ask(g.variant));
    let same = 0;
    let kept = 0;
    for (const o of others) {
      const now = top3(await ask(o.q.q));
      if (now === o.top3) same++;
      if (now === (beforeLearning?.get(o.q.id) ?? o.top3)) kept++;
    }
    const links = Number((await db().get<{ n: number }>(`SELECT COUNT(*) AS n FROM learned_links WHERE status = 'active'`))?.n ?? 0);
    const writes = beforeLearning ? `${tally.reported} / ${tally.confirmed} / ${tally.own}` : "-";
    return { scenario, gaps: figures(gapAnswers, resources), variants: figures(variantAnswers, resources), sameAsFresh: same, sameAcrossLearning: kept, others: others.length, links, writes };
  }

  type Paraphrase = { q: string; variant: string; resource: string };
  const PARAPHRASES = "test/learning/paraphrases.json";
  const paraphrasesOf = (corpus: string): Paraphrase[] => {
    if (!existsSync(PARAPHRASES)) return [];
    const file = JSON.parse(readFileSync(PARAPHRASES, "utf8")) as { corpus: string; pairs: Paraphrase[] };
    return file.corpus === corpus ? file.pairs : [];
  };
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
        const others: Other[] = [];
        const taskOf = new Map<string, string>();
        for (const e of corpus.experiences) if (!taskOf.has(norm(e.name))) taskOf.set(norm(e.name), String(e.task));
        for (const q of corpus.queries) {
          const answer = await ask(q.q);
          const resource = q.relevant.find((r) => taskOf.has(norm(r)));
          if (!q.category && resource && answer.confidence !== "high") gaps.push({ q, resource, task: taskOf.get(norm(resource))!, variant: variantOf(q.q), from: "eval" });
          else others.push({ q, top3: top3(answer) });
        }
        // The labelled paraphrases written for this replay (test/learning/paraphrases.json), where
        // the fresh hub answers them low or none.
        let paraphrased = 0;
        for (const p of paraphrasesOf(name)) {
          if (!taskOf.has(norm(p.resource))) throw new Error(`paraphrases.json: ${p.resource} is not in ${name}`);
          if ((await ask(p.q)).confidence === "high") continue;
          paraphrased++;
          const q: EvalQuery = { id: `para-${paraphrased}`, q: p.q, lang: "", kind: "paraphrase", category: "", relevant: [p.resource] };
          gaps.push({ q, resource: p.resource, task: taskOf.get(norm(p.resource))!, variant: p.variant, from: "paraphrases" });
        }
        const results: ScenarioResult[] = [await measure("fresh hub", gaps, others)];
        results.push(await measure("1 key x 10 reports", gaps, others, await agentsReport(gaps, 1, 10, "flood", others)));
        await freshHub(engine, corpus);
        results.push(await measure("2 keys", gaps, others, await agentsReport(gaps, 2, 1, "pair", others)));
        results.push(await measure("3 keys", gaps, others, await agentsReport(gaps, 1, 1, "third", others)));
        const seconds = (performance.now() - t0) / 1000;
        const fromEval = gaps.filter((g) => g.from === "eval").length;
        report[`${name} (${engine})`] = { queries: corpus.queries.length, gaps: gaps.length, fromEval, seconds, results };
        console.log(
          `\n${name} on ${engine}: ${gaps.length} gaps answered low or none by the fresh hub (${fromEval} of the ${corpus.queries.length} eval queries, ` +
            `${gaps.length - fromEval} of ${paraphrasesOf(name).length} written paraphrases), ${seconds.toFixed(1)} s`,
        );
        const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
        console.log("scenario              | gaps: high / R@3 / MRR  | close variants: high / R@3 / MRR | links | writes: reports / confirms / own repeats | other queries' top 3: as fresh hub, unchanged by the learning step");
        for (const r of results) {
          console.log(
            `${r.scenario.padEnd(21)} | ${pct(r.gaps.high).padStart(7)} / ${r.gaps.recallAt3.toFixed(3)} / ${r.gaps.mrr.toFixed(3)} | ` +
              `${pct(r.variants.high).padStart(7)} / ${r.variants.recallAt3.toFixed(3)} / ${r.variants.mrr.toFixed(3)}     | ${String(r.links).padStart(5)} | ${r.writes.padStart(13)} | ${r.sameAsFresh} / ${r.others}, ${r.sameAcrossLearning} / ${r.others}`,
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

}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
