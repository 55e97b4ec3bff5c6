import { toRelevantExperienceDto, type ExperienceRow } from "../experiences/serialize";
import { BASE_CONFIDENCE } from "../verdicts/confidence";
import type { StandingRow } from "../verdicts/repo";
import { standingDto } from "../verdicts/standing";
import { averageScore } from "../resources/serialize";
import { logSearch } from "../demand-log/log-search";
import { newSearchId } from "../text/search-id";
import { resourceKey } from "../text/resource-key";
import { fetchCandidates } from "./candidates";
import { answerWithLinks } from "./learned-answer";
import { planQuery, type QueryGroup } from "./plan";
import { rememberAnswer } from "./result-cache";
import { searchContent } from "./search-content";
import { scoreRow, type Scored } from "./score";
import { confirmationsOf, taskVerdict } from "./task-verdict";
import type { SearchIndex } from "./search-index";
import { engineSearchIndex } from "./engine-search-index";
import { SEARCH_TUNING as T, currentGateScale, searchSwitches } from "./search-config";
import {
  ABSTAIN_HINT,
  RESULTS_HINT,
  WEAK_LEADS_HINT,
  type SearchInput,
  type SearchResponseDto,
  type SearchResultDto,
  type TaskVerdictDto,
} from "./schema";

/**
 * `keyId`: the key that searched ('' without one), for the search log; never a token or address.
 * `client`: who searched, for insights that count people (lib/demand-log/client-id.ts; by default
 * the key, or unknown).
 * `log: false` for a second look at the same query (the search page's chip counts): one search,
 * one log row. `index`: the engine searched (the database DATABASE_URL names unless told otherwise).
 */
export async function searchExperiences(
  input: SearchInput,
  keyId = "",
  { log = true, index: given, client }: { log?: boolean; index?: SearchIndex; client?: string } = {},
): Promise<SearchResponseDto> {
  const started = performance.now();
  // Read once: it keys the answer cache and tells the planner whether its cached zeros still hold.
  const index = given ?? (await engineSearchIndex());
  const generation = await index.generation();
  const answer = await rememberAnswer(input, index.scope, generation, async () => {
    const { confidence, results } = await answerWithLinks(input, index, generation, await rankResults(input, index, generation));
    // Apart from the reports: content hits never move a result, the confidence or the abstention.
    const content = await searchContent(input.q, { category: input.category, resourceKey: "" }, index, generation);
    return {
      query: input.q,
      category: input.category,
      limit: input.limit,
      confidence,
      results,
      content,
      // Weak leads are sent, but the task is not confidently answered: agents that only read this
      // flag still learn that nobody has reported it, and those that read on get somewhere to start.
      abstained: confidence !== "high",
      hint: confidence === "high" ? RESULTS_HINT : confidence === "low" ? WEAK_LEADS_HINT : ABSTAIN_HINT,
    };
  });
  // New for every request, a cached answer too: the id names this search, by this key, now. The
  // cached answer is shared (read-only), so the id goes on a copy.
  const response: SearchResponseDto = { search_id: newSearchId(), ...answer };
  if (log) logSearch({
    query: input.q,
    category: input.category,
    resultCount: response.results.length,
    abstained: response.abstained,
    latencyMs: performance.now() - started,
    keyId,
    searchId: response.search_id,
    confidence: response.confidence,
    // What was shown, for learning: whether a resource reported after this search was answered.
    shownKeys: response.results.map((r) => resourceKey(r.name)),
    confidentCount: response.results.filter((r) => r.confidence === "high").length,
    clientId: client,
  });
  return response;
}

/**
 * One resource's matching reports. `voices`: the best-ranked report of each reporter (one key, or
 * one report without a key), best first. Everything that weighs reports against each other (support,
 * the task verdict, the reports shown) reads voices, so twenty reports from one key say what one does.
 */
type Group = { key: string; rows: Scored[]; voices: Scored[]; best: Scored; coverage: number };
type GateRule = "coverage" | "clear lead" | "broad" | "none";
type Ranked = Group & {
  rule: GateRule;
  verdict: TaskVerdictDto;
  verdictFactor: number;
  support: number;
  prior: number;
  score: number;
};
type Ranking = { confidence: SearchResponseDto["confidence"]; results: SearchResultDto[] };

async function rankResults(input: SearchInput, index: SearchIndex, generation: string): Promise<Ranking> {
  const plan = await planQuery(input.q, index, generation);
  const scored = (await fetchCandidates(plan, input.category, index)).map((row) => scoreRow(row, plan.groups));
  if (scored.length === 0) return { confidence: "none", results: [] };

  const byResource = new Map<string, Scored[]>();
  for (const s of scored) {
    const list = byResource.get(s.row.resourceKey) ?? [];
    list.push(s);
    byResource.set(s.row.resourceKey, list);
  }
  const groups: Group[] = [...byResource].map(([key, rows]) => {
    rows.sort((a, b) => rankValue(b) - rankValue(a) || b.row.score - a.row.score);
    return { key, rows, voices: oneVoiceEach(rows), best: rows[0], coverage: resourceCoverage(rows) };
  });

  // The gate's judgement decides what the answer claims, not whether anything is shown: when no
  // resource passes it, the closest ones still go out, marked as weak leads.
  const rules = gateRules(groups, plan.groups.length);
  const gateOn = searchSwitches().gate;
  const sure = !gateOn || rules.size > 0;
  const topRelevance = Math.max(...groups.map((g) => g.best.relevance));
  // Every resource the gate accepted is shown; others only when not far weaker than the best.
  const shownGroups = groups.filter((g) => {
    if (rules.has(g)) return true;
    if (g.best.relevance < topRelevance * T.minRelative) return false;
    return sure ? g.best.coverage >= T.minCoverageTail : g.coverage >= T.minCoverageLead && sharesContentWord(g.best, plan.groups);
  });
  if (shownGroups.length === 0) return { confidence: "none", results: [] };

  // Verdicts: confirmed and fresh reports first among equally relevant ones, within a resource and
  // between resources (each report's factor is exactly 1 without verdicts: nothing moves).
  const standing = await index.findStanding(shownGroups.flatMap((g) => g.rows.map((r) => r.row.id)));
  for (const g of shownGroups) {
    if (!g.rows.some((r) => standing.has(r.row.id))) continue;
    for (const r of g.rows) r.standing = standingFactor(standing.get(r.row.id));
    g.rows.sort((a, b) => rankValue(b) - rankValue(a) || b.row.score - a.row.score);
    g.voices = oneVoiceEach(g.rows);
    g.best = g.rows[0];
  }

  // The reports to show are each shown resource's first voices. On an engine whose every read is a
  // round trip (PostgreSQL), the reports of the resources that can be shown are read together with
  // the resources: the order is known but for the prior, which moves a resource by a few percent.
  // Any report that then turns out to be needed and was not read is read after (rarely).
  const perGroup = sure ? T.relevantPerGroup : T.relevantPerWeakLead;
  const room = sure ? input.limit : Math.min(input.limit, T.maxWeakLeads);
  const shownIds = (list: Group[]) => list.flatMap((g) => g.voices.slice(0, perGroup).map((r) => r.row.id));
  // What ranks a group apart from its resource's prior, worked out once for the guess and the rank.
  const evidence = new Map(shownGroups.map((g) => [g, evidenceOf(g)]));
  const likely = index.concurrentReads ? possiblyShown(shownGroups, evidence, rules, sure && gateOn, room, room * T.prefetchAtMost) : null;
  const early = likely ? index.findExperiences(shownIds(likely)) : null;
  const [resources, prefetched] = await Promise.all([index.findResources(shownGroups.map((g) => g.key)), early]);
  const ranked: Ranked[] = shownGroups.map((g) => {
    const res = resources.get(g.key);
    const { mean, count, span } = T.prior;
    const bayes = ((res?.scoreSum ?? 0) + mean * count) / ((res?.reporterCount ?? 0) + count);
    const prior = 1 + span * ((bayes - mean) / 2);
    const { support, verdict: counted, verdictFactor } = evidence.get(g)!;
    const verdict = { ...counted, ...confirmationsOf(g.rows, standing) };
    const rule = rules.get(g) ?? "none";
    return { ...g, rule, verdict, verdictFactor, support, prior, score: (rankValue(g.best) + support) * prior * verdictFactor };
  });
  ranked.sort((a, b) => b.score - a.score);
  // A resource whose reports say it failed at this task is useful knowledge, but not the best match
  // while one that did not fail matches comparably (looked for before the limit: with limit=1 the
  // answer is that one).
  if (ranked[0]?.verdict.outcome === "failed") {
    const comparable = ranked[0].best.relevance * T.verdict.comparableRelevance;
    const better = ranked.findIndex((g) => g.verdict.outcome !== "failed" && g.best.relevance >= comparable);
    if (better > 0) ranked.unshift(...ranked.splice(better, 1));
  }
  // Confident results come first and weak leads after them, whatever their scores: a reader (or an
  // agent taking the first few) must not meet a weak lead among the confident answers.
  if (sure && gateOn) ranked.sort((a, b) => Number(rules.has(b)) - Number(rules.has(a)));
  const shown = ranked.slice(0, room);
  const experiences = prefetched ?? new Map<number, ExperienceRow>();
  const unread = shownIds(shown).filter((id) => !experiences.has(id));
  if (unread.length > 0) for (const [id, row] of await index.findExperiences(unread)) experiences.set(id, row);
  const now = new Date();
  const results = shown.flatMap((g) => {
    const res = resources.get(g.key);
    if (!res) return [];
    const result: SearchResultDto = {
      name: res.name,
      url: res.url,
      category: res.category,
      confidence: sure && (g.rule !== "none" || !gateOn) ? "high" : "low",
      task_verdict: g.verdict,
      avg_score: averageScore(res.scoreSum, res.reporterCount),
      experience_count: res.experienceCount,
      reporter_count: res.reporterCount,
      relevant_experiences: g.voices.slice(0, perGroup).flatMap((r) => {
        const row = experiences.get(r.row.id);
        return row ? [toRelevantExperienceDto(row, standingDto({ version: row.version ?? "", standing: standing.get(row.id) ?? null }, row.createdAt, now))] : [];
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
        verdict_factor: round(g.verdictFactor),
        standing: round(g.best.standing),
        gate: g.rule,
        score: round(g.score),
      };
    }
    return [result];
  });
  return { confidence: results.length === 0 ? "none" : sure ? "high" : "low", results };
}

/**
 * The confidence gate: which resources answer the query, and by which rule. None: search is unsure.
 * A query covered well enough is answered; one covered only in part only when a single resource
 * clearly stands out, or a report shares many of its words (a task spelled out at length).
 */
function gateRules(groups: Group[], queryWords: number): Map<Group, GateRule> {
  const G = T.gate;
  const k = currentGateScale();
  const rules = new Map<Group, GateRule>();
  const needed = k * Math.max(G.minCoverageLong, G.minCoverage - G.coveragePerWord * Math.max(0, queryWords - G.longQuery));
  for (const g of groups) if (g.coverage >= needed) rules.set(g, "coverage");
  const byRelevance = [...groups].sort((a, b) => b.best.relevance - a.best.relevance);
  const [top, second] = byRelevance;
  if (rules.has(top)) return rules;
  const lead = second ? second.best.relevance / top.best.relevance : 0;
  const words = top.best.matched.length + top.best.expanded.length;
  if (words >= G.broadMinWords && top.coverage >= k * G.minCoverageBroad) rules.set(top, "broad");
  else if (top.coverage >= k * G.minCoverageClear && lead <= G.clearLead && words >= G.clearMinWords) rules.set(top, "clear lead");
  return rules;
}

type Evidence = { support: number; verdict: ReturnType<typeof taskVerdict>; verdictFactor: number };

/** A group's second voice's support and its reports' verdict on the task, with the factor it weighs. */
function evidenceOf(g: Group): Evidence {
  const support = T.supportFactor * (g.voices[1] ? rankValue(g.voices[1]) : 0);
  const verdict = taskVerdict(g.rows);
  const verdictFactor = verdict.outcome === "failed" ? T.verdict.failedFactor : verdict.outcome === "mixed" ? T.verdict.mixedFactor : 1;
  return { support, verdict, verdictFactor };
}

/**
 * The groups that can be among the first `room` shown, by what is known before their resources are
 * read: confident ones first (when the gate orders them so), then relevance with support and
 * verdict; the prior moves each by at most its span either way, so a group is kept unless `room`
 * others beat it whatever their priors. Null when that is more than `most` groups (near ties): the
 * caller then reads the reports after the resources. The failed-first rule can still bring in
 * another group: the caller reads whatever turns out to be shown and was not read.
 */
function possiblyShown(
  groups: Group[],
  evidence: Map<Group, Evidence>,
  rules: Map<Group, GateRule>,
  confidentFirst: boolean,
  room: number,
  most: number,
): Group[] | null {
  if (groups.length <= room) return groups;
  const { span } = T.prior;
  const guess = (g: Group) => {
    const { support, verdictFactor } = evidence.get(g)!;
    return (rankValue(g.best) + support) * verdictFactor;
  };
  const scored = groups.map((g) => ({ g, confident: confidentFirst && rules.has(g) ? 1 : 0, value: guess(g) }));
  scored.sort((a, b) => b.confident - a.confident || b.value - a.value);
  // The room-th group at its lowest prior: whoever cannot pass it at their highest is out.
  const bar = scored[room - 1];
  const kept = scored.filter((s) => s.confident > bar.confident || (s.confident === bar.confident && s.value * (1 + span) >= bar.value * (1 - span)));
  return kept.length <= most ? kept.map((s) => s.g) : null;
}

/** A weak lead must share a content word with the task, not only generic or soft ones. */
function sharesContentWord(s: Scored, groups: QueryGroup[]): boolean {
  return groups.some((g, i) => g.content && s.covered[i] > 0);
}

/** The first (best-ranked) report of each reporter, in order. */
function oneVoiceEach(rows: Scored[]): Scored[] {
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.row.reporter) && seen.add(r.row.reporter));
}

function rankValue(s: Scored): number {
  return s.relevance * (1 - (T.failedRowPenalty * Math.max(0, 3 - s.row.score)) / 2) * s.standing;
}

/**
 * A report's ranking multiplier from its verdicts (SEARCH_TUNING.standing): its confidence against a
 * lone report's, and stale by version or flags. Exactly 1 without a standing row.
 */
function standingFactor(row: StandingRow | undefined): number {
  if (!row) return 1;
  const { span, stalePenalty } = T.standing;
  const lift = Math.max(-1, Math.min(1, (Number(row.confidence) - BASE_CONFIDENCE) / (1 - BASE_CONFIDENCE)));
  const stale = standingDto({ version: "", standing: row }, new Date(0), new Date(0)).freshness.reasons.some((r) => r !== "age");
  return (1 + span * lift) * (stale ? 1 - stalePenalty : 1);
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
  return Math.max(best.coverage, T.unionFactor * unionShare);
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
