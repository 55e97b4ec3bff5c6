// Which test files run on which engine (#19): the Vitest projects "sqlite" and "postgres"
// (vitest.config.mts) and test/setup-db.ts read these lists, so that they are written once.
// Plain JavaScript (types in engines.d.mts): Vite loads the config's imports without TypeScript.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

// Every integration test runs on both engines: each test file gets a fresh database of its
// project's engine (test/setup-db.ts). The exceptions are named here one by one, with the reason.

/** Integration tests under lib/ (the rest of lib's tests are pure and run once, in "sqlite"). */
export const LIB_DATABASE_TESTS = [
  "lib/admin/csrf.test.ts",
  "lib/admin/session.test.ts",
  "lib/limits/client-address.test.ts",
  "lib/resources/get-overview.test.ts",
  "lib/resources/list-category-resources.test.ts",
  "lib/resources/suggest-names.test.ts",
  "lib/search/candidates.test.ts",
  "lib/search/gate.test.ts",
  "lib/search/reanalyze.test.ts",
  "lib/search/search-page-view.test.ts",
  "lib/search/search.test.ts",
  "lib/search/task-verdict.test.ts",
  "lib/search/word-lists.test.ts",
];

/** Test files that run on SQLite only, and why. Keep it short: each entry is a gap in PostgreSQL's coverage. */
export const SQLITE_ONLY = {
  "test/migrate.test.ts": "lib/db-migrate.ts, SQLite's migration runner (PostgreSQL's: test/db-migrate-pg.test.ts)",
  "test/schema-drift.test.ts": "reads SQLite's catalogue (sqlite_master, PRAGMA); test/schema-engines.test.ts checks PostgreSQL's",
  "test/db-conditions.test.ts": "SQLite's own troubles: another process's file lock, SQLITE_FULL through max_page_count, a read-only file",
  "test/transfer-bulk.test.ts": "the bulk import path is SQLite's (per-row FTS5 trigger suspended, VACUUM INTO copies)",
  "test/start-refusal.test.ts": "spawns scripts/start.mjs with file: URLs; it must refuse before opening any database",
  "test/serve-workers.test.ts": "a production build served on a SQLite file of its own (minutes; once is enough)",
};

/** PostgreSQL's own tests: they make and drop their databases themselves, and stay in "sqlite". */
export const POSTGRES_SELF_MANAGED = [
  "test/pg-cluster.test.ts",
  "test/pg-triggers.test.ts",
  "test/db-migrate-pg.test.ts",
  "test/search-engines.test.ts",
  "test/content-search-engines.test.ts",
  "test/schema-engines.test.ts",
  "test/transfer-engines.test.ts",
  "test/backup-engines.test.ts",
  "test/backup-upgrade.test.ts",
  "test/migrate-engine.test.ts",
  // Real servers on a cluster of its own, which it stops and starts (and on SQLite files of its own).
  "test/faults.test.ts",
];

/** The files the "postgres" project runs: its include and exclude globs (relative to the root). */
export const POSTGRES_INCLUDE = ["test/**/*.test.ts", ...LIB_DATABASE_TESTS];
export const POSTGRES_EXCLUDE = [...Object.keys(SQLITE_ONLY), ...POSTGRES_SELF_MANAGED];

/** Whether the "postgres" project runs `file` (a path relative to the project root). */
export function runsOnPostgres(file) {
  if (POSTGRES_EXCLUDE.includes(file)) return false;
  return (file.startsWith("test/") && file.endsWith(".test.ts")) || LIB_DATABASE_TESTS.includes(file);
}

/**
 * Whether the run has a PostgreSQL server for the "postgres" project: TEST_DATABASE_URL, or Debian's
 * server binaries (the test that scripts/lib/pg-cluster.ts planPgServer makes, which the global setup
 * runs for the plan itself).
 */
export function hasPostgres(env = process.env) {
  if (env.TEST_DATABASE_URL) return true;
  const root = "/usr/lib/postgresql";
  return existsSync(root) && readdirSync(root).some((v) => ["initdb", "pg_ctl", "postgres"].every((b) => existsSync(join(root, v, "bin", b))));
}
