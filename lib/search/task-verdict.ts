// A resource's verdict on a task, from its reports that match the task about as well as its best
// one: what search shows on each result, and what the resource's page leads with for ?q=.
import type { StandingRow } from "../verdicts/repo";
import type { Scored } from "./score";
import { SEARCH_TUNING as T } from "./search-config";
import type { TaskVerdictDto } from "./schema";

/** The reports that count for the verdict: those within T.verdict.matchingRelative of the best (rows best first). */
export function matchingRows(rows: Scored[]): Scored[] {
  const floor = rows[0].relevance * T.verdict.matchingRelative;
  return rows.filter((r) => r.relevance >= floor);
}

/**
 * How the resource did in its experiences that match the task about as well as its best one, one
 * voice per reporter: each reporter's latest matching report (as in the resource's average, where a
 * key counts with its latest report), so a flood from one key weighs what one report from it does.
 */
export function taskVerdict(rows: Scored[]): Omit<TaskVerdictDto, "confirmations" | "last_confirmed" | "agent_count"> {
  const matching = matchingRows(rows);
  const latest = new Map<string, Scored>();
  for (const r of matching) {
    const seen = latest.get(r.row.reporter);
    if (!seen || r.row.id > seen.row.id) latest.set(r.row.reporter, r);
  }
  return verdictOfVotes([...latest.values()].map((r) => r.row.score), matching.length);
}

/** The verdict from one score per reporter (`votes`) over `experienceCount` reports: search's rule. */
export function verdictOfVotes(votes: number[], experienceCount: number): Omit<TaskVerdictDto, "confirmations" | "last_confirmed" | "agent_count"> {
  const mean = votes.reduce((s, score) => s + score, 0) / votes.length;
  const outcome = mean <= T.verdict.failedAtMost ? "failed" : mean >= T.verdict.workedAtLeast ? "worked" : "mixed";
  return { outcome, avg_score: Math.round(mean * 10) / 10, experience_count: experienceCount, reporter_count: votes.length };
}

/**
 * Who vouches for the resource on this task: the keys that confirmed its matching reports, when
 * last, and the distinct agents behind it (reporters and confirmers, each once).
 */
export function confirmationsOf(rows: Scored[], standing: Map<number, StandingRow>): Pick<TaskVerdictDto, "confirmations" | "last_confirmed" | "agent_count"> {
  return vouchersOf(
    matchingRows(rows).map((r) => ({ id: r.row.id, reporter: r.row.reporter })),
    standing,
  );
}

/**
 * Who vouches for these reports (`reporter`: "k:<key>" or "e:<id>", as search's rows name it): the
 * keys that confirmed them, when last, and the distinct agents (reporters and confirmers, each once).
 */
export function vouchersOf(
  reports: { id: number; reporter: string }[],
  standing: Map<number, StandingRow>,
): Pick<TaskVerdictDto, "confirmations" | "last_confirmed" | "agent_count"> {
  const confirmers = new Set<string>();
  let last: string | null = null;
  for (const r of reports) {
    const row = standing.get(r.id);
    if (!row) continue;
    for (const key of JSON.parse(row.confirmedBy) as string[]) confirmers.add(`k:${key}`);
    const at = row.lastConfirmed ? new Date(row.lastConfirmed).toISOString() : null;
    if (at && (!last || at > last)) last = at;
  }
  const agents = new Set([...reports.map((r) => r.reporter), ...confirmers]);
  return { confirmations: confirmers.size, last_confirmed: last, agent_count: agents.size };
}

