// `knowhub restore FILE`: a backup (backup-format.ts) into an empty database, all or nothing.
//
// 1. The whole file is read and checked first (format version, tables and columns, every row, the
//    counts, the trailer's checksum): a truncated, damaged or newer file is refused before the
//    target is touched.
// 2. One transaction on the target, under its writer lock: refused unless every table is empty
//    (search_meta aside) and the target's columns are the file's. Then the rows go in, in the file's
//    order, ids kept: keys, content and revisions, experiences (the target's triggers build
//    resources, votes and the search structures from them, as for any write), then each resource's
//    own columns (name, shown and pinned url and category, skeleton, first and last seen, description) are set
//    from the file, then redirects, the audit log, search logs, content misses and search_meta.
// 3. Before COMMIT, what the triggers derived (every resource row with its counts and scores, every
//    vote) is compared with the file row for row, and the sequences are set to the source's; any
//    difference, error or change in the file since step 1 rolls everything back.
import { databaseUrl, type Engine } from "../db";
import { DomainError } from "../errors";
import { readBackup, rowLine } from "./backup-format";
import { openRestoreTarget, ROWS_PER_BATCH, type RestoreTarget } from "./backup-repo";
import { BACKUP_TABLES, type BackupTable } from "./backup-tables";

export type RestoreSummary = {
  file: string;
  engine: Engine;
  /** The engine the backup was taken on. */
  sourceEngine: Engine;
  tables: Record<string, number>;
  rows: number;
  elapsedMs: number;
};

export type RestoreProgress = { table: string; restored: number; total: number };

export type RestoreOptions = {
  /** The database to restore into (default DATABASE_URL): created and migrated when new, refused when not empty. */
  targetUrl?: string;
  onProgress?: (progress: RestoreProgress) => void;
};

/** A resource's columns that are its own state; the rest the triggers derive from the experiences. */
const RESOURCE_OWN_COLUMNS = ["name", "url", "category", "skeleton", "pinned_url", "pinned_category", "first_seen", "last_seen", "description"];

export async function restoreBackup(file: string, options: RestoreOptions = {}): Promise<RestoreSummary> {
  const started = performance.now();
  const { header, rows: total } = await readBackup(file);
  const target = await openRestoreTarget(options.targetUrl ?? databaseUrl());
  try {
    await target.begin();
    await checkTarget(target);
    // What the triggers must build, as the file's lines, to compare before COMMIT.
    const expected = new Map<string, string[]>(BACKUP_TABLES.filter((t) => t.restore !== "insert" && t.restore !== "upsert").map((t) => [t.name, []]));
    let batch: unknown[][] = [];
    let restored = 0;
    const flush = async (table: BackupTable) => {
      const rows = batch;
      batch = [];
      if (table.restore === "insert") await target.insert(table, rows);
      else if (table.restore === "upsert") await target.upsert(table, rows);
      else if (table.restore === "resources") {
        // Resources without a single experience (kept after their reports moved away) are made here.
        const missing = new Set(await target.update(table, RESOURCE_OWN_COLUMNS, rows));
        if (missing.size) await target.insert(table, rows.filter((row) => missing.has(row[0])));
      }
      restored += rows.length;
      options.onProgress?.({ table: table.name, restored, total });
    };
    await readBackup(file, {
      onRow: async (table, row) => {
        expected.get(table.name)?.push(JSON.stringify(row));
        if (table.restore === "derived") return;
        batch.push(row);
        if (batch.length >= ROWS_PER_BATCH) await flush(table);
      },
      onTableEnd: async (table) => {
        if (table.restore === "derived") restored += header.tables[table.name];
        else await flush(table);
      },
    });
    for (const [name, lines] of expected) await checkDerived(target, BACKUP_TABLES.find((t) => t.name === name)!, lines);
    for (const table of BACKUP_TABLES.filter((t) => t.sequence)) await target.setSequence(table, header.sequences[table.name]);
    await target.commit();
    return { file, engine: target.engine, sourceEngine: header.engine, tables: header.tables, rows: total, elapsedMs: performance.now() - started };
  } catch (error) {
    await target.rollback();
    throw error;
  } finally {
    await target.close();
  }
}

async function checkTarget(target: RestoreTarget): Promise<void> {
  const filled = await target.tablesWithRows();
  if (filled.length) {
    throw new DomainError("conflict", `the target database is not empty (${filled.join(", ")} hold rows): a backup is restored only into an empty database; nothing was written`, {
      tables: filled,
    });
  }
  for (const table of BACKUP_TABLES) {
    const have = [...(await target.columnsOf(table))].sort();
    const want = table.columns.map(([c]) => c).sort();
    if (JSON.stringify(have) !== JSON.stringify(want)) {
      throw new DomainError("conflict", `the target's table ${table.name} has columns ${have.join(", ")}, the backup's are ${want.join(", ")}: restore with the KnowHub version that took it; nothing was written`, {
        table: table.name,
      });
    }
  }
}

/** The target's rows of a table the triggers built must be the file's, line for line. */
async function checkDerived(target: RestoreTarget, table: BackupTable, lines: string[]): Promise<void> {
  let i = 0;
  for await (const row of target.rows(table)) {
    const line = JSON.stringify(rowLine(table, row));
    if (line !== lines[i]) {
      throw new Error(`restore check failed: ${table.name} row ${i + 1} is ${line} on the target, ${lines[i] ?? "absent"} in the backup; nothing was written`);
    }
    i++;
  }
  if (i !== lines.length) throw new Error(`restore check failed: the target has ${i} ${table.name} rows, the backup ${lines.length}; nothing was written`);
}
