// The tunable numbers of the near-duplicate check (near-duplicate.ts), in one place. The threshold
// was chosen on the tuning half of test/near-duplicates/pairs.json only; `npm run bench:near-dup`
// prints the figures on the held-out half, which near-duplicate.test.ts pins as a floor.

export type NearDuplicateConfig = {
  /**
   * k of the bottom-k MinHash sketch per field: fields with fewer distinct terms are compared
   * exactly; longer ones are estimated with a standard error of about sqrt(J(1-J)/k), 0.035 at J=0.2.
   */
  permutations: number;
  /** Seed of the term hash: fixed, so every process and engine computes one signature. */
  seed: number;
  /**
   * A report folds into a published one of the same resource when min(task similarity, tips
   * similarity) reaches this. Min, not a mix: the same tip for another task, or the same task with
   * another tip, is a report worth keeping, and only a match on both fields says the same thing.
   */
  threshold: number;
  /**
   * Only a report whose score is within this of the earlier one's folds into it: the hint says
   * "confirm that one", which a 1/5 "it failed" must not be turned into for a 5/5 "it worked" with
   * the same words; disagreement is worth a report (and a vote) of its own.
   */
  maxScoreGap: number;
  /** Map each word to its concept in the bilingual lexicon (lexicon.json) so translations meet. */
  lexicon: boolean;
  /** Bump when anything above (or the hashing) changes: stored signatures of another version are recomputed. */
  version: string;
};

export const NEAR_DUPLICATE_CONFIG: NearDuplicateConfig = {
  permutations: 128,
  seed: 0x5eed_2118,
  threshold: 0.2,
  maxScoreGap: 1,
  lexicon: true,
  version: "1",
};
