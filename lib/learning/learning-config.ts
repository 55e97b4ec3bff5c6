// The numbers of learning from use (docs/architecture.md, "Learning from use"): one typed config.
export const LEARNING_TUNING = {
  /**
   * Distinct keys that must agree (each searched a close phrasing, got no confident answer for the
   * resource, and reported it citing that search) before a link answers. Three: two colluding keys
   * (or one operator with two keys) cannot teach alone; one key writing many times counts once.
   */
  minKeys: 3,
  /** A write teaches only within this long after the search it cites (an agent reports the same day). */
  windowMs: 24 * 60 * 60 * 1000,
  /**
   * Jaccard similarity of two phrasings' analyzed term sets from which they are one phrasing: both
   * for grouping evidence and for a later query to be answered by a link. 0.6: "extract tables
   * from scanned pdf" meets "pull tables out of scanned pdfs" (3 of 5 terms) and "extract tables
   * from a scanned pdf file" (4 of 5), not "pdf tables" (2 of 4).
   */
  similarity: 0.6,
  /**
   * A cited search not yet in the log (logs are written in background batches, by whichever server
   * took the search) is looked for again until the write is this old; then the write is judged
   * without it (it teaches nothing). Later cited writes wait behind it, so evidence keeps its order.
   */
  graceMs: 2 * 60 * 1000,
  /** Cited writes judged per learning step (one transaction). */
  batch: 200,
  /** Learned links answering one search at most. */
  maxLinksPerAnswer: 2,
  /** Delay of the background step after a cited write (the search log's own flush is 500 ms). */
  runAfterMs: 700,
} as const;
