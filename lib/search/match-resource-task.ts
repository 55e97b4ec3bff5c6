// A task against one resource's reports, for the resource's page (?q=): which of its reports match
// the task and the verdict they add up to, by search's own planning, scoring and verdict, so the
// page and a search row say the same of the resource.
import { resourceKey } from "../text/resource-key";
import { engineSearchIndex } from "./engine-search-index";
import { planQuery, type QueryGroup } from "./plan";
import { findResourceCandidates } from "./repo";
import { scoreRow, type Scored } from "./score";
import type { TaskVerdictDto } from "./schema";
import { confirmationsOf, matchingRows, taskVerdict } from "./task-verdict";

export const RESOURCE_TASK_TUNING = {
  /** Newest reports of the resource scored against the task: bounds the work for a huge resource. */
  window: 1000,
  /** Matching reports listed at most (best first). */
  maxMatching: 100,
} as const;

export type ResourceTaskMatch = {
  /** The matching reports' ids, best match first (relevance, score, newest); empty when none match. */
  ids: number[];
  /** Null when no report matches the task. */
  verdict: TaskVerdictDto | null;
  /** How many of the newest reports were scored (RESOURCE_TASK_TUNING.window at most). */
  scanned: number;
};

export async function matchResourceTask(name: string, q: string): Promise<ResourceTaskMatch> {
  const index = await engineSearchIndex();
  const plan = await planQuery(q, index, await index.generation());
  const rows = await findResourceCandidates(resourceKey(name), RESOURCE_TASK_TUNING.window);
  const scored = rows
    .map((row) => scoreRow(row, plan.groups))
    .filter((s) => s.coverage > 0 && sharesContentWord(s, plan.groups))
    // As search orders a resource's reports among equally relevant ones (better score, then newer),
    // so the page leads with the report the search row showed.
    .sort((a, b) => b.relevance - a.relevance || b.row.score - a.row.score || b.row.id - a.row.id);
  if (scored.length === 0) return { ids: [], verdict: null, scanned: rows.length };
  const matching = matchingRows(scored).slice(0, RESOURCE_TASK_TUNING.maxMatching);
  const standing = await index.findStanding(matching.map((s) => s.row.id));
  return {
    ids: matching.map((s) => s.row.id),
    verdict: { ...taskVerdict(scored), ...confirmationsOf(scored, standing) },
    scanned: rows.length,
  };
}

/** As search's weak leads: a report that shares only generic words with the task does not match it. */
function sharesContentWord(s: Scored, groups: QueryGroup[]): boolean {
  return groups.some((g, i) => g.content && s.covered[i] > 0);
}

