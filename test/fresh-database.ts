// More databases for a test file that needs several (export from one, import into another), of the
// file's engine (test/setup-db.ts): a SQLite file in a temporary folder, or a scratch PostgreSQL
// database on the test server, dropped after the file's tests.
//
//   await useDatabase("restored");   // DATABASE_URL now names it (made empty on first use)
//   await useDatabase("source");     // the same name is the same database again
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";

const urls = new Map<string, string>();
const drops: (() => Promise<void>)[] = [];
let dir = "";

/** Whether this test file runs on PostgreSQL (the "postgres" project). */
export function onPostgres(): boolean {
  return process.env.KNOWHUB_TEST_ENGINE === "postgres";
}

/** The URL of this file's database `name`, made empty (and migrated on first use by lib) the first time. */
export async function databaseUrlFor(name: string): Promise<string> {
  const known = urls.get(name);
  if (known) return known;
  let url: string;
  if (onPostgres()) {
    const { createScratchDatabase, ensurePgServer } = await import("../scripts/lib/pg-cluster");
    const scratch = await createScratchDatabase(await ensurePgServer(inject("knowhubPg")), "knowhub_test");
    drops.push(scratch.drop);
    url = scratch.url;
  } else {
    dir ||= mkdtempSync(join(tmpdir(), "knowhub-dbs-"));
    url = `file:${join(dir, `${name}.db`)}`;
  }
  urls.set(name, url);
  return url;
}

/** Points DATABASE_URL at this file's database `name` (lib opens it on the next query). */
export async function useDatabase(name: string): Promise<string> {
  const url = await databaseUrlFor(name);
  process.env.DATABASE_URL = url;
  return url;
}

/** Drops the PostgreSQL databases made here (test/setup-db.ts, after the file's tests). */
export async function dropScratchDatabases(): Promise<void> {
  for (const drop of drops.splice(0)) await drop();
}
