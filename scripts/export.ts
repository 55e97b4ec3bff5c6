// npm run export -- FILE.jsonl [--db file:./data/knowhub.db]
// Writes every content revision and every experience as JSONL that `npm run import` reads back.
import { parseArgs } from "node:util";
import { closeDb } from "../lib/db";
import { databasePath } from "../lib/db-migrate";
import { exportFile } from "../lib/transfer/export-records";
import { progressBar } from "./lib/progress-bar";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { db: { type: "string" } } });
if (positionals.length !== 1) {
  console.error("usage: npm run export -- FILE.jsonl [--db file:PATH]");
  process.exit(2);
}
if (values.db) process.env.DATABASE_URL = values.db;

const file = positionals[0];

async function main(): Promise<void> {
  const bar = progressBar("export");
  const summary = await exportFile(file, (p) => bar.update(p.written, p.total, `${p.written.toLocaleString("en")} lines`));
  bar.finish();
  await closeDb();
  console.log(`exported ${databasePath()} to ${file} in ${(summary.elapsedMs / 1000).toFixed(1)} s`);
  console.log(`  experiences        ${summary.experiences.toLocaleString("en")}`);
  console.log(`  content revisions  ${summary.contentRevisions.toLocaleString("en")}`);
}

void main();
