import { toRelevantExperienceDto } from "../experiences/serialize";
import { averageScore } from "../resources/serialize";
import { logSearch } from "./log-search";
import { fetchCandidates } from "./candidates";
import { planQuery } from "./plan";
import { rememberAnswer } from "./result-cache";
import { findExperiences, findResources } from "./repo";
import { scoreRow, type Scored } from "./score";
import { ABSTAIN_HINT, RESULTS_HINT, type SearchInput, type SearchResponseDto, type SearchResultDto } from "./schema";

const RELEVANT_PER_GROUP = 5;
// Confidence gate: the best experience must hold this share of the query's weight (rare words
// weigh most), or the honest answer is "nobody has reported this yet".
const MIN_COVERAGE = 0.55;
// A task spelled out at length is more of the agent's own phrasing, which no report shares: past
// LONG_QUERY words, each further word lowers the share needed, down to a floor.
const LONG_QUERY = 6;
const COVERAGE_PER_WORD = 0.04;
const MIN_COVERAGE_LONG = 0.35;
// An agent who describes a task in their own words shares fewer words with the report that solves
// it. A resource that covers less can still be the answer when it clearly stands out: no other
// resource comes close (an unanswerable task tends to touch many resources a little, each through
// the domain words they share).
const MIN_COVERAGE_CLEAR = 0.4;
const CLEAR_LEAD = 0.35;
// One shared word never makes a resource clearly the answer, however rare the word.
const CLEAR_MIN_WORDS = 2;
// Several shared words are evidence on their own, whatever share of a long query they make: a
// task nobody solved here tends to share one or two domain words ("pdf", "text") with reports.
const BROAD_MIN_WORDS = 5;
const MIN_COVERAGE_BROAD = 0.3;
const UNION_FACTOR = 0.9;
// Results far weaker than the best one are noise, not alternatives.
const MIN_RELATIVE = 0.3;
const MIN_COVERAGE_TAIL = 0.25;
// Further relevant experiences of the same resource add a little evidence.
const SUPPORT_FACTOR = 0.1;
// A report scored 1 or 2 on this very task says the resource did not do it well: such a row is
// still evidence the task is known here (coverage), but ranks a little below one that worked.
const FAILED_PENALTY = 0.25;
// Bayesian average: a resource starts as PRIOR_COUNT reviews of PRIOR_MEAN.
const PRIOR_MEAN = 3;
const PRIOR_COUNT = 5;
// The score only reorders resources of similar relevance: at most +-4 %.
const PRIOR_SPAN = 0.04;

/** `keyId`: the key that searched ('' without one), for the search log; never a token or address. */
export function searchExperiences(input: SearchInput, keyId = ""): SearchResponseDto {
  const started = performance.now();
  const response = rememberAnswer(input, () => {
    const results = rankResults(input);
    return {
      query: input.q,
      category: input.category,
      limit: input.limit,
      results,
      abstained: results.length === 0,
      hint: results.length === 0 ? ABSTAIN_HINT : RESULTS_HINT,
    };
  });
  logSearch({
    query: input.q,
    category: input.category,
    resultCount: response.results.length,
    abstained: response.abstained,
    latencyMs: performance.now() - started,
    keyId,
  });
  return response;
}

type Ranked = { key: string; rows: Scored[]; best: Scored; coverage: number; support: number; prior: number; score: number };

function rankResults(input: SearchInput): SearchResultDto[] {
  const plan = planQuery(input.q);
  const scored = fetchCandidates(plan, input.category).map((row) => scoreRow(row, plan.groups));
  if (scored.length === 0) return [];

  const byResource = new Map<string, Scored[]>();
  for (const s of scored) {
    const list = byResource.get(s.row.resourceKey) ?? [];
    list.push(s);
    byResource.set(s.row.resourceKey, list);
  }
  const groups = [...byResource].map(([key, rows]) => {
    rows.sort((a, b) => rankValue(b) - rankValue(a) || b.row.score - a.row.score);
    return { key, rows, best: rows[0], coverage: resourceCoverage(rows) };
  });
  if (!confident(groups, plan.groups.length)) return [];

  const resources = findResources(groups.map((g) => g.key));
  const topRelevance = Math.max(...groups.map((g) => g.best.relevance));
  const ranked: Ranked[] = groups
    .filter((g) => g.best.relevance >= topRelevance * MIN_RELATIVE && g.best.coverage >= MIN_COVERAGE_TAIL)
    .map((g) => {
      const res = resources.get(g.key);
      const bayes = ((res?.scoreSum ?? 0) + PRIOR_MEAN * PRIOR_COUNT) / ((res?.reporterCount ?? 0) + PRIOR_COUNT);
      const prior = 1 + PRIOR_SPAN * ((bayes - PRIOR_MEAN) / 2);
      const support = SUPPORT_FACTOR * (g.rows[1] ? rankValue(g.rows[1]) : 0);
      return { ...g, support, prior, score: (rankValue(g.best) + support) * prior };
    });
  ranked.sort((a, b) => b.score - a.score);

  const shown = ranked.slice(0, input.limit);
  const experiences = findExperiences(shown.flatMap((g) => g.rows.slice(0, RELEVANT_PER_GROUP).map((r) => r.row.id)));
  return shown.flatMap((g) => {
    const res = resources.get(g.key);
    if (!res) return [];
    const result: SearchResultDto = {
      name: res.name,
      url: res.url,
      category: res.category,
      avg_score: averageScore(res.scoreSum, res.reporterCount),
      experience_count: res.experienceCount,
      reporter_count: res.reporterCount,
      relevant_experiences: g.rows
        .slice(0, RELEVANT_PER_GROUP)
        .flatMap((r) => {
          const row = experiences.get(r.row.id);
          return row ? [toRelevantExperienceDto(row)] : [];
        }),
    };
    if (input.explain) {
      result.explain = {
        matched_terms: g.best.matched,
        expanded_terms: g.best.expanded,
        missing_terms: g.best.missing,
        term_weights: Object.fromEntries(plan.groups.map((q) => [q.term, round(q.weight)])),
        coverage: round(g.coverage),
        relevance: round(g.best.relevance),
        support: round(g.support),
        prior: round(g.prior),
        score: round(g.score),
      };
    }
    return [result];
  });
}

/** The confidence gate: does some resource answer the query, or should search abstain? */
function confident(groups: { best: Scored; coverage: number }[], queryWords: number): boolean {
  const needed = Math.max(MIN_COVERAGE_LONG, MIN_COVERAGE - COVERAGE_PER_WORD * Math.max(0, queryWords - LONG_QUERY));
  if (groups.some((g) => g.coverage >= needed)) return true;
  const byRelevance = [...groups].sort((a, b) => b.best.relevance - a.best.relevance);
  const [top, second] = byRelevance;
  const lead = second ? second.best.relevance / top.best.relevance : 0;
  const words = top.best.matched.length + top.best.expanded.length;
  if (words >= BROAD_MIN_WORDS && top.coverage >= MIN_COVERAGE_BROAD) return true;
  return top.coverage >= MIN_COVERAGE_CLEAR && lead <= CLEAR_LEAD && words >= CLEAR_MIN_WORDS;
}

function rankValue(s: Scored): number {
  return s.relevance * (1 - (FAILED_PENALTY * Math.max(0, 3 - s.row.score)) / 2);
}

/**
 * What share of the query a resource's reports cover between them: one report may name the tool
 * and another the language. Discounted against a single report covering it all.
 */
function resourceCoverage(rows: Scored[]): number {
  const best = rows[0];
  if (best.totalWeight === 0) return 0;
  const union = best.covered.map((_, i) => Math.max(...rows.map((r) => r.covered[i])));
  const unionShare = union.reduce((s, n) => s + n, 0) / best.totalWeight;
  return Math.max(best.coverage, UNION_FACTOR * unionShare);
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
