// `knowhub backup FILE`: an online, consistent backup of a live hub (backup-format.ts, backup-repo.ts).
// The server keeps answering reads and writes meanwhile: the snapshot never holds the writer lock,
// and a write committed during the backup is simply not in it (it is in the next one).
import { createHash } from "node:crypto";
import { once } from "node:events";
import type { Writable } from "node:stream";
import { databaseUrl, dbStack, type Engine } from "../db";
import { writePrivateFile } from "../private-file";
import { VERSION } from "../version";
import { BACKUP_FORMAT, BACKUP_VERSION, headerLine, rowLine, tableLine, trailerLine, type BackupHeader } from "./backup-format";
import { openBackupSnapshot } from "./backup-repo";
import { BACKUP_TABLES } from "./backup-tables";

export type BackupSummary = {
  file: string;
  engine: Engine;
  migration: string;
  tables: Record<string, number>;
  rows: number;
  bytes: number;
  elapsedMs: number;
};

export type BackupProgress = { table: string; written: number; total: number };

export type BackupOptions = {
  /** The hub to back up (default DATABASE_URL). */
  sourceUrl?: string;
  /** Called after the header and after each table; awaited, so a caller may pace the backup. */
  onProgress?: (progress: BackupProgress) => void | Promise<void>;
  now?: Date;
};

/** Writes a backup of the hub to `file` (created 0600, renamed into place when complete). */
export async function createBackup(file: string, options: BackupOptions = {}): Promise<BackupSummary> {
  const started = performance.now();
  const sourceUrl = options.sourceUrl ?? databaseUrl();
  // The app's own database is opened (and migrated) as every command opens it.
  if (sourceUrl === databaseUrl()) await dbStack();
  const snapshot = await openBackupSnapshot(sourceUrl);
  try {
    // A column this format does not know (a database migrated by a newer KnowHub) would be lost.
    for (const table of BACKUP_TABLES) {
      const have = [...(await snapshot.columnsOf(table))].sort();
      const want = table.columns.map(([c]) => c).sort();
      if (JSON.stringify(have) !== JSON.stringify(want)) {
        throw new Error(`cannot back up: table ${table.name} has columns ${have.join(", ")}, backup format ${BACKUP_VERSION} knows ${want.join(", ")} (a database of another KnowHub version)`);
      }
    }
    const total = Object.values(snapshot.counts).reduce((a, b) => a + b, 0);
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      engine: snapshot.engine,
      migration: snapshot.migration,
      createdAt: (options.now ?? new Date()).toISOString(),
      knowhub: VERSION,
      tables: snapshot.counts,
      sequences: snapshot.sequences,
    };
    let bytes = 0;
    let written = 0;
    await writePrivateFile(file, async (out: Writable) => {
      const hash = createHash("sha256");
      const emit = async (line: string, hashed = true) => {
        const text = `${line}\n`;
        if (hashed) hash.update(text);
        bytes += Buffer.byteLength(text);
        if (!out.write(text)) await once(out, "drain");
      };
      await emit(headerLine(header));
      await options.onProgress?.({ table: "", written, total });
      for (const table of BACKUP_TABLES) {
        await emit(tableLine(table));
        let rows = 0;
        for await (const row of snapshot.rows(table)) {
          await emit(JSON.stringify(rowLine(table, row)));
          rows++;
        }
        // The snapshot's counts and its rows come from one read: a difference is a bug, not a race.
        if (rows !== snapshot.counts[table.name]) throw new Error(`backup read ${rows} rows of ${table.name}, counted ${snapshot.counts[table.name]}`);
        written += rows;
        await options.onProgress?.({ table: table.name, written, total });
      }
      await emit(trailerLine(written, hash.digest("hex")), false);
    });
    return { file, engine: snapshot.engine, migration: snapshot.migration, tables: snapshot.counts, rows: written, bytes, elapsedMs: performance.now() - started };
  } finally {
    await snapshot.close();
  }
}
