// The only file that touches the database for import and export. Raw better-sqlite3 on purpose:
// a million rows through per-row Prisma calls would take an hour; prepared statements inside one
// BEGIN IMMEDIATE transaction per batch take minutes. The triggers in the migration still maintain
// the resource aggregates and the FTS index, exactly as for an API write.
import Database from "better-sqlite3";
import { getSqlite, type Sqlite } from "../db";
import { databasePath } from "../db-migrate";
import type { ExperienceWrite, RevisionWrite } from "./prepare-record";

export type RevisionOutcome = "added" | "skipped" | { rejected: string };

/**
 * Bulk writes touch far more pages than the API does: a bigger page cache avoids re-reading index
 * pages. Returns the undo, so a long-lived process (a server running an import) gets its setting back.
 */
export function tuneForBulkWrite(db: Sqlite = getSqlite()): () => void {
  const previous = db.pragma("cache_size", { simple: true }) as number;
  db.pragma("cache_size = -262144"); // 256 MiB, this connection only
  return () => db.pragma(`cache_size = ${Number(previous)}`);
}

export function runImmediate<T>(work: () => T, db: Sqlite = getSqlite()): T {
  return db.transaction(work).immediate();
}

export function createWriters(db: Sqlite = getSqlite()) {
  const insertExperience = db.prepare(
    /* sql */ `INSERT INTO experiences (name, resource_key, url, category, task, score, outcome, tips, content_id,
       submitted_by, status, submission_hash, search_name, search_task, search_tips, search_outcome, created_at, updated_at)
     VALUES (@name, @resourceKey, @url, @category, @task, @score, @outcome, @tips, @contentId,
       @submittedBy, @status, @submissionHash, @searchName, @searchTask, @searchTips, @searchOutcome, @createdAt, @updatedAt)
     ON CONFLICT (submission_hash) DO NOTHING`,
  );
  const findRevision = db.prepare(
    /* sql */ `SELECT title, sort_order AS sortOrder, content_hash AS contentHash, submitted_by AS submittedBy
     FROM content_revisions WHERE content_id = ? AND revision = ?`,
  );
  const findCurrent = db.prepare(/* sql */ `SELECT revision FROM contents WHERE id = ?`);
  const insertRevision = db.prepare(
    /* sql */ `INSERT INTO content_revisions (content_id, revision, title, body, sort_order, content_hash, submitted_by, created_at)
     VALUES (@id, @revision, @title, @body, @sortOrder, @contentHash, @submittedBy, @createdAt)`,
  );
  const insertNode = db.prepare(
    /* sql */ `INSERT INTO contents (id, root_id, parent_id, title, body, sort_order, revision, content_hash,
       submitted_by, created_at, updated_at)
     VALUES (@id, @rootId, @parentId, @title, @body, @sortOrder, @revision, @contentHash, @submittedBy, @createdAt, @createdAt)`,
  );
  const advanceNode = db.prepare(
    /* sql */ `UPDATE contents SET title = @title, body = @body, sort_order = @sortOrder, revision = @revision,
       content_hash = @contentHash, submitted_by = @submittedBy, updated_at = @createdAt WHERE id = @id`,
  );

  return {
    /** True when stored, false when an experience with the same submission hash already exists. */
    experience(row: ExperienceWrite): boolean {
      return insertExperience.run(row).changes > 0;
    },

    /**
     * Revisions of a node are numbered 1..n without gaps, as the API numbers them: a revision is
     * added only after the one before it, an identical stored revision is skipped, a different one
     * under the same number is a conflict. The node row always shows its latest revision.
     */
    revision(row: RevisionWrite): RevisionOutcome {
      const stored = findRevision.get(row.id, row.revision) as
        | Pick<RevisionWrite, "title" | "sortOrder" | "contentHash" | "submittedBy">
        | undefined;
      if (stored) {
        // The time is not part of a revision's identity: a line without created_at gets "now".
        const same =
          stored.contentHash === row.contentHash && stored.title === row.title &&
          stored.sortOrder === row.sortOrder && stored.submittedBy === row.submittedBy;
        return same ? "skipped" : { rejected: `content "${row.id}" already has a different revision ${row.revision}` };
      }
      const current = findCurrent.get(row.id) as { revision: number } | undefined;
      const latest = current?.revision ?? 0;
      if (row.revision !== latest + 1) {
        return { rejected: `content "${row.id}" revision ${row.revision} must follow revision ${row.revision - 1}, which is missing` };
      }
      // The node row first: content_revisions references it.
      if (current) advanceNode.run(row);
      else insertNode.run(row);
      insertRevision.run(row);
      return "added";
    },
  };
}

/** FTS5 merges its many small insert segments into one: fewer segments to read per query. */
export function optimizeSearchIndex(db: Sqlite = getSqlite()): void {
  db.exec(/* sql */ `INSERT INTO experience_fts (experience_fts) VALUES ('optimize')`);
  db.exec(/* sql */ `PRAGMA optimize`);
}

/** Folds the write-ahead log back into the database file, so a server started next reads no huge WAL. */
export function checkpoint(db: Sqlite = getSqlite()): void {
  db.pragma("wal_checkpoint(TRUNCATE)");
}

export type ExportExperienceRow = {
  id: number; name: string; url: string; category: string; task: string; score: number; outcome: string; tips: string;
  contentId: string; submittedBy: string; status: string; createdAt: string; updatedAt: string;
};

export type ExportRevisionRow = {
  contentId: string; revision: number; title: string; body: string; sortOrder: number; submittedBy: string; createdAt: string;
};

/**
 * A dedicated read-only connection inside one read transaction: the export is a consistent snapshot
 * even while the server keeps writing, and it never holds the shared handle busy across awaits.
 */
export function openSnapshot() {
  getSqlite(); // creates and migrates the file if needed
  const db = new Database(databasePath(), { readonly: true, timeout: 10_000 });
  db.exec("BEGIN");
  const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
  return {
    counts: {
      experiences: count(/* sql */ `SELECT COUNT(*) AS n FROM experiences`),
      revisions: count(/* sql */ `SELECT COUNT(*) AS n FROM content_revisions`),
    },
    revisions: () =>
      db
        .prepare(
          /* sql */ `SELECT content_id AS contentId, revision, title, body, sort_order AS sortOrder,
             submitted_by AS submittedBy, created_at AS createdAt
           FROM content_revisions ORDER BY content_id, revision`,
        )
        .iterate() as IterableIterator<ExportRevisionRow>,
    experiences: () =>
      db
        .prepare(
          /* sql */ `SELECT id, name, url, category, task, score, outcome, tips, content_id AS contentId,
             submitted_by AS submittedBy, status, created_at AS createdAt, updated_at AS updatedAt
           FROM experiences ORDER BY id`,
        )
        .iterate() as IterableIterator<ExportExperienceRow>,
    close: () => {
      if (db.inTransaction) db.exec("COMMIT");
      db.close();
    },
  };
}
