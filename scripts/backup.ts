// npm run backup -- FILE [--db file:PATH | postgres://...] [--json]   (also `knowhub backup ...`)
// An online, consistent backup of the hub (lib/transfer/create-backup.ts): every table that is its
// state, created 0600 under a temporary name and renamed when complete. The hub keeps serving.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { EXIT, UsageError } from "../lib/cli/exit-codes";
import { absoluteDatabaseUrl } from "../lib/cli/paths";
import { printError } from "../lib/cli/print-error";
import { closeDb, describeDatabase } from "../lib/db";
import { createBackup, type BackupSummary } from "../lib/transfer/create-backup";
import { progressBar } from "./lib/progress-bar";

export const BACKUP_USAGE = "usage: knowhub backup FILE [--db file:PATH | postgres://...] [--json]   (or npm run backup -- FILE ...)";

/** The backup command on argv (after "backup"); returns the exit code. */
export async function runBackup(argv: string[], cwd = process.cwd()): Promise<number> {
  const json = argv.includes("--json");
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: argv, allowPositionals: true, options: { db: { type: "string" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } } });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const { values, positionals } = parsed;
    if (values.help) {
      console.log(BACKUP_USAGE);
      return EXIT.ok;
    }
    if (positionals.length !== 1) throw new UsageError(positionals.length ? `unexpected argument: ${positionals[1]}` : "name the file to write");
    if (values.db) process.env.DATABASE_URL = absoluteDatabaseUrl(values.db, cwd, cwd);
    const file = resolve(cwd, positionals[0]);
    const bar = progressBar("backup");
    const summary = await createBackup(file, { onProgress: (p) => bar.update(p.written, p.total, p.table ? `${p.table} done` : "") });
    bar.finish();
    if (values.json) console.log(JSON.stringify({ database: describeDatabase(), ...summary }));
    else printCounts(`backed up ${describeDatabase()} to ${file} (${summary.engine}, ${(summary.bytes / 1e6).toFixed(1)} MB, mode 0600) in ${(summary.elapsedMs / 1000).toFixed(1)} s`, summary.tables);
    return EXIT.ok;
  } catch (error) {
    return printError(error, { json, usage: BACKUP_USAGE });
  } finally {
    await closeDb();
  }
}

/** A title line, then one line per table with its row count. */
export function printCounts(title: string, tables: BackupSummary["tables"]): void {
  console.log(title);
  for (const [table, rows] of Object.entries(tables)) console.log(`  ${table.padEnd(20)} ${rows.toLocaleString("en").padStart(10)}`);
}

// Run as a script (npm run backup); imported by the CLI, it only exports runBackup.
if (require.main === module) void runBackup(process.argv.slice(2)).then((code) => (process.exitCode = code));
