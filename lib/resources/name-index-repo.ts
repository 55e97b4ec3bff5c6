// The trigram index over resource names: what "did you mean" reads instead of every name. On SQLite
// FTS5 with the trigram tokenizer (migration 20261206000000_resource_name_index) and its vocab
// table; on PostgreSQL pg_trgm's GIN index over resources.name (resources_name_trgm_idx), which
// answers a case-insensitive substring match (ILIKE '%gram%') from the index.
import { db } from "../db";
import { sqlFunctions } from "../db-sql";

function likePattern(gram: string): string {
  return `%${gram.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const ANY_STATUS = /* sql */ `EXISTS (SELECT 1 FROM experiences e WHERE e.resource_key = r.key)`;

/** How many resources' names hold each trigram (absent ones are left out). */
export async function countNameGrams(grams: string[]): Promise<Map<string, number>> {
  if (db().engine === "sqlite") {
    const rows = await db().all<{ term: string; doc: number }>(/* sql */ `SELECT term, doc FROM resource_name_gram_vocab WHERE term IN (?)`, [grams]);
    return new Map(rows.map((r) => [r.term, r.doc]));
  }
  const counts = new Map<string, number>();
  for (const gram of grams) {
    const row = await db().get<{ n: number }>(/* sql */ `SELECT COUNT(*) AS n FROM resources WHERE name ILIKE ?`, [likePattern(gram)]);
    if (row && row.n > 0) counts.set(gram, row.n);
  }
  return counts;
}

/**
 * Up to `max` names holding the trigram, in index order (no ranking: the walk stops at the limit, so
 * a trigram in half the names costs what a rare one does); only resources with a published report
 * unless `anyStatus` (the console also knows held-only ones).
 */
export async function findNamesByGram(gram: string, max: number, anyStatus = false): Promise<string[]> {
  const status = anyStatus ? ANY_STATUS : "r.experience_count > 0";
  const rows =
    db().engine === "sqlite"
      ? await db().all<{ name: string }>(
          /* sql */ `SELECT r.name FROM (
             SELECT rowid AS id FROM resource_name_grams WHERE resource_name_grams MATCH @match LIMIT @max) g
           JOIN resources r ON r.rowid = g.id
           WHERE ${status}`,
          { match: `"${gram.replace(/"/g, '""')}"`, max },
        )
      : await db().all<{ name: string }>(/* sql */ `SELECT r.name FROM resources r WHERE r.name ILIKE @pattern AND ${status} LIMIT @max`, {
          pattern: likePattern(gram),
          max,
        });
  return rows.map((r) => r.name);
}

/** Names whose key starts with `prefix` (names too short for a trigram), most reporters first. */
export async function findNamesByPrefix(prefix: string, max: number, anyStatus = false): Promise<string[]> {
  const { chr } = sqlFunctions(db().engine);
  const rows = await db().all<{ name: string }>(
    /* sql */ `SELECT r.name FROM resources r
     WHERE r.key >= @prefix AND r.key < @prefix || ${chr}(1114111)
       AND ${anyStatus ? ANY_STATUS : "r.experience_count > 0"}
     LIMIT @max`,
    { prefix, max },
  );
  return rows.map((r) => r.name);
}
