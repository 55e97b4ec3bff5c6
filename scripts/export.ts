// npm run export -- FILE.jsonl [--all] [--db file:./data/knowhub.db | postgres://...] [--json]
// (also `knowhub export ...`: the CLI runs runExport below.)
// Writes the published content revisions and experiences as JSONL that `npm run import` reads back;
// --all writes every one whatever its moderation status, with findings, reasons and locks (not a
// backup: keys, pins, redirects and the audit log are only in `npm run backup`). The file is 0600.
// --json prints the summary as one JSON object.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { EXIT, UsageError } from "../lib/cli/exit-codes";
import { absoluteDatabaseUrl } from "../lib/cli/paths";
import { printError } from "../lib/cli/print-error";
import { closeDb, describeDatabase } from "../lib/db";
import { exportFile } from "../lib/transfer/export-records";
import { progressBar } from "./lib/progress-bar";

export const EXPORT_USAGE = "usage: knowhub export FILE.jsonl [--all] [--db file:PATH | postgres://...] [--json]   (or npm run export -- FILE.jsonl ...)";

/** The export command on argv (after "export"); returns the exit code. */
export async function runExport(argv: string[], cwd = process.cwd()): Promise<number> {
  const json = argv.includes("--json");
  try {
    return await exportCommand(argv, cwd);
  } catch (error) {
    return printError(error, { json, usage: EXPORT_USAGE });
  } finally {
    await closeDb();
  }
}

async function exportCommand(argv: string[], cwd: string): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { db: { type: "string" }, all: { type: "boolean" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(EXPORT_USAGE);
    return EXIT.ok;
  }
  if (positionals.length !== 1) throw new UsageError(positionals.length ? `unexpected argument: ${positionals[1]}` : "name the file to write");
  if (values.db) process.env.DATABASE_URL = absoluteDatabaseUrl(values.db, cwd, cwd);
  const file = resolve(cwd, positionals[0]);

  const bar = progressBar("export");
  const summary = await exportFile(file, (p) => bar.update(p.written, p.total, `${p.written.toLocaleString("en")} lines`), {
    all: values.all ?? false,
  });
  bar.finish();
  if (values.json) {
    console.log(JSON.stringify({ file, database: describeDatabase(), all: values.all ?? false, ...summary }));
    return EXIT.ok;
  }
  const what = values.all ? "every row (--all)" : "published rows only (--all for every moderation state; npm run backup for a backup)";
  console.log(`exported ${describeDatabase()} to ${file}: ${what}, in ${(summary.elapsedMs / 1000).toFixed(1)} s`);
  console.log(`  experiences        ${summary.experiences.toLocaleString("en")}`);
  console.log(`  content revisions  ${summary.contentRevisions.toLocaleString("en")}`);
  return EXIT.ok;
}

// Run as a script (npm run export); imported by the CLI, it only exports runExport.
if (require.main === module) void runExport(process.argv.slice(2)).then((code) => (process.exitCode = code));
