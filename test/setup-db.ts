// Every test file gets its own fresh database of its Vitest project's engine (vitest.config.mts):
// "sqlite", a new file, created and migrated on first use; "postgres", a new database on the server
// test/pg-global-setup.ts planned, created and migrated here and dropped after the file's tests.
// DATABASE_URL is set before the test file is imported (top-level await), so no lib module ever
// sees another one. lib is imported lazily for the same reason.
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, inject } from "vitest";
import { runsOnPostgres, POSTGRES_SELF_MANAGED, SQLITE_ONLY } from "./engines.mjs";
import { dropScratchDatabases } from "./fresh-database";

// Rate limits are the server's defaults; tests that are about them turn them on (test/auth-keys.test.ts).
process.env.KNOWHUB_RATE_WRITE ??= "off";
process.env.KNOWHUB_RATE_SEARCH ??= "off";

const engine = process.env.KNOWHUB_TEST_ENGINE === "postgres" ? "postgres" : "sqlite";
let sqliteFile = "";

if (engine === "postgres") {
  const { createScratchDatabase, ensurePgServer } = await import("../scripts/lib/pg-cluster");
  const { migratePgDatabase } = await import("../lib/db-migrate-pg");
  const scratch = await createScratchDatabase(await ensurePgServer(inject("knowhubPg")), "knowhub_test");
  process.env.DATABASE_URL = scratch.url;
  try {
    await migratePgDatabase(scratch.url);
  } catch (error) {
    await scratch.drop();
    throw error;
  }
  afterAll(async () => {
    await closeTestDb();
    await scratch.drop();
  });
} else {
  sqliteFile = join(mkdtempSync(join(tmpdir(), "knowhub-test-")), "test.db");
  process.env.DATABASE_URL = `file:${sqliteFile}`;
  afterAll(async ({}, file) => {
    await closeTestDb();
    // A test file that uses the database must run on PostgreSQL too, or say why not (test/engines.ts).
    const path = relative(process.cwd(), (file as { filepath?: string }).filepath ?? "");
    if (existsSync(sqliteFile) && path && !runsOnPostgres(path) && !(path in SQLITE_ONLY) && !POSTGRES_SELF_MANAGED.includes(path)) {
      throw new Error(`${path} uses the database but does not run on PostgreSQL: add it to LIB_DATABASE_TESTS in test/engines.ts (or to SQLITE_ONLY, with the reason)`);
    }
  });
}

async function closeTestDb(): Promise<void> {
  const { flushSearchLog } = await import("../lib/demand-log/log-search");
  const { closeDb } = await import("../lib/db");
  await flushSearchLog();
  await closeDb();
  await dropScratchDatabases();
}
