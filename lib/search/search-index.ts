// The search index as the search pipeline sees it: everything plan.ts, candidates.ts and
// search-experiences.ts read from a database, and nothing else. Planning, candidate selection,
// scoring and the gate are the same code on every engine; only an implementation of this interface
// is engine-specific (search-index-sqlite.ts over FTS5, search-index-pg.ts over a tsvector column).
// Every read is async, so an engine with a network between it and the app can serve it; the SQLite
// one answers synchronously inside.
import type { ExperienceRow } from "../experiences/serialize";
import type { ResourceRow } from "../resources/serialize";
import type { StandingRow } from "../verdicts/repo";

/** What ranking needs of an experience: the analyzed fields, not the text shown to the agent. */
export type CandidateRow = {
  id: number;
  resourceKey: string;
  score: number;
  /** Who this report speaks for: `k:<key id>`, or `e:<id>` for a report without a key (as resource_votes). */
  reporter: string;
  sName: string;
  sTask: string;
  sTips: string;
  sOutcome: string;
};

/**
 * A phrase: the analyzer's tokens (lib/text/analyze.ts), taken verbatim, one space apart. A row holds
 * it when the tokens stand next to each other in this order within one of its fields; a phrase of
 * one token is a term.
 */
export type Phrase = string;
/** Rows holding at least one of these phrases (a query word and its other forms). */
export type AnyOf = readonly Phrase[];
/** Rows holding something of every AnyOf. */
export type AllOf = readonly AnyOf[];
/**
 * Rows matching at least one AllOf: an OR of ANDs of ORs, the shape of every candidate query
 * (the AND of a query's words, the pool of two-of-three, the OR of the selective words).
 */
export type TermQuery = readonly AllOf[];

export interface SearchIndex {
  /**
   * What cached search state (document frequencies, answers) belongs to: the open database. Two
   * indexes over one database may share it; two databases never do.
   */
  readonly scope: object;
  /**
   * Whether each read is a round trip to a server (PostgreSQL), so that independent reads should go
   * out together; SQLite answers in-process, and reads there stay one after another.
   */
  readonly concurrentReads?: boolean;
  /**
   * Changes whenever anything search reads (experiences, resources) was written, by any connection
   * or process. The answer cache and the planner's cached zeros are dropped when it moves.
   */
  generation(): Promise<string>;
  /** Number of searchable (published) experiences. */
  countIndexed(): Promise<number>;
  /**
   * Per term (one token), the number of searchable experiences holding it; 0 for an absent term.
   * One call per batch: a query's planning asks twice, whatever its number of words and forms.
   */
  documentFrequencies(terms: readonly string[]): Promise<Map<string, number>>;
  /**
   * Up to `max` experiences matching `query`, the best by a full-text rank first (bm25 on SQLite):
   * the rank only chooses which rows enter the bounded set, the final ranking is score.ts's. With a
   * category, only its resources' rows, filtered before the limit.
   */
  findRanked(query: TermQuery, category: string, max: number): Promise<CandidateRow[]>;
  /** Up to `max` newest experiences (id descending) matching `query` with an id below `below`, unranked. */
  findNewest(query: TermQuery, category: string, max: number, below?: number): Promise<CandidateRow[]>;
  /** The experiences to show, by id. */
  findExperiences(ids: readonly number[]): Promise<Map<number, ExperienceRow>>;
  /** The resources to show, by key. */
  findResources(keys: readonly string[]): Promise<Map<string, ResourceRow>>;
  /**
   * What verdicts say of these experiences (their standing rows, lib/verdicts; absent without one): ranking
   * prefers confirmed and fresh reports among equally relevant ones, and the answer shows it.
   */
  findStanding(ids: readonly number[]): Promise<Map<number, StandingRow>>;
}
