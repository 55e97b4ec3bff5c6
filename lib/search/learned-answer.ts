// Search answers with what it learned from use (lib/learning): when nothing answers a query
// confidently and the query is close to a learned phrasing, the linked resource is answered with
// confidence "high", first, with the reports the agreeing keys wrote; the weak leads follow. A
// confident answer is left as it is: learning fills gaps, it does not overrule the index.
import type { ExperienceRow } from "../experiences/serialize";
import { toRelevantExperienceDto } from "../experiences/serialize";
import { activeLinks, matchLinks, type LinkMatch } from "../learning/active-links";
import { averageScore } from "../resources/serialize";
import type { StandingRow } from "../verdicts/repo";
import { standingDto } from "../verdicts/standing";
import { resourceKey } from "../text/resource-key";
import type { SearchInput, SearchResponseDto, SearchResultDto, TaskVerdictDto } from "./schema";
import { SEARCH_TUNING as T } from "./search-config";
import type { SearchIndex } from "./search-index";

type Ranking = { confidence: SearchResponseDto["confidence"]; results: SearchResultDto[] };

export async function answerWithLinks(input: SearchInput, index: SearchIndex, generation: string, ranking: Ranking): Promise<Ranking> {
  if (ranking.confidence === "high") return ranking;
  const links = await activeLinks(index.scope, generation);
  const matches = matchLinks(input.q, links);
  if (matches.length === 0) return ranking;
  const [resources, experiences] = await Promise.all([
    index.findResources([...new Set(matches.map((m) => m.link.resourceKey))]),
    index.findExperiences([...new Set(matches.flatMap((m) => m.link.experienceIds))]),
  ]);
  const learned: SearchResultDto[] = [];
  const taken = new Set<string>();
  for (const match of matches) {
    const res = resources.get(match.link.resourceKey);
    if (!res || taken.has(match.link.resourceKey)) continue;
    if (input.category && res.category !== input.category) continue;
    // Only what is still published speaks (a report hidden since the link was made does not).
    const rows = match.link.experienceIds.flatMap((id) => {
      const row = experiences.get(id);
      return row && row.status === "published" ? [row] : [];
    });
    if (rows.length === 0) continue;
    taken.add(match.link.resourceKey);
    const organic = ranking.results.find((r) => resourceKey(r.name) === match.link.resourceKey);
    const voices = oneEach(rows);
    const result: SearchResultDto = {
      name: res.name,
      url: res.url,
      category: res.category,
      confidence: "high",
      task_verdict: verdictOf(rows, voices),
      avg_score: averageScore(res.scoreSum, res.reporterCount),
      experience_count: res.experienceCount,
      reporter_count: res.reporterCount,
      // Standing is filled in below, for every learned result at once.
      relevant_experiences: voices.slice(0, T.relevantPerGroup).map((row) => toRelevantExperienceDto(row, standingDto(undefined, row.createdAt, new Date()))),
    };
    if (input.explain) result.explain = explainOf(organic, match);
    learned.push(result);
  }
  if (learned.length === 0) return ranking;
  // The verdicts on the linked reports, as on any answer (confirmations, freshness).
  const ids = learned.flatMap((r) => r.relevant_experiences.map((e) => e.id));
  const standing = await index.findStanding(ids);
  const now = new Date();
  for (const result of learned) {
    result.relevant_experiences = result.relevant_experiences.map((e) => {
      const row = experiences.get(e.id)!;
      return toRelevantExperienceDto(row, standingDto({ version: row.version ?? "", standing: standing.get(e.id) ?? null }, row.createdAt, now));
    });
    Object.assign(result.task_verdict, confirmationsOf(result.relevant_experiences.map((e) => experiences.get(e.id)!), standing));
  }
  const rest = ranking.results.filter((r) => !taken.has(resourceKey(r.name)));
  return { confidence: "high", results: [...learned, ...rest].slice(0, input.limit) };
}

/** Each reporter's newest linked report, newest first (one key, one voice). */
function oneEach(rows: ExperienceRow[]): ExperienceRow[] {
  const latest = new Map<string, ExperienceRow>();
  for (const row of rows) {
    const who = row.keyId ? `k:${row.keyId}` : `e:${row.id}`;
    const seen = latest.get(who);
    if (!seen || Number(row.id) > Number(seen.id)) latest.set(who, row);
  }
  return [...latest.values()].sort((a, b) => Number(b.id) - Number(a.id));
}

/** The task verdict from the linked reports, by search's own rule (one score per reporter). */
function verdictOf(rows: ExperienceRow[], voices: ExperienceRow[]): TaskVerdictDto {
  const mean = voices.reduce((s, r) => s + Number(r.score), 0) / voices.length;
  const outcome = mean <= T.verdict.failedAtMost ? "failed" : mean >= T.verdict.workedAtLeast ? "worked" : "mixed";
  return {
    outcome,
    avg_score: Math.round(mean * 10) / 10,
    experience_count: rows.length,
    reporter_count: voices.length,
    confirmations: 0,
    last_confirmed: null,
    agent_count: voices.length,
  };
}

/** Who vouches for the linked reports: their confirming keys, when last, and the distinct agents (reporters and confirmers). */
function confirmationsOf(rows: ExperienceRow[], standing: Map<number, StandingRow>): Pick<TaskVerdictDto, "confirmations" | "last_confirmed" | "agent_count"> {
  const confirmers = new Set<string>();
  let last: string | null = null;
  for (const r of rows) {
    const row = standing.get(Number(r.id));
    if (!row) continue;
    for (const key of JSON.parse(row.confirmedBy) as string[]) confirmers.add(`k:${key}`);
    const at = row.lastConfirmed ? new Date(row.lastConfirmed).toISOString() : null;
    if (at && (!last || at > last)) last = at;
  }
  const agents = new Set([...rows.map((r) => (r.keyId ? `k:${r.keyId}` : `e:${r.id}`)), ...confirmers]);
  return { confirmations: confirmers.size, last_confirmed: last, agent_count: agents.size };
}

function explainOf(organic: SearchResultDto | undefined, match: LinkMatch): NonNullable<SearchResultDto["explain"]> {
  const learned = { phrase: match.link.phrase, keys: match.link.keyCount, link_id: match.link.id };
  if (organic?.explain) return { ...organic.explain, gate: "learned", learned };
  return {
    matched_terms: [],
    expanded_terms: [],
    missing_terms: [],
    term_weights: {},
    coverage: 0,
    relevance: 0,
    support: 0,
    prior: 1,
    verdict_factor: 1,
    standing: 1,
    gate: "learned",
    score: 0,
    learned,
  };
}
