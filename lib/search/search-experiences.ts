import { toRelevantExperienceDto } from "../experiences/serialize";
import { averageScore } from "../resources/serialize";
import { analyze } from "./analyze";
import { logSearch } from "./log-search";
import { findCandidates, findResources, findSearchFields, ftsOr, type CandidateRow } from "./repo";
import {
  ABSTAIN_HINT,
  RESULTS_HINT,
  type SearchInput,
  type SearchResponseDto,
  type SearchResultDto,
} from "./schema";

const MAX_CANDIDATES = 300;
const RELEVANT_PER_GROUP = 5;
// The best candidate must contain at least this share of the query's terms, or we abstain.
const MIN_COVERAGE = 0.5;
// Bayesian average: a resource starts as PRIOR_COUNT reviews of PRIOR_MEAN.
const PRIOR_MEAN = 3;
const PRIOR_COUNT = 5;

type Group = {
  key: string;
  rows: { row: CandidateRow; relevance: number; coverage: number; matched: string[] }[];
};

export function searchExperiences(input: SearchInput): SearchResponseDto {
  const started = performance.now();
  const results = rankResults(input);
  const response: SearchResponseDto = {
    query: input.q,
    category: input.category,
    limit: input.limit,
    results,
    abstained: results.length === 0,
    hint: results.length === 0 ? ABSTAIN_HINT : RESULTS_HINT,
  };
  logSearch({
    query: input.q,
    category: input.category,
    resultCount: results.length,
    abstained: response.abstained,
    latencyMs: performance.now() - started,
  });
  return response;
}

function rankResults(input: SearchInput): SearchResultDto[] {
  const terms = [...new Set(analyze(input.q))];
  if (terms.length === 0) return [];
  const candidates = findCandidates(ftsOr(terms), input.category, MAX_CANDIDATES);
  if (candidates.length === 0) return [];

  const fields = findSearchFields(candidates.map((c) => c.id));
  const groups = new Map<string, Group>();
  for (const row of candidates) {
    const f = fields.get(row.id);
    const present = new Set(f ? `${f.name} ${f.task} ${f.tips} ${f.outcome}`.split(" ") : []);
    const matched = terms.filter((t) => present.has(t));
    const coverage = matched.length / terms.length;
    const relevance = -row.rank * coverage;
    const group = groups.get(row.resourceKey) ?? { key: row.resourceKey, rows: [] };
    group.rows.push({ row, relevance, coverage, matched });
    groups.set(row.resourceKey, group);
  }

  const ranked = [...groups.values()].map((g) => {
    g.rows.sort((a, b) => b.relevance - a.relevance);
    return { group: g, best: g.rows[0] };
  });
  const bestCoverage = Math.max(...ranked.map((r) => r.best.coverage));
  if (bestCoverage < MIN_COVERAGE) return [];

  const resources = findResources(ranked.map((r) => r.group.key));
  const scored = ranked.map(({ group, best }) => {
    const res = resources.get(group.key);
    const n = res?.experienceCount ?? 0;
    const bayes = ((res?.scoreSum ?? 0) + PRIOR_MEAN * PRIOR_COUNT) / (n + PRIOR_COUNT);
    // The prior only separates resources of similar relevance: at most +-10 %.
    const prior = 1 + ((bayes - PRIOR_MEAN) / 2) * 0.1;
    return { group, best, res, prior, score: best.relevance * prior };
  });
  scored.sort((a, b) => b.score - a.score);

  return scored.slice(0, input.limit).flatMap(({ group, best, res, prior, score }) => {
    if (!res) return [];
    const result: SearchResultDto = {
      name: res.name,
      url: res.url,
      category: res.category,
      avg_score: averageScore(res.scoreSum, res.experienceCount),
      experience_count: res.experienceCount,
      relevant_experiences: group.rows.slice(0, RELEVANT_PER_GROUP).map((r) => toRelevantExperienceDto(r.row)),
    };
    if (input.explain) {
      result.explain = {
        matched_terms: best.matched,
        missing_terms: terms.filter((t) => !best.matched.includes(t)),
        coverage: round(best.coverage),
        relevance: round(best.relevance),
        prior: round(prior),
        score: round(score),
      };
    }
    return [result];
  });
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
