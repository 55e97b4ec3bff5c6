// The trigram index over resource names (migration 20261206000000_resource_name_index): what "did
// you mean" reads instead of every name. SQLite FTS5 with the trigram tokenizer.
import { getSqlite } from "../db";

/** How many resources' names hold each trigram (absent ones are left out). */
export function countNameGrams(grams: string[]): Map<string, number> {
  const rows = getSqlite()
    .prepare(/* sql */ `SELECT term, doc FROM resource_name_gram_vocab WHERE term IN (SELECT value FROM json_each(?))`)
    .all(JSON.stringify(grams)) as { term: string; doc: number }[];
  return new Map(rows.map((r) => [r.term, r.doc]));
}

/**
 * Up to `max` names holding the trigram, in index order (no ranking: the walk stops at the limit, so
 * a trigram in half the names costs what a rare one does); only resources with a published report
 * unless `anyStatus` (the console also knows held-only ones).
 */
export function findNamesByGram(gram: string, max: number, anyStatus = false): string[] {
  const rows = getSqlite()
    .prepare(
      /* sql */ `SELECT r.name FROM (
         SELECT rowid AS id FROM resource_name_grams WHERE resource_name_grams MATCH @match LIMIT @max) g
       JOIN resources r ON r.rowid = g.id
       WHERE ${anyStatus ? "EXISTS (SELECT 1 FROM experiences e WHERE e.resource_key = r.key)" : "r.experience_count > 0"}`,
    )
    .all({ match: `"${gram.replace(/"/g, '""')}"`, max }) as { name: string }[];
  return rows.map((r) => r.name);
}

/** Names whose key starts with `prefix` (names too short for a trigram), most reporters first. */
export function findNamesByPrefix(prefix: string, max: number, anyStatus = false): string[] {
  const rows = getSqlite()
    .prepare(
      /* sql */ `SELECT r.name FROM resources r
       WHERE r.key >= @prefix AND r.key < @prefix || char(1114111)
         AND ${anyStatus ? "EXISTS (SELECT 1 FROM experiences e WHERE e.resource_key = r.key)" : "r.experience_count > 0"}
       LIMIT @max`,
    )
    .all({ prefix, max }) as { name: string }[];
  return rows.map((r) => r.name);
}
