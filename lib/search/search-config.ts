// The tunable numbers of the ranking and of the confidence gate, in one place, and the switches
// that turn the engine's knowledge off for measurement (npm run eval -- --off lexicon,gate): a
// figure says what each part is worth only when it can be measured without it.

export const SEARCH_TUNING = {
  /** Relevant experiences shown per resource; per weak lead, fewer (its best report says most). */
  relevantPerGroup: 5,
  relevantPerWeakLead: 3,
  gate: {
    // The best resource must hold this share of the query's weight (rare words weigh most).
    minCoverage: 0.55,
    // A task spelled out at length is more of the agent's own phrasing, which no report shares:
    // past longQuery words, each further word lowers the share needed, down to a floor.
    longQuery: 6,
    coveragePerWord: 0.04,
    minCoverageLong: 0.35,
    // A resource that covers less can still be the answer when it clearly stands out: no other
    // resource comes close (an unanswerable task tends to touch many resources a little).
    minCoverageClear: 0.4,
    clearLead: 0.35,
    // One shared word never makes a resource clearly the answer, however rare the word.
    clearMinWords: 2,
    // Several shared words are evidence on their own, whatever share of a long query they make.
    broadMinWords: 5,
    minCoverageBroad: 0.3,
  },
  // One report may name the tool and another the language: their union counts, discounted.
  unionFactor: 0.9,
  // Results far weaker than the best one are noise, not alternatives.
  minRelative: 0.3,
  minCoverageTail: 0.25,
  // A weak lead (confidence "low") must share a content word with the task (not only generic or
  // soft ones) and hold at least this share of the query's weight; otherwise the answer is "none".
  minCoverageLead: 0.1,
  // Weak leads are for an agent to read in a second, not a page to scroll: at most this many.
  maxWeakLeads: 5,
  // Further relevant experiences of the same resource add a little evidence.
  supportFactor: 0.1,
  // A report scored 1 or 2 on this very task ranks a little below one that worked.
  failedRowPenalty: 0.25,
  verdict: {
    // A resource's experiences match the task when they are at least this relevant next to its best.
    matchingRelative: 0.6,
    // Average score of the matching experiences: at most failedAtMost is "failed", at least
    // workedAtLeast "worked", "mixed" between.
    failedAtMost: 2,
    workedAtLeast: 3.5,
    // A resource whose matching reports say it failed ranks as if this much less relevant, and is
    // not first while one that did not fail matches the task comparably (comparableRelevance of
    // its relevance): a low score says what did not work, not that the report is off the task.
    failedFactor: 0.8,
    comparableRelevance: 0.7,
    mixedFactor: 0.95,
  },
  // Bayesian average: a resource starts as priorCount reviews of priorMean; it reorders resources
  // of similar relevance by at most +-priorSpan.
  prior: { mean: 3, count: 5, span: 0.04 },
  // What other agents' verdicts say of a report (lib/verdicts) reorders reports and resources of
  // similar relevance, like the prior: its confidence above or below a lone report's (the Wilson
  // bound of the report alone) moves it by up to +-span, and stale by version or by flags costs
  // stalePenalty. Age alone does not: an old report nobody contradicted is not worse than a new one
  // for ranking (it is marked stale in the answer), and a report without verdicts is exactly neutral,
  // so corpora without verdicts (the eval's) rank as before.
  standing: { span: 0.04, stalePenalty: 0.03 },
  // Where reads are round trips (PostgreSQL), the reports of the resources that can be shown are read
  // with the resources, when they are at most this many times the answer's limit (search-experiences.ts).
  prefetchAtMost: 2,
} as const;

export type SearchSwitches = {
  /** The curated bilingual concept lexicon (lexicon.json). */
  lexicon: boolean;
  /** The general word lists: CC-CEDICT translations, WordNet synonyms, everyday-word ranks. */
  wordLists: boolean;
  /** The confidence gate; off, every answer with leads is "high". */
  gate: boolean;
};

export const SWITCH_NAMES = ["lexicon", "wordlists", "gate"] as const;

const ALL_ON: SearchSwitches = { lexicon: true, wordLists: true, gate: true };

/** KNOWHUB_SEARCH_OFF: a comma list of parts to turn off (measurement only; empty in production). */
export function readSearchSwitches(env: Record<string, string | undefined> = process.env): SearchSwitches {
  const raw = (env.KNOWHUB_SEARCH_OFF ?? "").trim();
  if (!raw) return ALL_ON;
  const names = raw.split(",").map((s) => s.trim().toLowerCase()).filter(Boolean);
  const unknown = names.filter((n) => !(SWITCH_NAMES as readonly string[]).includes(n));
  if (unknown.length) {
    throw new Error(`KNOWHUB_SEARCH_OFF has unknown parts: ${unknown.join(", ")} (known: ${SWITCH_NAMES.join(", ")})`);
  }
  return { lexicon: !names.includes("lexicon"), wordLists: !names.includes("wordlists"), gate: !names.includes("gate") };
}

let current: SearchSwitches | null = null;

export function searchSwitches(): SearchSwitches {
  current ??= readSearchSwitches();
  return current;
}

/** For the in-process eval and tests: set the switches (null: back to the environment's). */
export function setSearchSwitches(switches: SearchSwitches | null): void {
  current = switches;
}

let gateScale = 1;

/**
 * The gate's coverage thresholds are multiplied by this (1 in production). The eval sweeps it to
 * draw the frontier of abstention against false abstention (npm run eval -- --frontier).
 */
export function currentGateScale(): number {
  return gateScale;
}

export function setGateScale(scale: number): void {
  gateScale = scale;
}

/** A short signature for cache keys: answers under different switches differ. */
export function switchesKey(s: SearchSwitches = searchSwitches()): string {
  return `${+s.lexicon}${+s.wordLists}${+s.gate}${gateScale === 1 ? "" : `@${gateScale}`}`;
}
