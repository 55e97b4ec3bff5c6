// Writes content revisions and experiences as JSONL (see record-format.ts) from one consistent
// snapshot: by default what the public sees (published rows only: a held, rejected or hidden one
// must not leak through an export); with `all`, every row with its moderation state, review queue
// and locks included. Not a backup: keys, pins, redirects and the audit log are not in it
// (`knowhub backup`, create-backup.ts, holds everything). Written 0600, as the database is. Revisions come first, in (id, revision) order, so an import can check that
// each follows the one before it; experiences follow in id order, so a restore into an empty
// database recreates them in the same order (same ids, same first spelling of each resource name).
// Both engines write the same lines in the same order for the same rows (repo.ts, repo-pg.ts), so a
// file exported from one imports into the other and exports again unchanged.
import { once } from "node:events";
import type { Writable } from "node:stream";
import { dbEngine } from "../db";
import { fromDbTime } from "../db-time";
import { writePrivateFile } from "../private-file";
import { experienceLine, revisionLine } from "./record-format";
import { openSnapshot } from "./repo";
import { openPgSnapshot } from "./repo-pg";

export type ExportSummary = { experiences: number; contentRevisions: number; elapsedMs: number };
export type ExportProgress = { written: number; total: number };
export type ExportOptions = {
  /** Every row whatever its moderation status, with findings, reasons and locks (a backup). */
  all?: boolean;
};

export async function exportToStream(
  out: Writable,
  onProgress?: (progress: ExportProgress) => void,
  options: ExportOptions = {},
): Promise<ExportSummary> {
  const started = performance.now();
  const all = options.all ?? false;
  const snapshot = dbEngine() === "postgres" ? await openPgSnapshot(all) : openSnapshot(all);
  const total = snapshot.counts.experiences + snapshot.counts.revisions;
  const summary: ExportSummary = { experiences: 0, contentRevisions: 0, elapsedMs: 0 };
  const emit = async (record: Record<string, unknown>) => {
    if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, "drain");
    const written = summary.experiences + summary.contentRevisions;
    if (written % 5000 === 0) onProgress?.({ written, total });
  };
  try {
    for await (const row of snapshot.revisions()) {
      summary.contentRevisions++;
      await emit(
        revisionLine(
          {
            ...row,
            revision: Number(row.revision),
            sortOrder: Number(row.sortOrder),
            locked: Boolean(Number(row.locked)),
            createdAt: fromDbTime(row.createdAt),
          },
          all,
        ),
      );
    }
    for await (const row of snapshot.experiences()) {
      summary.experiences++;
      await emit(
        experienceLine(
          { ...row, score: Number(row.score), createdAt: fromDbTime(row.createdAt), updatedAt: fromDbTime(row.updatedAt) },
          all,
        ),
      );
    }
  } finally {
    await snapshot.close();
  }
  onProgress?.({ written: total, total });
  summary.elapsedMs = performance.now() - started;
  return summary;
}

/** Writes the export to `path`: created 0600, as the database is, and renamed into place when complete. */
export async function exportFile(
  path: string,
  onProgress?: (progress: ExportProgress) => void,
  options: ExportOptions = {},
): Promise<ExportSummary> {
  return writePrivateFile(path, (out) => exportToStream(out, onProgress, options));
}
