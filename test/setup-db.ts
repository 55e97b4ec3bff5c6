// Every test file gets its own fresh SQLite file, created and migrated on first use.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { closeDb } from "../lib/db";
import { flushSearchLog } from "../lib/demand-log/log-search";

const dir = mkdtempSync(join(tmpdir(), "knowhub-test-"));
process.env.DATABASE_URL = `file:${join(dir, "test.db")}`;
// Rate limits are the server's defaults; tests that are about them turn them on (test/auth-keys.test.ts).
process.env.KNOWHUB_RATE_WRITE ??= "off";
process.env.KNOWHUB_RATE_SEARCH ??= "off";

afterAll(async () => {
  flushSearchLog();
  await closeDb();
});
