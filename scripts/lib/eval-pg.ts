// The eval on PostgreSQL (#19): a server (TEST_DATABASE_URL, or DATABASE_URL when it names
// PostgreSQL, or a throwaway cluster started here as the tests start theirs), a fresh database per
// corpus with the PostgreSQL migrations applied, and the corpus in it.
//
// The app's write path is SQLite-only, and it decides more than the analyzed columns: a name spelled
// like an existing resource's is filed under that resource, screening holds a report for review, a
// repeat is a duplicate. So the corpus is loaded through the write path into SQLite first
// (eval-inprocess.ts), and the rows it stored (ids, names, statuses and the search_* columns that
// experience-columns.ts / indexText computed) are inserted into PostgreSQL with plain INSERTs; the
// PostgreSQL triggers build resources, votes and term counts. Both databases then hold the same
// rows, and what the two engines answer differently is the search index's doing alone. What the
// triggers built is compared with SQLite's before any query runs (resources and their aggregates,
// every term's document frequency).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { Sqlite } from "../../lib/db";
import { migratePgDatabase } from "../../lib/db-migrate-pg";
import { createScratchDatabase, ensurePgServer, planPgServer, stopPgServer, type PgPlan } from "./pg-cluster";

export type PgServer = { adminUrl: string; describe: string; stop(): void };

/** The server the eval uses: a given one, or a throwaway cluster (stop() removes it). */
export async function openPgServer(env: Record<string, string | undefined> = process.env): Promise<PgServer> {
  const given = env.TEST_DATABASE_URL || (/^postgres(ql)?:/.test(env.DATABASE_URL ?? "") ? env.DATABASE_URL : undefined);
  const plan: PgPlan = planPgServer({ TEST_DATABASE_URL: given }, () => mkdtempSync(join(tmpdir(), "knowhub-eval-pg-")));
  const adminUrl = await ensurePgServer(plan);
  return {
    adminUrl,
    describe: plan.kind === "local" ? `a throwaway cluster (${plan.binDir})` : "the server TEST_DATABASE_URL / DATABASE_URL names",
    stop: () => stopPgServer(plan),
  };
}

export type PgDatabase = { pool: pg.Pool; drop(): Promise<void> };

/** A fresh, migrated database on the server; drop() ends the pool and removes it. */
export async function createPgDatabase(adminUrl: string, label: string): Promise<PgDatabase> {
  const scratch = await createScratchDatabase(adminUrl, `knowhub_eval_${label.replace(/\W/g, "_")}`);
  await migratePgDatabase(scratch.url);
  const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
  // An idle connection ended by the server (the database dropped, the cluster stopped) is the pool's
  // to replace; without a listener pg throws it as an uncaught 'error' and the whole run dies.
  pool.on("error", () => undefined);
  return {
    pool,
    drop: async () => {
      await pool.end();
      await scratch.drop();
    },
  };
}

// Resource columns the app's code sets (not the triggers): its display name, url and category
// chosen from the reporters' (refreshResourceDisplay), skeleton and pins.
const RESOURCE_DISPLAY = ["name", "url", "category", "skeleton", "pinned_url", "pinned_category"];
// What the triggers compute on both engines: compared, never copied.
const RESOURCE_AGGREGATES = ["experience_count", "reporter_count", "score_sum", "score_1", "score_2", "score_3", "score_4", "score_5"];
const ROWS_PER_INSERT = 500;
// Resources' display columns go over in batches of this many rows, one UPDATE each.
const RESOURCES_PER_UPDATE = 2_000;

/**
 * Inserts the experiences the SQLite database holds into the (empty, migrated) PostgreSQL one, then
 * the resources' display columns. Returns the differences found between what the two engines'
 * triggers and indexes built: none expected.
 *
 * One transaction on one connection, multi-row INSERTs and batched UPDATEs (one statement per
 * resource before); the rows are read from SQLite a batch at a time, not all held at once. What is
 * left is the triggers' work: the bench's 100k rows copy in about 100 s on a shared machine.
 */
export async function copyExperiencesToPg(sqlite: Sqlite, pool: pg.Pool): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await insertRows(sqlite, client);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  return compareWithSqlite(sqlite, pool);
}

async function insertRows(sqlite: Sqlite, client: pg.PoolClient): Promise<void> {
  const { rows: columnRows } = await client.query<{ column_name: string; data_type: string }>(
    /* sql */ `SELECT column_name, data_type FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = 'experiences' AND is_generated = 'NEVER' ORDER BY ordinal_position`,
  );
  const columns = columnRows.map((c) => c.column_name);
  const times = new Set(columnRows.filter((c) => c.data_type.startsWith("timestamp")).map((c) => c.column_name));
  const value = (row: Record<string, unknown>, column: string) => {
    const v = row[column];
    // Prisma's SQLite adapter may store times as epoch milliseconds.
    return times.has(column) && typeof v === "number" ? new Date(v) : v;
  };
  // Read a batch at a time: the whole table of a large corpus need not sit in memory at once.
  const select = sqlite.prepare(`SELECT ${columns.map((c) => `"${c}"`).join(", ")} FROM experiences ORDER BY id`);
  let chunk: Record<string, unknown>[] = [];
  const flush = async () => {
    if (!chunk.length) return;
    const params: unknown[] = [];
    const tuples = chunk.map((row) => `(${columns.map((c) => (params.push(value(row, c)), `$${params.length}`)).join(", ")})`);
    chunk = [];
    await client.query(`INSERT INTO experiences (${columns.map((c) => `"${c}"`).join(", ")}) VALUES ${tuples.join(", ")}`, params);
  };
  for (const row of select.iterate() as IterableIterator<Record<string, unknown>>) {
    chunk.push(row);
    if (chunk.length === ROWS_PER_INSERT) await flush();
  }
  await flush();
  await client.query(/* sql */ `SELECT setval(pg_get_serial_sequence('experiences', 'id'), coalesce(max(id), 1)) FROM experiences`);

  const resources = sqlite.prepare(`SELECT key, ${RESOURCE_DISPLAY.join(", ")} FROM resources ORDER BY key`).all() as Record<string, unknown>[];
  for (let start = 0; start < resources.length; start += RESOURCES_PER_UPDATE) {
    const batch = resources.slice(start, start + RESOURCES_PER_UPDATE);
    const arrays = ["key", ...RESOURCE_DISPLAY].map((c) => batch.map((r) => r[c] ?? null));
    await client.query(
      /* sql */ `UPDATE resources SET ${RESOURCE_DISPLAY.map((c) => `${c} = d.${c}`).join(", ")}
       FROM unnest(${arrays.map((_, i) => `$${i + 1}::text[]`).join(", ")}) AS d(key, ${RESOURCE_DISPLAY.join(", ")})
       WHERE resources.key = d.key`,
      arrays,
    );
  }
}

/** What PostgreSQL's triggers built against what SQLite holds: resources, aggregates, document frequencies. */
async function compareWithSqlite(sqlite: Sqlite, pool: pg.Pool): Promise<string[]> {
  const resources = sqlite.prepare(`SELECT key, ${[...RESOURCE_DISPLAY, ...RESOURCE_AGGREGATES].join(", ")} FROM resources ORDER BY key`).all() as Record<string, unknown>[];
  const problems: string[] = [];
  const { rows: pgResources } = await pool.query<Record<string, unknown>>(`SELECT key, ${[...RESOURCE_DISPLAY, ...RESOURCE_AGGREGATES].join(", ")} FROM resources ORDER BY key COLLATE "C"`);
  const pgByKey = new Map(pgResources.map((r) => [r.key as string, r]));
  for (const r of resources) {
    const other = pgByKey.get(r.key as string);
    if (!other) {
      problems.push(`resource ${r.key} is missing on PostgreSQL`);
      continue;
    }
    pgByKey.delete(r.key as string);
    const differing = [...RESOURCE_DISPLAY, ...RESOURCE_AGGREGATES].filter((c) => (r[c] ?? null) !== (other[c] ?? null));
    if (differing.length) problems.push(`resource ${r.key}: ${differing.map((c) => `${c} ${r[c]} (SQLite) / ${other[c]} (PostgreSQL)`).join(", ")}`);
  }
  for (const key of pgByKey.keys()) problems.push(`resource ${key} exists on PostgreSQL only`);

  // Document frequencies: the planner's weights. fts5vocab counts what FTS5's tokenizer made of
  // search_*, experience_terms what the verbatim tsvector holds; they must agree term for term.
  const sqliteTerms = new Map((sqlite.prepare(`SELECT term, doc FROM experience_vocab`).all() as { term: string; doc: number }[]).map((t) => [t.term, t.doc]));
  const { rows: pgTerms } = await pool.query<{ term: string; doc: number }>(`SELECT term, doc FROM experience_terms`);
  const differentTerms: string[] = [];
  for (const t of pgTerms) {
    if (sqliteTerms.get(t.term) !== t.doc) differentTerms.push(`${t.term} ${sqliteTerms.get(t.term) ?? 0}/${t.doc}`);
    sqliteTerms.delete(t.term);
  }
  for (const [term, doc] of sqliteTerms) differentTerms.push(`${term} ${doc}/0`);
  if (differentTerms.length) problems.push(`${differentTerms.length} terms' document frequencies differ (SQLite/PostgreSQL), e.g. ${differentTerms.slice(0, 5).join(", ")}`);
  return problems;
}
