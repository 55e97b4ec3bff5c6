// Writes every content revision and every experience as JSONL (see record-format.ts) from one
// consistent snapshot. Revisions come first, in (id, revision) order, so an import can check that
// each follows the one before it; experiences follow in id order, so a restore into an empty
// database recreates them in the same order (same ids, same first spelling of each resource name).
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import type { Writable } from "node:stream";
import { fromDbTime } from "../db-time";
import { experienceLine, revisionLine } from "./record-format";
import { openSnapshot } from "./repo";

export type ExportSummary = { experiences: number; contentRevisions: number; elapsedMs: number };
export type ExportProgress = { written: number; total: number };

export async function exportToStream(
  out: Writable,
  onProgress?: (progress: ExportProgress) => void,
): Promise<ExportSummary> {
  const started = performance.now();
  const snapshot = openSnapshot();
  const total = snapshot.counts.experiences + snapshot.counts.revisions;
  const summary: ExportSummary = { experiences: 0, contentRevisions: 0, elapsedMs: 0 };
  const emit = async (record: Record<string, unknown>) => {
    if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, "drain");
    const written = summary.experiences + summary.contentRevisions;
    if (written % 5000 === 0) onProgress?.({ written, total });
  };
  try {
    for (const row of snapshot.revisions()) {
      summary.contentRevisions++;
      await emit(revisionLine({ ...row, revision: Number(row.revision), sortOrder: Number(row.sortOrder), createdAt: fromDbTime(row.createdAt) }));
    }
    for (const row of snapshot.experiences()) {
      summary.experiences++;
      await emit(
        experienceLine({
          ...row,
          score: Number(row.score),
          createdAt: fromDbTime(row.createdAt),
          updatedAt: fromDbTime(row.updatedAt),
        }),
      );
    }
  } finally {
    snapshot.close();
  }
  onProgress?.({ written: total, total });
  summary.elapsedMs = performance.now() - started;
  return summary;
}

export async function exportFile(path: string, onProgress?: (progress: ExportProgress) => void): Promise<ExportSummary> {
  const out = createWriteStream(path);
  try {
    const summary = await exportToStream(out, onProgress);
    out.end();
    await once(out, "finish");
    return summary;
  } catch (error) {
    out.destroy();
    throw error;
  }
}
