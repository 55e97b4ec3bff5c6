// npm run migrate-engine -- --to postgres://... [--json]   (also `knowhub migrate-engine ...`)
// Moves the hub DATABASE_URL names into an empty database (SQLite to PostgreSQL, typically): a
// backup, restored into the target, then verified by a backup of the target equal to the first
// (lib/transfer/migrate-engine.ts). Stop writers first: writes after the backup's snapshot stay behind.
import { parseArgs } from "node:util";
import { EXIT, UsageError } from "../lib/cli/exit-codes";
import { absoluteDatabaseUrl } from "../lib/cli/paths";
import { printError } from "../lib/cli/print-error";
import { closeDb, describeDatabase } from "../lib/db";
import { migrateEngine } from "../lib/transfer/migrate-engine";
import { printCounts } from "./backup";

export const MIGRATE_ENGINE_USAGE = "usage: knowhub migrate-engine --to postgres://... | file:PATH [--json]   (or npm run migrate-engine -- --to ...; the source is DATABASE_URL)";

/** The migrate-engine command on argv (after "migrate-engine"); returns the exit code. */
export async function runMigrateEngine(argv: string[], cwd = process.cwd()): Promise<number> {
  const json = argv.includes("--json");
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: argv, options: { to: { type: "string" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } } });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const { values } = parsed;
    if (values.help) {
      console.log(MIGRATE_ENGINE_USAGE);
      return EXIT.ok;
    }
    if (!values.to) throw new UsageError("name the empty database to move the hub to with --to");
    const target = absoluteDatabaseUrl(values.to, cwd, cwd);
    const source = describeDatabase();
    const summary = await migrateEngine(target, { onStep: (step) => (json ? undefined : console.error(`migrate-engine: ${step}`)) });
    if (json) console.log(JSON.stringify({ source, ...summary }));
    else {
      printCounts(
        `moved ${source} (${summary.backup.engine}) to ${summary.restore.engine} in ${(summary.elapsedMs / 1000).toFixed(1)} s; verified: a backup of the target equals the source's, row for row`,
        summary.restore.tables,
      );
    }
    return EXIT.ok;
  } catch (error) {
    return printError(error, { json, usage: MIGRATE_ENGINE_USAGE });
  } finally {
    await closeDb();
  }
}

// Run as a script (npm run migrate-engine); imported by the CLI, it only exports runMigrateEngine.
if (require.main === module) void runMigrateEngine(process.argv.slice(2)).then((code) => (process.exitCode = code));
