// The in-process eval's engine room: a corpus goes into its own fresh SQLite file through the same
// write path as POST /api/experience (validation, screening, createExperience; migrations applied
// by lib/db.ts on first use, as the app does), and each query goes through searchExperiences with
// the input GET /api/search would parse. No server, no HTTP: seconds instead of minutes. With a
// PostgreSQL search index (eval-pg.ts), the same queries go through the same pipeline on it.
import { join } from "node:path";
import { closeDb } from "../../lib/db";
import { createExperienceInput } from "../../lib/experiences/schema";
import { reportExperience } from "../../lib/moderation/report-experience";
import { flushSearchLog } from "../../lib/demand-log/log-search";
import { resetPlanCache } from "../../lib/search/plan";
import { searchInput } from "../../lib/search/schema";
import type { SearchIndex } from "../../lib/search/search-index";
import { setSearchSwitches, type SearchSwitches } from "../../lib/search/search-config";
import { searchExperiences } from "../../lib/search/search-experiences";
import { parseInput } from "../../lib/validation";
import { K, toRow, type Corpus, type EvalRow } from "./eval-score";

/** Opens a fresh database for the corpus (under `dir`) and loads its experiences; returns failures. */
export async function loadCorpus(corpus: Corpus, dir: string): Promise<string[]> {
  await flushSearchLog();
  await closeDb();
  process.env.DATABASE_URL = `file:${join(dir, `${corpus.name}.db`)}`;
  // The plan's document-frequency cache is per process, not per database: forget the last corpus.
  resetPlanCache();
  const failures: string[] = [];
  for (const e of corpus.experiences) {
    try {
      // distinct: a corpus is data loaded as written (its near-duplicates on one resource included),
      // not agents to be told to confirm an earlier report instead.
      await reportExperience(parseInput(createExperienceInput, { ...e, distinct: true }, "experience"), { key: null });
    } catch (error) {
      failures.push(`${String(e.name)}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  resetPlanCache();
  return failures;
}

/**
 * Runs every query of the corpus under the given switches: on the open SQLite database, or on
 * `index` (not logged: the search log is the app's, on SQLite).
 */
export async function runQueries(corpus: Corpus, switches: SearchSwitches, index?: SearchIndex): Promise<EvalRow[]> {
  setSearchSwitches(switches);
  try {
    const rows: EvalRow[] = [];
    for (const q of corpus.queries) {
      const params: Record<string, string> = { q: q.q, limit: String(K) };
      if (q.category) params.category = q.category;
      try {
        rows.push(toRow(q, await searchExperiences(parseInput(searchInput, params, "search"), "", index ? { log: false, index } : {})));
      } catch (error) {
        console.error(`search "${q.q}" -> ${error instanceof Error ? error.message : String(error)}`);
        rows.push({ q, names: [], abstained: true, broken: true });
      }
    }
    return rows;
  } finally {
    setSearchSwitches(null);
    await flushSearchLog();
  }
}

/** Lets the last database go (the process can then exit cleanly). */
export async function closeEval(): Promise<void> {
  await flushSearchLog();
  await closeDb();
}
