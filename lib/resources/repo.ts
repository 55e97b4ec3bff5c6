// The only file that touches the database for resources and their aggregates.
import { getSqlite } from "../db";
import type { ExperienceRow } from "../experiences/serialize";
import type { ResourceSort } from "./schema";
import type { ResourceRow } from "./serialize";

const RESOURCE_COLUMNS = /* sql */ `key, name, url, category, experience_count AS experienceCount,
  reporter_count AS reporterCount, score_sum AS scoreSum, score_1 AS score1, score_2 AS score2, score_3 AS score3, score_4 AS score4,
  score_5 AS score5, first_seen AS firstSeen, last_seen AS lastSeen`;

const EXPERIENCE_COLUMNS = /* sql */ `id, name, url, category, task, score, outcome, tips,
  content_id AS contentId, submitted_by AS submittedBy, key_id AS keyId, key_label AS keyLabel, status, created_at AS createdAt, updated_at AS updatedAt`;

export function findResource(key: string): ResourceRow | null {
  const row = getSqlite()
    .prepare(/* sql */ `SELECT ${RESOURCE_COLUMNS} FROM resources WHERE key = ? AND experience_count > 0`)
    .get(key) as ResourceRow | undefined;
  return row ?? null;
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

export function listResourceExperiences(
  key: string,
  sort: ResourceSort,
  limit: number,
  cursor: ExperienceCursor | null,
): ExperienceRow[] {
  const order = ORDER[sort];
  const sql = /* sql */ `SELECT ${EXPERIENCE_COLUMNS} FROM experiences
    WHERE resource_key = @key AND status = 'published' ${cursor ? `AND ${order.after}` : ""}
    ORDER BY ${order.orderBy} LIMIT @limit`;
  return getSqlite()
    .prepare(sql)
    .all({ key, limit, ...(cursor ?? {}) }) as ExperienceRow[];
}

/** Content nodes linked to a resource: those its experiences cite, and the root named like it. */
export function listResourceContents(key: string): { id: string; title: string }[] {
  return getSqlite()
    .prepare(
      /* sql */ `SELECT c.id, c.title FROM contents c
       WHERE c.id IN (SELECT DISTINCT content_id FROM experiences
                      WHERE resource_key = @key AND status = 'published' AND content_id <> '')
          OR c.id = @key
       ORDER BY c.id`,
    )
    .all({ key }) as { id: string; title: string }[];
}

export function listResourceNames(max: number): string[] {
  const rows = getSqlite()
    .prepare(/* sql */ `SELECT name FROM resources WHERE experience_count > 0 ORDER BY experience_count DESC LIMIT ?`)
    .all(max) as { name: string }[];
  return rows.map((r) => r.name);
}

export function listCategories(): { category: string; resourceCount: number; experienceCount: number }[] {
  return getSqlite()
    .prepare(
      /* sql */ `SELECT category, COUNT(*) AS resourceCount, SUM(experience_count) AS experienceCount
       FROM resources WHERE experience_count > 0
       GROUP BY category ORDER BY experienceCount DESC, category`,
    )
    .all() as { category: string; resourceCount: number; experienceCount: number }[];
}

// ---- Read models for the browsing pages (home and categories). ----

export type SiteCountsRow = { resourceCount: number; experienceCount: number; contentCount: number };

export function countEverything(): SiteCountsRow {
  return getSqlite()
    .prepare(
      /* sql */ `SELECT
         (SELECT COUNT(*) FROM resources WHERE experience_count > 0) AS resourceCount,
         (SELECT COUNT(*) FROM experiences WHERE status = 'published') AS experienceCount,
         (SELECT COUNT(*) FROM contents) AS contentCount`,
    )
    .get() as SiteCountsRow;
}

/**
 * Resources by Bayesian average: each starts as `priorCount` reviews of `priorMean`, so one
 * lucky 5 does not outrank fifty solid 4s.
 */
export function listBestRatedResources(limit: number, priorMean: number, priorCount: number): ResourceRow[] {
  return getSqlite()
    .prepare(
      /* sql */ `SELECT ${RESOURCE_COLUMNS} FROM resources WHERE experience_count > 0
       ORDER BY (score_sum + @priorMean * @priorCount) * 1.0 / (reporter_count + @priorCount) DESC,
                experience_count DESC, key
       LIMIT @limit`,
    )
    .all({ limit, priorMean, priorCount }) as ResourceRow[];
}

export function listMostReportedResources(limit: number): ResourceRow[] {
  return getSqlite()
    .prepare(
      /* sql */ `SELECT ${RESOURCE_COLUMNS} FROM resources WHERE experience_count > 0
       ORDER BY experience_count DESC, last_seen DESC, key LIMIT ?`,
    )
    .all(limit) as ResourceRow[];
}

export function listLatestExperiences(limit: number): ExperienceRow[] {
  return getSqlite()
    .prepare(
      /* sql */ `SELECT ${EXPERIENCE_COLUMNS} FROM experiences WHERE status = 'published'
       ORDER BY created_at DESC, id DESC LIMIT ?`,
    )
    .all(limit) as ExperienceRow[];
}

/** Every resource grouped by category, at most `perCategory` of each (most reported first). */
export function listResourcesByCategory(perCategory: number): ResourceRow[] {
  return getSqlite()
    .prepare(
      /* sql */ `SELECT ${RESOURCE_COLUMNS} FROM (
         SELECT *, ROW_NUMBER() OVER (PARTITION BY category ORDER BY experience_count DESC, key) AS position
         FROM resources WHERE experience_count > 0)
       WHERE position <= ? ORDER BY category, experience_count DESC, key`,
    )
    .all(perCategory) as ResourceRow[];
}

// ---- Lookalike names: resources.skeleton (lib/resources/find-lookalike.ts, fill-skeletons.ts). ----

export function resourceKeyExists(key: string): boolean {
  return getSqlite().prepare(/* sql */ `SELECT 1 FROM resources WHERE key = ?`).get(key) !== undefined;
}

/** The most reported other resource with one of these skeletons; those with no published report don't count. */
export function findResourceBySkeleton(skeletons: string[], exceptKey: string): { name: string; key: string } | null {
  const row = getSqlite()
    .prepare(
      /* sql */ `SELECT name, key FROM resources
       WHERE skeleton IN (SELECT value FROM json_each(?)) AND key <> ? AND experience_count > 0
       ORDER BY experience_count DESC, key LIMIT 1`,
    )
    .get(JSON.stringify(skeletons), exceptKey) as { name: string; key: string } | undefined;
  return row ?? null;
}

export function hasResourceWithoutSkeleton(): boolean {
  return getSqlite().prepare(/* sql */ `SELECT 1 FROM resources WHERE skeleton = '' LIMIT 1`).get() !== undefined;
}

/** Resources whose skeleton is not computed yet, by key after `afterKey` (keyset pages). */
export function listResourcesWithoutSkeleton(afterKey: string, limit: number): { key: string; name: string }[] {
  return getSqlite()
    .prepare(/* sql */ `SELECT key, name FROM resources WHERE skeleton = '' AND key > ? ORDER BY key LIMIT ?`)
    .all(afterKey, limit) as { key: string; name: string }[];
}

/** Sets skeletons not set yet, in one transaction; returns how many rows changed. */
export function setResourceSkeletons(rows: { key: string; skeleton: string }[]): number {
  const db = getSqlite();
  const update = db.prepare(/* sql */ `UPDATE resources SET skeleton = ? WHERE key = ? AND skeleton = ''`);
  return db.transaction(() => rows.reduce((changed, row) => changed + update.run(row.skeleton, row.key).changes, 0))();
}
