// Keeps the stored analysis in step with the analyzer. The search_* columns (and so the FTS index)
// hold text as the analyzer of the day cut it; after an upgrade that changed analysis, queries
// would be cut one way and old reports another, and some would silently stop matching. So the
// database records which analyzer built it, and rows are analyzed again when the code's differs.
import { ANALYZER_VERSION, indexText } from "../text/analyze";
import { dbEngine } from "../db";
import { countExperiences, findAnalyzedRows, readSearchMeta, updateAnalyzedRows, writeSearchMeta } from "./analyzer-repo";
import { optimizeSearchIndex } from "./repo";

const BATCH = 2_000;
// Each rewritten row leaves its old entry in the FTS index as a delete marker in a new segment:
// past this many, merging the segments pays back on every query.
const OPTIMIZE_AFTER = 1_000;
const META_KEY = "analyzer";

export type ReanalyzeResult = { from: string | null; to: string; rows: number; changed: number } | null;

/**
 * Analyzes every experience again when the database was built by another analyzer version, and
 * writes only the rows whose terms changed (each write re-indexes the row through the trigger).
 * Null when the database is current. Batches commit one by one, and the version is recorded last:
 * an interrupted run starts over and finishes the job.
 */
export async function reanalyzeIfStale(onProgress?: (done: number, total: number) => void): Promise<ReanalyzeResult> {
  const from = (await readSearchMeta(META_KEY)) ?? null;
  if (from === ANALYZER_VERSION) return null;
  const total = await countExperiences();
  let done = 0;
  let changed = 0;
  for (let after = 0; ; ) {
    const rows = await findAnalyzedRows(after, BATCH);
    if (rows.length === 0) break;
    const updates = rows.flatMap((row) => {
      const next = {
        id: row.id,
        searchName: indexText(row.name),
        searchTask: indexText(row.task),
        searchTips: indexText(row.tips),
        searchOutcome: indexText(row.outcome),
      };
      const same =
        next.searchName === row.searchName &&
        next.searchTask === row.searchTask &&
        next.searchTips === row.searchTips &&
        next.searchOutcome === row.searchOutcome;
      return same ? [] : [next];
    });
    if (updates.length > 0) await updateAnalyzedRows(updates);
    changed += updates.length;
    done += rows.length;
    after = rows[rows.length - 1].id;
    onProgress?.(done, total);
  }
  // FTS5 only: PostgreSQL's GIN index needs no merging by hand.
  if (changed >= OPTIMIZE_AFTER && dbEngine() === "sqlite") optimizeSearchIndex();
  await writeSearchMeta(META_KEY, ANALYZER_VERSION);
  return { from, to: ANALYZER_VERSION, rows: done, changed };
}
