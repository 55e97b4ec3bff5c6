// Search answers with what it learned from use (lib/learning): when nothing answers a query
// confidently and the query is close to a learned phrasing, the linked resource is answered with
// confidence "high", first, with the reports the agreeing keys wrote; the weak leads follow. A
// confident answer is left as it is: learning fills gaps, it does not overrule the index.
import type { ExperienceRow } from "../experiences/serialize";
import { toRelevantExperienceDto } from "../experiences/serialize";
import { activeLinks, matchLinks, type LinkMatch } from "../learning/active-links";
import { averageScore } from "../resources/serialize";
import { standingDto } from "../verdicts/standing";
import { resourceKey } from "../text/resource-key";
import type { SearchInput, SearchResponseDto, SearchResultDto } from "./schema";
import { SEARCH_TUNING as T } from "./search-config";
import type { SearchIndex } from "./search-index";
import { verdictOfVotes, vouchersOf } from "./task-verdict";

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
  // The links that still speak: one per resource, in the category asked, with reports still published.
  const chosen: { match: LinkMatch; rows: ExperienceRow[]; voices: ExperienceRow[] }[] = [];
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
    chosen.push({ match, rows, voices: oneEach(rows) });
  }
  if (chosen.length === 0) return ranking;
  // The verdicts on the reports shown, as on any answer (confirmations, freshness), read at once.
  const standing = await index.findStanding(chosen.flatMap((c) => c.voices.slice(0, T.relevantPerGroup).map((row) => Number(row.id))));
  const now = new Date();
  const learned = chosen.map(({ match, rows, voices }): SearchResultDto => {
    const res = resources.get(match.link.resourceKey)!;
    const shown = voices.slice(0, T.relevantPerGroup);
    const result: SearchResultDto = {
      name: res.name,
      url: res.url,
      category: res.category,
      confidence: "high",
      task_verdict: {
        ...verdictOfVotes(voices.map((row) => Number(row.score)), rows.length),
        ...vouchersOf(shown.map((row) => ({ id: Number(row.id), reporter: reporterOf(row) })), standing),
      },
      avg_score: averageScore(res.scoreSum, res.reporterCount),
      experience_count: res.experienceCount,
      reporter_count: res.reporterCount,
      relevant_experiences: shown.map((row) =>
        toRelevantExperienceDto(row, standingDto({ version: row.version ?? "", standing: standing.get(Number(row.id)) ?? null }, row.createdAt, now)),
      ),
    };
    if (input.explain) {
      result.explain = explainOf(
        ranking.results.find((r) => resourceKey(r.name) === match.link.resourceKey),
        match,
      );
    }
    return result;
  });
  const rest = ranking.results.filter((r) => !taken.has(resourceKey(r.name)));
  return { confidence: "high", results: [...learned, ...rest].slice(0, input.limit) };
}

/** A report's voice, as search's rows name it: its key, or itself when written without one. */
function reporterOf(row: ExperienceRow): string {
  return row.keyId ? `k:${row.keyId}` : `e:${row.id}`;
}

/** Each reporter's newest linked report, newest first (one key, one voice). */
function oneEach(rows: ExperienceRow[]): ExperienceRow[] {
  const latest = new Map<string, ExperienceRow>();
  for (const row of rows) {
    const who = reporterOf(row);
    const seen = latest.get(who);
    if (!seen || Number(row.id) > Number(seen.id)) latest.set(who, row);
  }
  return [...latest.values()].sort((a, b) => Number(b.id) - Number(a.id));
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
