// The only file that touches the database for resources and their aggregates.
import { db, transaction } from "../db";
import { sqlFunctions } from "../db-sql";
import { toDbTime } from "../db-time";
import type { ExperienceRow } from "../experiences/serialize";
import type { ResourceFilters, ResourceSort } from "./schema";
import type { ResourceRow } from "./serialize";

const RESOURCE_COLUMNS = /* sql */ `key, name, url, category, experience_count AS "experienceCount",
  reporter_count AS "reporterCount", score_sum AS "scoreSum", score_1 AS score1, score_2 AS score2, score_3 AS score3, score_4 AS score4,
  score_5 AS score5, first_seen AS "firstSeen", last_seen AS "lastSeen"`;

const EXPERIENCE_COLUMNS = /* sql */ `id, name, url, category, task, score, outcome, tips,
  content_id AS "contentId", submitted_by AS "submittedBy", key_id AS "keyId", key_label AS "keyLabel", status, created_at AS "createdAt", updated_at AS "updatedAt"`;

/** The resource row under `key`, with or without published reports (a held report's resource has none yet). */
export async function findResourceByKey(key: string): Promise<ResourceRow | null> {
  const row = await db().get<ResourceRow>(/* sql */ `SELECT ${RESOURCE_COLUMNS} FROM resources WHERE key = ?`, [key]);
  return row ?? null;
}

/** The resource under `key` if it has published reports (what the public sees). */
export async function findResource(key: string): Promise<ResourceRow | null> {
  const row = await findResourceByKey(key);
  return row && Number(row.experienceCount) > 0 ? row : null;
}

/** Position after the last row of a page, in the sort's own order. */
export type ExperienceCursor = { score: number; createdAt: string; id: number };

const ORDER: Record<ResourceSort, { orderBy: string; after: string }> = {
  newest: { orderBy: "created_at DESC, id DESC", after: "(created_at, id) < (@createdAt, @id)" },
  best: {
    orderBy: "score DESC, created_at DESC, id DESC",
    after: "(score, created_at, id) < (@score, @createdAt, @id)",
  },
  worst: {
    orderBy: "score ASC, created_at DESC, id DESC",
    after: "(score > @score OR (score = @score AND (created_at, id) < (@createdAt, @id)))",
  },
};

// Outcome by score (RESOURCE_OUTCOMES): the same cut the task verdict makes of an average.
const OUTCOME_SQL = { worked: "score >= 4", mixed: "score = 3", failed: "score <= 2" } as const;

/**
 * The filters as SQL conditions over one resource's published rows and their parameters. Each is a
 * plain condition on a row, so the (resource_key, status, created_at) index bounds the scan and a
 * keyset cursor keeps working under any combination.
 */
function filterSql(f: ResourceFilters): { where: string; params: Record<string, string | number> } {
  const where: string[] = [];
  const params: Record<string, string | number> = {};
  if (f.outcome) where.push(OUTCOME_SQL[f.outcome]);
  if (f.min_score > 1) {
    where.push("score >= @minScore");
    params.minScore = f.min_score;
  }
  // Verified: an API key wrote it (ExperienceDto.verified).
  if (f.verified) where.push("key_id <> ''");
  if (f.version) {
    where.push("version = @version");
    params.version = f.version;
  }
  // Days are UTC; times compare as the stored ISO text on SQLite and as timestamps on PostgreSQL.
  if (f.since) {
    where.push("created_at >= @since");
    params.since = `${f.since}T00:00:00.000+00:00`;
  }
  if (f.until) {
    where.push("created_at < @until");
    params.until = toDbTime(new Date(Date.parse(`${f.until}T00:00:00Z`) + 86_400_000));
  }
  return { where: where.map((w) => ` AND ${w}`).join(""), params };
}

/**
 * One page of a resource's published reports passing the filters. `only`: just these ids (the
 * reports matching a task, at most a page of them); `except`: not these (the same ids, listed
 * apart above the others).
 */
export async function listResourceExperiences(
  key: string,
  sort: ResourceSort,
  limit: number,
  cursor: ExperienceCursor | null,
  filters: ResourceFilters,
  { only, except }: { only?: number[]; except?: number[] } = {},
): Promise<ExperienceRow[]> {
  const order = ORDER[sort];
  const f = filterSql(filters);
  const ids = only ? (only.length > 0 ? " AND id IN (@only)" : " AND FALSE") : except && except.length > 0 ? " AND id NOT IN (@except)" : "";
  const sql = /* sql */ `SELECT ${EXPERIENCE_COLUMNS} FROM experiences
    WHERE resource_key = @key AND status = 'published'${f.where}${ids} ${cursor ? `AND ${order.after}` : ""}
    ORDER BY ${order.orderBy} LIMIT @limit`;
  return await db().all<ExperienceRow>(sql, { key, limit, ...f.params, ...(only?.length ? { only } : {}), ...(except?.length ? { except } : {}), ...(cursor ?? {}) });
}

/**
 * What the resource's reports say they used it for when no maintainer wrote a description: the
 * tasks of its newest reports, one per reporter, shortest first (a task is often a sentence).
 */
export async function listRecentTasks(key: string, limit: number, window = 50): Promise<string[]> {
  const rows = await db().all<{ task: string }>(/* sql */ `SELECT task FROM (
       SELECT task, created_at, id, ROW_NUMBER() OVER (PARTITION BY CASE WHEN key_id = '' THEN 'e:' || id ELSE 'k:' || key_id END
                                                  ORDER BY created_at DESC, id DESC) AS position
       FROM (SELECT * FROM experiences WHERE resource_key = @key AND status = 'published' ORDER BY created_at DESC, id DESC LIMIT @window) AS newest) AS ranked
     WHERE position = 1 ORDER BY created_at DESC, id DESC LIMIT @limit`, { key, limit, window });
  return rows.map((r) => r.task);
}

export async function findResourceDescription(key: string): Promise<string> {
  return (await db().get<{ description: string }>(/* sql */ `SELECT description FROM resources WHERE key = ?`, [key]))?.description ?? "";
}

export async function setResourceDescription(key: string, description: string): Promise<void> {
  await db().run(/* sql */ `UPDATE resources SET description = ? WHERE key = ?`, [description, key]);
}

/**
 * Content nodes linked to a resource: those its experiences cite, and the root named like it; only
 * visible ones (a node without a published revision, revision 0, is absent for the public).
 */
export async function listResourceContents(key: string): Promise<{ id: string; title: string }[]> {
  return await db().all<{ id: string; title: string }>(/* sql */ `SELECT c.id, c.title FROM contents c
       WHERE (c.id IN (SELECT DISTINCT content_id FROM experiences
                       WHERE resource_key = @key AND status = 'published' AND content_id <> '')
              OR c.id = @key)
         AND c.revision > 0
       ORDER BY c.id`, { key });
}

export async function listCategories(): Promise<{ category: string; resourceCount: number; experienceCount: number }[]> {
  return await db().all<{ category: string; resourceCount: number; experienceCount: number }>(/* sql */ `SELECT category, COUNT(*) AS "resourceCount", SUM(experience_count) AS "experienceCount"
       FROM resources WHERE experience_count > 0
       GROUP BY category ORDER BY SUM(reporter_count) DESC, category`);
}

// ---- Read models for the browsing pages (home and categories). ----

export type SiteCountsRow = { resourceCount: number; experienceCount: number; contentCount: number };

export async function countEverything(): Promise<SiteCountsRow> {
  return (await db().get<SiteCountsRow>(/* sql */ `SELECT
         (SELECT COUNT(*) FROM resources WHERE experience_count > 0) AS "resourceCount",
         (SELECT COUNT(*) FROM experiences WHERE status = 'published') AS "experienceCount",
         (SELECT COUNT(*) FROM contents WHERE revision > 0) AS "contentCount"`))!;
}

// Lists that rank resources by how much is said of them count reporters (one key, one voice), not
// reports, and break ties by name: a flood from one key must not move its resource up a list.

/**
 * Resources by Bayesian average: each starts as `priorCount` reviews of `priorMean`, so one
 * lucky 5 does not outrank fifty solid 4s.
 */
export async function listBestRatedResources(limit: number, priorMean: number, priorCount: number): Promise<ResourceRow[]> {
  return await db().all<ResourceRow>(/* sql */ `SELECT ${RESOURCE_COLUMNS} FROM resources WHERE experience_count > 0
       ORDER BY (score_sum + @priorMean * @priorCount) * 1.0 / (reporter_count + @priorCount) DESC,
                reporter_count DESC, key
       LIMIT @limit`, { limit, priorMean, priorCount });
}

/** Resources with the most distinct reporters. */
export async function listMostReportedResources(limit: number): Promise<ResourceRow[]> {
  return await db().all<ResourceRow>(/* sql */ `SELECT ${RESOURCE_COLUMNS} FROM resources WHERE experience_count > 0
       ORDER BY reporter_count DESC, key LIMIT ?`, [limit]);
}

/**
 * The newest published experiences, one per reporter (a key's newest; a report without a key is a
 * reporter of its own), so one key's flood shows as one line. Read from a bounded window of the
 * newest reports: a key that wrote all of them shows once, and the list is then shorter.
 */
export async function listLatestExperiences(limit: number, window = limit * 20): Promise<ExperienceRow[]> {
  return await db().all<ExperienceRow>(/* sql */ `SELECT ${EXPERIENCE_COLUMNS} FROM (
         SELECT *, ROW_NUMBER() OVER (PARTITION BY CASE WHEN key_id = '' THEN 'e:' || id ELSE 'k:' || key_id END
                                      ORDER BY created_at DESC, id DESC) AS position
         FROM (SELECT * FROM experiences WHERE status = 'published' ORDER BY created_at DESC, id DESC LIMIT @window) AS newest) AS ranked
       WHERE position = 1 ORDER BY created_at DESC, id DESC LIMIT @limit`, { limit, window });
}

/** Every resource grouped by category, at most `perCategory` of each (most reported first). */
/**
 * The most reported resources of each of these categories (a page of the category list), at most
 * `perCategory` each. Reads only the asked categories' rows (resources.category is indexed).
 */
export async function listTopResourcesInCategories(categories: string[], perCategory: number): Promise<ResourceRow[]> {
  if (categories.length === 0) return [];
  return await db().all<ResourceRow>(/* sql */ `SELECT ${RESOURCE_COLUMNS} FROM (
         SELECT *, ROW_NUMBER() OVER (PARTITION BY category ORDER BY reporter_count DESC, key) AS position
         FROM resources WHERE experience_count > 0 AND category IN (?))
       AS ranked WHERE position <= ? ORDER BY category, reporter_count DESC, key`, [categories, perCategory]);
}

/** Position after the last row of a category page: most reporters first, then by key. */
export type CategoryCursor = { reporterCount: number; key: string };

/** One page of a category's resources, most reporters first (keyset: a deep page costs what the first does). */
export async function listCategoryResources(category: string, limit: number, after: CategoryCursor | null): Promise<ResourceRow[]> {
  if (!after) {
    return await db().all<ResourceRow>(/* sql */ `SELECT ${RESOURCE_COLUMNS} FROM resources
         WHERE category = ? AND experience_count > 0 ORDER BY reporter_count DESC, key LIMIT ?`, [category, limit]);
  }
  return await db().all<ResourceRow>(/* sql */ `SELECT ${RESOURCE_COLUMNS} FROM resources
       WHERE category = ? AND experience_count > 0 AND (reporter_count < ? OR (reporter_count = ? AND key > ?))
       ORDER BY reporter_count DESC, key LIMIT ?`, [category, after.reporterCount, after.reporterCount, after.key, limit]);
}

/** One category's totals; null when it has no resource with a published report. */
export async function findCategory(category: string): Promise<{ resourceCount: number; experienceCount: number } | null> {
  const row = await db().get<{ resourceCount: number; experienceCount: number | null }>(/* sql */ `SELECT COUNT(*) AS "resourceCount",
         SUM(experience_count) AS "experienceCount" FROM resources WHERE category = ? AND experience_count > 0`, [category]);
  if (!row || Number(row.resourceCount) === 0) return null;
  return { resourceCount: Number(row.resourceCount), experienceCount: Number(row.experienceCount ?? 0) };
}

// ---- Lookalike names: resources.skeleton (lib/resources/find-lookalike.ts, fill-skeletons.ts). ----

/** Whether the key has a published report: a resource row with none (all held, hidden or moved) is not yet one. */
export async function resourceHasReports(key: string): Promise<boolean> {
  return (await db().get(/* sql */ `SELECT 1 FROM resources WHERE key = ? AND experience_count > 0`, [key])) !== null;
}

/**
 * Other resources with one of these skeletons, most reported first; those with no published report
 * don't count. Bounded: a skeleton is shared by a handful of resources at most.
 */
export async function listResourcesBySkeleton(skeletons: string[], exceptKey: string, limit: number): Promise<{ name: string; key: string; skeleton: string }[]> {
  return await db().all<{ name: string; key: string; skeleton: string }>(/* sql */ `SELECT name, key, skeleton FROM resources
       WHERE skeleton IN (?) AND key <> ? AND experience_count > 0
       ORDER BY experience_count DESC, key LIMIT ?`, [skeletons, exceptKey, limit]);
}

export async function hasResourceWithoutSkeleton(): Promise<boolean> {
  return (await db().get(/* sql */ `SELECT 1 FROM resources WHERE skeleton = '' LIMIT 1`)) !== null;
}

/** Resources whose skeleton is not computed yet, by key after `afterKey` (keyset pages). */
export async function listResourcesWithoutSkeleton(afterKey: string, limit: number): Promise<{ key: string; name: string }[]> {
  return await db().all<{ key: string; name: string }>(/* sql */ `SELECT key, name FROM resources WHERE skeleton = '' AND key > ? ORDER BY key LIMIT ?`, [afterKey, limit]);
}

/** Sets skeletons not set yet, in one transaction; returns how many rows changed. */
export async function setResourceSkeletons(rows: { key: string; skeleton: string }[]): Promise<number> {
  return transaction(async () => {
    let changed = 0;
    for (const row of rows) changed += await db().run(/* sql */ `UPDATE resources SET skeleton = ? WHERE key = ? AND skeleton = ''`, [row.skeleton, row.key]);
    return changed;
  });
}

// ---- Governance: shown url/category, pins, renames, merges, redirects (lib/resources/*-resource*.ts). ----

// A reporter, as in resource_votes: a key ('k:<id>'), or a report written without one ('e:<id>').
const VOTER = /* sql */ `CASE WHEN e.key_id = '' THEN 'e:' || e.id ELSE 'k:' || e.key_id END`;

/**
 * The value of `column` (url or category) given by the most distinct reporters among the resource's
 * published reports, empty values ignored. A tie keeps the value shown now (r.<column>, the
 * incumbent): a newcomer must be given by strictly more reporters than it to replace it, so one
 * report from one more key cannot take over a resource that has a single reporter. Among tied values
 * none of which is shown (the shown one lost its reporters, e.g. its report was hidden), the one
 * first reported wins (created_at, then id): a squatter arriving last never wins a tie either.
 */
function winningValue(column: "url" | "category"): string {
  return /* sql */ `(SELECT value FROM (
      SELECT e.${column} AS value, ${VOTER} AS voter, ROW_NUMBER() OVER (ORDER BY e.created_at, e.id) AS arrival
      FROM experiences e WHERE e.resource_key = r.key AND e.status = 'published' AND e.${column} <> '') AS votes
    GROUP BY value ORDER BY COUNT(DISTINCT voter) DESC, value = r.${column} DESC, MIN(arrival) LIMIT 1)`;
}

// One statement for any number of resources; each resource's subqueries walk its own rows through
// the (resource_key, status, created_at) index. Only rows whose shown values change are written.
function refreshDisplaySql(targets: string): string {
  return /* sql */ `UPDATE resources SET url = shown.url, category = shown.category
    FROM (
      SELECT r.key AS key,
        COALESCE(r.pinned_url, ${winningValue("url")}, '') AS url,
        COALESCE(r.pinned_category, ${winningValue("category")}, '') AS category
      FROM resources r WHERE r.key IN (${targets})
    ) AS shown
    WHERE resources.key = shown.key AND (resources.url <> shown.url OR resources.category <> shown.category)`;
}

/** Sets url and category of these resources to their pins, else to what most reporters gave. */
export async function refreshResourceDisplayRows(keys: string[]): Promise<number> {
  if (keys.length === 0) return 0;
  return await db().run(refreshDisplaySql(/* sql */ `?`), [keys]);
}

/** The same for every resource that has an experience with an id above `afterId` (an import's rows). */
export async function refreshResourceDisplayAfterId(afterId: number): Promise<number> {
  return await db().run(refreshDisplaySql(/* sql */ `SELECT resource_key FROM experiences WHERE id > ?`), [afterId]);
}

/** The largest experience id so far (0 when none): rows written later have larger ids (AUTOINCREMENT). */
export async function lastExperienceId(): Promise<number> {
  return (await db().get<{ id: number }>(/* sql */ `SELECT COALESCE(MAX(id), 0) AS id FROM experiences`))!.id;
}

export async function findResourceDisplay(key: string): Promise<{ url: string; category: string } | null> {
  const row = await db().get<{ url: string; category: string }>(/* sql */ `SELECT url, category FROM resources WHERE key = ?`, [key]);
  return row ?? null;
}

export type ResourceStateRow = ResourceRow & { skeleton: string; pinnedUrl: string | null; pinnedCategory: string | null };

/** A resource row whatever its counts (governance acts on resources whose reports are all held too). */
export async function findResourceState(key: string): Promise<ResourceStateRow | null> {
  const row = await db().get<ResourceStateRow>(/* sql */ `SELECT ${RESOURCE_COLUMNS}, skeleton, pinned_url AS "pinnedUrl", pinned_category AS "pinnedCategory"
       FROM resources WHERE key = ?`, [key]);
  return row ?? null;
}

/** Experiences of every status filed under the key. */
export async function countResourceExperiences(key: string): Promise<number> {
  return (await db().get<{ n: number }>(/* sql */ `SELECT COUNT(*) AS n FROM experiences WHERE resource_key = ?`, [key]))!.n;
}

export async function findRedirect(fromKey: string): Promise<{ toKey: string; createdAt: string } | null> {
  const row = await db().get<{ toKey: string; createdAt: string }>(/* sql */ `SELECT to_key AS "toKey", created_at AS "createdAt" FROM resource_redirects WHERE from_key = ?`, [fromKey]);
  return row ?? null;
}

export async function listRedirectsTo(toKey: string): Promise<{ fromKey: string; fromName: string; createdAt: string }[]> {
  return await db().all<{ fromKey: string; fromName: string; createdAt: string }>(/* sql */ `SELECT d.from_key AS "fromKey", COALESCE(r.name, d.from_key) AS "fromName", d.created_at AS "createdAt"
       FROM resource_redirects d LEFT JOIN resources r ON r.key = d.from_key
       WHERE d.to_key = ? ORDER BY d.created_at DESC, d.from_key`, [toKey]);
}

/**
 * `fromKey` now leads to `toKey`: redirects that led to `fromKey` lead to `toKey` directly (no
 * chains), and `toKey` itself, live again, stops redirecting (no loops).
 */
export async function redirectResource(fromKey: string, toKey: string, at: string): Promise<void> {
  await db().run(/* sql */ `DELETE FROM resource_redirects WHERE from_key = ?`, [toKey]);
  await db().run(/* sql */ `UPDATE resource_redirects SET to_key = ? WHERE to_key = ?`, [toKey, fromKey]);
  await db().run(
    /* sql */ `INSERT INTO resource_redirects (from_key, to_key, created_at) VALUES (?, ?, ?)
     ON CONFLICT (from_key) DO UPDATE SET to_key = excluded.to_key, created_at = excluded.created_at`,
    [fromKey, toKey, at],
  );
}

/**
 * Files every experience of `fromKey` (all statuses) under `toKey`, shown as `name`: the experience
 * triggers move counts, votes and index entries (a key that reported on both resources ends with
 * one vote) and create the target row if missing. Returns how many moved.
 */
export async function moveExperiences(fromKey: string, toKey: string, name: string, searchName: string): Promise<number> {
  return await db().run(/* sql */ `UPDATE experiences SET resource_key = ?, name = ?, search_name = ? WHERE resource_key = ?`, [toKey, name, searchName, fromKey]);
}

/**
 * Makes the row a rename moves to, carrying the old row's history (first and last seen). Only for a
 * key with no experience: a row left from an earlier life (an old name) has zero counts, and its
 * times are replaced.
 */
export async function prepareRenamedResourceRow(key: string, name: string, firstSeen: string, lastSeen: string): Promise<void> {
  await db().run(/* sql */ `INSERT INTO resources (key, name, first_seen, last_seen) VALUES (?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET name = excluded.name, first_seen = excluded.first_seen, last_seen = excluded.last_seen`, [key, name, firstSeen, lastSeen]);
}

/** The merged resource has been seen since either side was. */
export async function widenResourceSeen(key: string, firstSeen: string, lastSeen: string): Promise<void> {
  const { least, greatest } = sqlFunctions(db().engine);
  await db().run(/* sql */ `UPDATE resources SET first_seen = ${least}(first_seen, ?), last_seen = ${greatest}(last_seen, ?) WHERE key = ?`, [firstSeen, lastSeen, key]);
}

export async function setResourceName(key: string, name: string, skeleton: string): Promise<void> {
  await db().run(/* sql */ `UPDATE resources SET name = ?, skeleton = ? WHERE key = ?`, [name, skeleton, key]);
}

export async function setResourcePins(key: string, pinnedUrl: string | null, pinnedCategory: string | null): Promise<void> {
  await db().run(/* sql */ `UPDATE resources SET pinned_url = ?, pinned_category = ? WHERE key = ?`, [pinnedUrl, pinnedCategory, key]);
}

export type DisplayCandidateRow = { field: "url" | "category"; value: string; reporters: number; reports: number; lastReportedAt: string };

/** Every non-empty url and category among the resource's published reports, as the refresh ranks them (winningValue). */
export async function listDisplayCandidates(key: string): Promise<DisplayCandidateRow[]> {
  const candidates = (column: "url" | "category") =>
    db().all<DisplayCandidateRow>(
        /* sql */ `SELECT '${column}' AS field, value, COUNT(DISTINCT voter) AS reporters, COUNT(*) AS reports,
           MAX(created_at) AS "lastReportedAt"
         FROM (SELECT e.${column} AS value, ${VOTER} AS voter, e.created_at,
                 ROW_NUMBER() OVER (ORDER BY e.created_at, e.id) AS arrival
               FROM experiences e WHERE e.resource_key = @key AND e.status = 'published' AND e.${column} <> '') AS votes
         GROUP BY value
         ORDER BY reporters DESC, value = (SELECT ${column} FROM resources WHERE key = @key) DESC, MIN(arrival)`,
      { key },
    );
  return [...await candidates("url"), ...await candidates("category")];
}

export type AdminExperienceRow = {
  id: number; task: string; score: number; url: string; category: string; status: string; statusReason: string;
  keyId: string; keyLabel: string; submittedBy: string; createdAt: string;
};

export async function listResourceExperiencesAnyStatus(key: string, limit: number): Promise<AdminExperienceRow[]> {
  return await db().all<AdminExperienceRow>(/* sql */ `SELECT id, task, score, url, category, status, status_reason AS "statusReason", key_id AS "keyId",
         key_label AS "keyLabel", submitted_by AS "submittedBy", created_at AS "createdAt"
       FROM experiences WHERE resource_key = ? ORDER BY created_at DESC, id DESC LIMIT ?`, [key, limit]);
}

export async function countResourceExperiencesByStatus(key: string): Promise<Record<string, number>> {
  const rows = await db().all<{ status: string; n: number }>(/* sql */ `SELECT status, COUNT(*) AS n FROM experiences WHERE resource_key = ? GROUP BY status ORDER BY status`, [key]);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}
