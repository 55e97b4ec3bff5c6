// The numbers of confirmations, flags and freshness (docs/architecture.md "Confirmations, flags and
// freshness"), in one place. The ranking's use of them is in lib/search/search-config.ts (standing).

export const VERDICT_TUNING = {
  confidence: {
    /** 95% two-sided normal quantile: the Wilson interval's z. */
    z: 1.959964,
    /** The report itself counts as this many positive observations (its author says it worked, or how). */
    reportWeight: 1,
    /** Flag reasons that count against the report ("stale" is about time, "duplicate" about another report). */
    negativeReasons: ["incorrect", "unsafe", "spam"] as readonly string[],
  },
  reliability: {
    /**
     * A flagger's weight is (upheld + prior) / (decided + prior), at most 1: a key with no decided
     * flags weighs 1, each dismissed flag lowers it (one of one: 2/3; three of three: 2/5).
     */
    prior: 2,
  },
  freshness: {
    /** No confirmation (nor the report itself) within this many days: stale by age. */
    maxAgeDays: 365,
    /** Stale flags newer than the last confirmation, weighed by their flaggers' reliability, at least this: stale. */
    staleFlagWeight: 2,
  },
  /** Flag reasons that enter the moderation queue (a maintainer upholds or dismisses them). */
  queuedReasons: ["unsafe", "spam"] as readonly string[],
} as const;
