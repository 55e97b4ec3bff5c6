// npm run restore -- FILE [--to file:PATH | postgres://...] [--json]   (also `knowhub restore ...`)
// Restores a backup (npm run backup) into an empty database, all or nothing
// (lib/transfer/restore-backup.ts). The target is DATABASE_URL unless --to names another; it is
// created and migrated when new. Refused, with nothing written: a target that holds any row
// (exit 2), a file that is damaged, truncated or of a newer format (exit 2).
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { EXIT, UsageError } from "../lib/cli/exit-codes";
import { absoluteDatabaseUrl } from "../lib/cli/paths";
import { printError } from "../lib/cli/print-error";
import { closeDb, describeDatabase } from "../lib/db";
import { fillContentSearch } from "../lib/contents/index-content";
import { fillNearSignatures } from "../lib/experiences/fill-near-signatures";
import { restoreBackup } from "../lib/transfer/restore-backup";
import { printCounts } from "./backup";
import { progressBar } from "./lib/progress-bar";

export const RESTORE_USAGE = "usage: knowhub restore FILE [--to file:PATH | postgres://...] [--json]   (or npm run restore -- FILE ...; the target is DATABASE_URL unless --to)";

/** The restore command on argv (after "restore"); returns the exit code. */
export async function runRestore(argv: string[], cwd = process.cwd()): Promise<number> {
  const json = argv.includes("--json");
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: argv, allowPositionals: true, options: { to: { type: "string" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } } });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const { values, positionals } = parsed;
    if (values.help) {
      console.log(RESTORE_USAGE);
      return EXIT.ok;
    }
    if (positionals.length !== 1) throw new UsageError(positionals.length ? `unexpected argument: ${positionals[1]}` : "name the backup file to restore");
    if (values.to) process.env.DATABASE_URL = absoluteDatabaseUrl(values.to, cwd, cwd);
    const file = resolve(cwd, positionals[0]);
    if (!existsSync(file)) throw new UsageError(`cannot read ${file}: no such file`);
    const bar = progressBar("restore");
    const summary = await restoreBackup(file, { onProgress: (p) => bar.update(p.restored, p.total, p.table) });
    bar.finish();
    // Derived structures backups do not carry: built now, so a server already running on this
    // database finds the restored content and near-duplicates without waiting for its next start.
    const indexed = await fillContentSearch();
    const signed = await fillNearSignatures();
    if (values.json) console.log(JSON.stringify({ database: describeDatabase(), ...summary }));
    else {
      printCounts(`restored ${file} (taken on ${summary.sourceEngine}) into ${describeDatabase()} in ${(summary.elapsedMs / 1000).toFixed(1)} s, checked`, summary.tables);
      console.log(`  content search index: ${indexed} node(s); near-duplicate signatures: ${signed} report(s)`);
      console.log("  console sessions are not restored: operators log in again");
    }
    return EXIT.ok;
  } catch (error) {
    return printError(error, { json, usage: RESTORE_USAGE });
  } finally {
    await closeDb();
  }
}

// Run as a script (npm run restore); imported by the CLI, it only exports runRestore.
if (require.main === module) void runRestore(process.argv.slice(2)).then((code) => (process.exitCode = code));
