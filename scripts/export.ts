// npm run export -- FILE.jsonl [--all] [--db file:./data/knowhub.db]
// Writes the published content revisions and experiences as JSONL that `npm run import` reads back;
// --all writes every one whatever its moderation status, with findings, reasons and locks (a backup).
import { parseArgs } from "node:util";
import { closeDb } from "../lib/db";
import { databasePath } from "../lib/db-migrate";
import { exportFile } from "../lib/transfer/export-records";
import { progressBar } from "./lib/progress-bar";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { db: { type: "string" }, all: { type: "boolean" } } });
if (positionals.length !== 1) {
  console.error("usage: npm run export -- FILE.jsonl [--all] [--db file:PATH]");
  process.exit(2);
}
if (values.db) process.env.DATABASE_URL = values.db;

const file = positionals[0];

async function main(): Promise<void> {
  const bar = progressBar("export");
  const summary = await exportFile(file, (p) => bar.update(p.written, p.total, `${p.written.toLocaleString("en")} lines`), {
    all: values.all ?? false,
  });
  bar.finish();
  await closeDb();
  const what = values.all ? "every row (--all)" : "published rows only (--all for a full backup)";
  console.log(`exported ${databasePath()} to ${file}: ${what}, in ${(summary.elapsedMs / 1000).toFixed(1)} s`);
  console.log(`  experiences        ${summary.experiences.toLocaleString("en")}`);
  console.log(`  content revisions  ${summary.contentRevisions.toLocaleString("en")}`);
}

void main();
