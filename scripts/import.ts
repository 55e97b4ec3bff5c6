// npm run import -- FILE.jsonl [--db file:./data/knowhub.db | postgres://...] [--workers N] [--batch N] [--bulk | --per-batch] [--json]
// (also `knowhub import ...`: the CLI runs runImport below.)
// Imports experiences and content revisions (see lib/transfer/record-format.ts) and prints what was
// added, skipped as an exact duplicate, and rejected (with line numbers and reasons), how many lines
// screening held for review and how many claimed a key this hub did not issue; --json prints the
// summary as one JSON object. Exit 2 (bad input) when any line was rejected: the others are in.
// Large files go in as one bulk transaction (API writes wait until it commits); --per-batch keeps
// the database writable between batches, --bulk forces the bulk path for a small file. Both leave
// the same rows. The bulk path is SQLite's: PostgreSQL always writes per batch (--bulk says so).
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { EXIT, UsageError } from "../lib/cli/exit-codes";
import { absoluteDatabaseUrl } from "../lib/cli/paths";
import { printError } from "../lib/cli/print-error";
import { closeDb, describeDatabase } from "../lib/db";
import { importFile, type ImportSummary } from "../lib/transfer/import-records";
import { progressBar } from "./lib/progress-bar";
import { describeReanalysis, reanalyzeWithProgress } from "./lib/reanalyze-with-progress";

export const IMPORT_USAGE =
  "usage: knowhub import FILE.jsonl [--db file:PATH | postgres://...] [--workers N] [--batch LINES] [--bulk | --per-batch] [--show-rejections N] [--json]\n" +
  "       (or npm run import -- FILE.jsonl ...)";

/** The import command on argv (after "import"); returns the exit code. */
export async function runImport(argv: string[], cwd = process.cwd()): Promise<number> {
  const json = argv.includes("--json");
  try {
    return await importCommand(argv, cwd);
  } catch (error) {
    return printError(error, { json, usage: IMPORT_USAGE });
  } finally {
    await closeDb();
  }
}

async function importCommand(argv: string[], cwd: string): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        db: { type: "string" },
        workers: { type: "string" },
        batch: { type: "string" },
        bulk: { type: "boolean" },
        "per-batch": { type: "boolean" },
        "show-rejections": { type: "string", default: "50" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(IMPORT_USAGE);
    return EXIT.ok;
  }
  if (positionals.length !== 1) throw new UsageError(positionals.length ? `unexpected argument: ${positionals[1]}` : "name the file to import");
  if (values.bulk && values["per-batch"]) throw new UsageError("--bulk and --per-batch exclude each other");
  if (values.db) process.env.DATABASE_URL = absoluteDatabaseUrl(values.db, cwd, cwd);
  const file = resolve(cwd, positionals[0]);
  if (!existsSync(file)) throw new UsageError(`cannot read ${file}: no such file`);

  // importFile does this too; here it gets a progress bar, since a large database takes minutes.
  const reanalyzed = await reanalyzeWithProgress();
  if (reanalyzed && reanalyzed.changed > 0) console.error(describeReanalysis(reanalyzed));
  const bar = progressBar("import");
  const summary = await importFile(file, {
    workers: values.workers !== undefined ? Number(values.workers) : availableParallelism(),
    batchSize: values.batch !== undefined ? Number(values.batch) : undefined,
    bulk: values.bulk ? true : values["per-batch"] ? false : undefined,
    onProgress: (p) => {
      const added = p.summary.experiences.added + p.summary.contentRevisions.added;
      bar.update(p.bytes, p.totalBytes, `${p.lines.toLocaleString("en")} lines, ${added.toLocaleString("en")} added`);
    },
  });
  bar.finish();
  if (values.json) console.log(JSON.stringify({ file, database: describeDatabase(), ...summary }));
  else printSummary(file, summary, Number(values["show-rejections"]));
  return summary.experiences.rejected + summary.contentRevisions.rejected + summary.unknown.rejected > 0 ? EXIT.badInput : EXIT.ok;
}

// Run as a script (npm run import); imported by the CLI, it only exports runImport.
if (require.main === module) void runImport(process.argv.slice(2)).then((code) => (process.exitCode = code));

function printSummary(file: string, s: ImportSummary, show: number): void {
  const row = (label: string, c: ImportSummary["experiences"]) =>
    `  ${label.padEnd(18)} added ${c.added.toLocaleString("en").padStart(10)}   skipped ${c.skipped.toLocaleString("en").padStart(10)}   rejected ${c.rejected.toLocaleString("en").padStart(8)}`;
  const seconds = s.elapsedMs / 1000;
  console.log(`imported ${file} into ${describeDatabase()}`);
  const how = s.bulk ? ", one bulk transaction" : s.bulkFallback ? ", per batch (the bulk path is SQLite's)" : ", per batch";
  console.log(`  ${s.lines.toLocaleString("en")} lines in ${seconds.toFixed(1)} s (${Math.round(s.lines / seconds).toLocaleString("en")} lines/s)${how}${s.optimized ? ", search index optimized" : ""}`);
  console.log(row("experiences", s.experiences));
  console.log(row("content revisions", s.contentRevisions));
  if (s.unknown.rejected > 0) console.log(row("unknown lines", s.unknown));
  const held = s.held.experiences + s.held.contentRevisions;
  if (held > 0) console.log(`  held for review:   ${held.toLocaleString("en")} (screening found text aimed at agents; see the review queue)`);
  if (s.unverifiedKeys > 0) console.log(`  unverified:        ${s.unverifiedKeys.toLocaleString("en")} lines claimed a key this hub did not issue (stored without it)`);
  const rejected = s.experiences.rejected + s.contentRevisions.rejected + s.unknown.rejected;
  if (rejected === 0) return;
  console.log(`rejected lines${rejected > show ? ` (first ${show} of ${rejected})` : ""}:`);
  for (const r of s.rejections.slice(0, show)) console.log(`  line ${r.line} (${r.kind}): ${r.reason}`);
}
