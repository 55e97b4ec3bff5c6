// The only file that touches content_search and content_terms (migration
// 20261223000000_content_search): what content search reads, and the rows the app writes for it.
// The SQL is the same on both engines (plain tables, no FTS5 or tsvector), so both give the same
// candidates in the same order.
import { db } from "../db";

export type ContentIndexState = { id: string; rootId: string; title: string; body: string; revision: number; indexed: number | null; analyzer: string | null };

export type ContentSearchWrite = {
  contentId: string;
  resourceKey: string;
  revision: number;
  analyzer: string;
  searchPath: string;
  searchTitle: string;
  searchBody: string;
};

/** What scoring reads of a candidate: its analyzed fields. */
export type ContentSearchRow = { contentId: string; resourceKey: string; searchPath: string; searchTitle: string; searchBody: string };

/** What a hit shows: the node's visible text. */
export type ContentHitRow = { id: string; rootId: string; title: string; body: string };

/** A query word's lookup tokens and its weight in thousandths (integers add up alike on both engines). */
export type ContentTermGroup = { tokens: string[]; weight: number };

export type ContentScope = { category: string; resourceKey: string };

/** A node's visible text with the state of its index row (null: none). */
export async function findContentIndexState(id: string): Promise<ContentIndexState | null> {
  return (
    (await db().get<ContentIndexState>(
      /* sql */ `SELECT c.id, c.root_id AS "rootId", c.title, c.body, c.revision, s.revision AS indexed, s.analyzer
       FROM contents c LEFT JOIN content_search s ON s.content_id = c.id WHERE c.id = ?`,
      [id],
    )) ?? null
  );
}

// Terms per INSERT: two parameters each, well under either engine's limit.
const TERMS_PER_STATEMENT = 400;

/** Replaces a node's index row and terms (call inside transaction()). */
export async function writeContentSearch(row: ContentSearchWrite, terms: string[]): Promise<void> {
  await deleteContentSearch(row.contentId);
  await db().run(
    /* sql */ `INSERT INTO content_search (content_id, resource_key, revision, analyzer, search_path, search_title, search_body)
     VALUES (@contentId, @resourceKey, @revision, @analyzer, @searchPath, @searchTitle, @searchBody)`,
    row,
  );
  for (let at = 0; at < terms.length; at += TERMS_PER_STATEMENT) {
    const chunk = terms.slice(at, at + TERMS_PER_STATEMENT);
    await db().run(
      /* sql */ `INSERT INTO content_terms (term, content_id) VALUES ${chunk.map(() => "(?, ?)").join(", ")}`,
      chunk.flatMap((term) => [term, row.contentId]),
    );
  }
}

/** Removes a node's index row (its terms go with it: trigger content_terms_gone). */
export async function deleteContentSearch(id: string): Promise<void> {
  await db().run(/* sql */ `DELETE FROM content_search WHERE content_id = ?`, [id]);
}

/** Visible nodes after `afterId` whose index row is missing, of another revision or of another analyzer. */
export async function listContentIdsToIndex(afterId: string, analyzer: string, limit: number): Promise<string[]> {
  const rows = await db().all<{ id: string }>(
    /* sql */ `SELECT c.id FROM contents c LEFT JOIN content_search s ON s.content_id = c.id
     WHERE c.revision > 0 AND c.id > @afterId AND (s.content_id IS NULL OR s.revision <> c.revision OR s.analyzer <> @analyzer)
     ORDER BY c.id LIMIT @limit`,
    { afterId, analyzer, limit },
  );
  return rows.map((r) => r.id);
}

/** Index rows of nodes no longer visible (none while the triggers stand; a safety sweep). Returns how many. */
export async function deleteInvisibleContentSearch(): Promise<number> {
  return db().run(
    /* sql */ `DELETE FROM content_search WHERE content_id NOT IN (SELECT id FROM contents WHERE revision > 0)`,
  );
}

export async function countContentIndexed(): Promise<number> {
  return Number((await db().get<{ n: number }>(/* sql */ `SELECT COUNT(*) AS n FROM content_search`))?.n ?? 0);
}

/** Per term, how many indexed nodes hold it (absent terms are left out). */
export async function findContentTermCounts(terms: readonly string[]): Promise<Map<string, number>> {
  if (terms.length === 0) return new Map();
  const rows = await db().all<{ term: string; n: number }>(
    /* sql */ `SELECT term, COUNT(*) AS n FROM content_terms WHERE term IN (@terms) GROUP BY term`,
    { terms: [...terms] },
  );
  return new Map(rows.map((r) => [r.term, Number(r.n)]));
}

/**
 * Up to `max` indexed nodes holding a token of at least one group, by the summed weight of the
 * groups they hold, then by id (code point order on both engines): one statement. A scope keeps
 * only its resource's nodes, or its category's resources' nodes, before the limit. The weights are
 * whole numbers written into the statement (never text from a request), so both engines add them
 * up exactly.
 */
export async function findContentCandidates(groups: ContentTermGroup[], scope: ContentScope, max: number): Promise<string[]> {
  const used = groups.filter((g) => g.tokens.length > 0);
  if (used.length === 0) return [];
  const params: Record<string, unknown> = { max, all: [...new Set(used.flatMap((g) => g.tokens))] };
  used.forEach((g, i) => (params[`g${i}`] = g.tokens));
  const which = used.map((_, i) => `WHEN t.term IN (@g${i}) THEN ${i}`).join(" ");
  const weight = used.map((g, i) => `WHEN ${i} THEN ${Math.max(1, Math.round(g.weight))}`).join(" ");
  let filter = "";
  if (scope.resourceKey) {
    filter = /* sql */ `JOIN content_search s ON s.content_id = m.content_id AND s.resource_key = @key`;
    params.key = scope.resourceKey;
  } else if (scope.category) {
    // The category's resources by their loose key (looseResourceKey: spaces, hyphens, underscores
    // and dots dropped; a key holds no other whitespace), as a content root names its resource.
    filter = /* sql */ `JOIN content_search s ON s.content_id = m.content_id
      JOIN resources r ON r.category = @category
        AND replace(replace(replace(replace(r.key, ' ', ''), '-', ''), '_', ''), '.', '') = s.resource_key`;
    params.category = scope.category;
  }
  const rows = await db().all<{ id: string }>(
    /* sql */ `SELECT m.content_id AS id, SUM(CASE m.grp ${weight} ELSE 0 END) AS hits
     FROM (SELECT DISTINCT t.content_id, CASE ${which} END AS grp FROM content_terms t WHERE t.term IN (@all)) m
     ${filter}
     GROUP BY m.content_id
     ORDER BY hits DESC, m.content_id
     LIMIT @max`,
    params,
  );
  return rows.map((r) => r.id);
}

/** The analyzed fields of these nodes. */
export async function findContentSearchRows(ids: readonly string[]): Promise<ContentSearchRow[]> {
  if (ids.length === 0) return [];
  return db().all<ContentSearchRow>(
    /* sql */ `SELECT content_id AS "contentId", resource_key AS "resourceKey", search_path AS "searchPath",
       search_title AS "searchTitle", search_body AS "searchBody"
     FROM content_search WHERE content_id IN (@ids)`,
    { ids: [...ids] },
  );
}

/** The visible text of these nodes. */
export async function findContentHits(ids: readonly string[]): Promise<ContentHitRow[]> {
  if (ids.length === 0) return [];
  return db().all<ContentHitRow>(
    /* sql */ `SELECT c.id, c.root_id AS "rootId", c.title, c.body
     FROM contents c JOIN content_search s ON s.content_id = c.id AND s.revision = c.revision
     WHERE c.id IN (@ids) AND c.revision > 0`,
    { ids: [...ids] },
  );
}

/** Resources with published reports among these keys: key and name. */
export async function findResourceNames(keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db().all<{ key: string; name: string }>(
    /* sql */ `SELECT key, name FROM resources WHERE key IN (@keys) AND experience_count > 0`,
    { keys: [...keys] },
  );
  return new Map(rows.map((r) => [r.key, r.name]));
}
