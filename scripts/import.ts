// npm run import -- FILE.jsonl [--db file:./data/knowhub.db] [--workers N] [--batch N] [--bulk | --per-batch]
// Imports experiences and content revisions (see lib/transfer/record-format.ts) and prints what was
// added, skipped as an exact duplicate, and rejected (with line numbers and reasons). Large files
// go in as one bulk transaction (API writes wait until it commits); --per-batch keeps the database
// writable between batches, --bulk forces the bulk path for a small file. Both leave the same rows.
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { closeDb } from "../lib/db";
import { databasePath } from "../lib/db-migrate";
import { importFile, type ImportSummary } from "../lib/transfer/import-records";
import { progressBar } from "./lib/progress-bar";
import { describeReanalysis, reanalyzeWithProgress } from "./lib/reanalyze-with-progress";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    db: { type: "string" },
    workers: { type: "string" },
    batch: { type: "string" },
    bulk: { type: "boolean" },
    "per-batch": { type: "boolean" },
    "show-rejections": { type: "string", default: "50" },
  },
});

if (positionals.length !== 1 || (values.bulk && values["per-batch"])) {
  console.error("usage: npm run import -- FILE.jsonl [--db file:PATH] [--workers N] [--batch LINES] [--bulk | --per-batch]");
  process.exit(2);
}
if (values.db) process.env.DATABASE_URL = values.db;

const file = positionals[0];

async function main(): Promise<void> {
  // importFile does this too; here it gets a progress bar, since a large database takes minutes.
  const reanalyzed = reanalyzeWithProgress();
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
  await closeDb();
  printSummary(summary, Number(values["show-rejections"]));
  process.exitCode = summary.experiences.rejected + summary.contentRevisions.rejected + summary.unknown.rejected > 0 ? 1 : 0;
}

void main();

function printSummary(s: ImportSummary, show: number): void {
  const row = (label: string, c: ImportSummary["experiences"]) =>
    `  ${label.padEnd(18)} added ${c.added.toLocaleString("en").padStart(10)}   skipped ${c.skipped.toLocaleString("en").padStart(10)}   rejected ${c.rejected.toLocaleString("en").padStart(8)}`;
  const seconds = s.elapsedMs / 1000;
  console.log(`imported ${file} into ${databasePath()}`);
  console.log(`  ${s.lines.toLocaleString("en")} lines in ${seconds.toFixed(1)} s (${Math.round(s.lines / seconds).toLocaleString("en")} lines/s)${s.bulk ? ", one bulk transaction" : ", per batch"}${s.optimized ? ", search index optimized" : ""}`);
  console.log(row("experiences", s.experiences));
  console.log(row("content revisions", s.contentRevisions));
  if (s.unknown.rejected > 0) console.log(row("unknown lines", s.unknown));
  const rejected = s.experiences.rejected + s.contentRevisions.rejected + s.unknown.rejected;
  if (rejected === 0) return;
  console.log(`rejected lines${rejected > show ? ` (first ${show} of ${rejected})` : ""}:`);
  for (const r of s.rejections.slice(0, show)) console.log(`  line ${r.line} (${r.kind}): ${r.reason}`);
}
