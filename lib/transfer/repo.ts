// Import and export on SQLite, and what both engines share (repo-pg.ts is PostgreSQL's side).
// Raw better-sqlite3 on purpose: a million rows through per-row Prisma calls would take an hour;
// prepared statements inside one BEGIN IMMEDIATE transaction per batch take minutes. The triggers in
// the migration still maintain the resource aggregates and the FTS index, exactly as for an API
// write; a bulk import applies the per-row one set-wise instead (beginBulkImport), with the same
// result.
import Database, { type Statement } from "better-sqlite3";
import { CONTENT_WRITE_SQL } from "../contents/repo";
import { db, dbEngine, getSqlite, type Sqlite } from "../db";
import { databasePath } from "../db-migrate";
import { EXPERIENCE_FIELDS, type ExperienceValues, type RevisionWrite } from "./prepare-record";

export type RevisionOutcome = "added" | "skipped" | { rejected: string };

/**
 * Bulk writes touch far more pages than the API does: a bigger page cache avoids re-reading index
 * pages. Returns the undo, so a long-lived process (a server running an import) gets its setting back.
 * SQLite's: on PostgreSQL (no `db` given) the server's own settings stand, and this does nothing.
 */
export function tuneForBulkWrite(given?: Sqlite): () => void {
  if (!given && dbEngine() !== "sqlite") return () => undefined;
  const db = given ?? getSqlite();
  const previous = db.pragma("cache_size", { simple: true }) as number;
  db.pragma("cache_size = -262144"); // 256 MiB, this connection only
  return () => db.pragma(`cache_size = ${Number(previous)}`);
}

/** The keys this hub issued, id -> label (revoked ones too: they did write what they wrote). Either engine. */
export async function readIssuedKeys(): Promise<Map<string, string>> {
  const rows = await db().all<{ id: string; label: string }>(/* sql */ `SELECT id, label FROM api_keys`);
  return new Map(rows.map((row) => [row.id, row.label]));
}

/** The CONTENT_WRITE_SQL statements an imported revision is written with. */
export type RevisionStatement = Exclude<keyof typeof CONTENT_WRITE_SQL, "hideNode">;

/** A stored revision's identity (its time is not part of it: a line without created_at gets "now"). */
export type StoredRevision = Pick<RevisionWrite, "title" | "sortOrder" | "contentHash" | "submittedBy" | "keyId">;

/** Selects a StoredRevision by @id and @revision (both engines: the aliases are quoted). */
export const FIND_STORED_REVISION_SQL = /* sql */ `SELECT title, sort_order AS "sortOrder", content_hash AS "contentHash",
    submitted_by AS "submittedBy", key_id AS "keyId"
  FROM content_revisions WHERE content_id = @id AND revision = @revision`;

/** Selects the node's latest_revision by @id. */
export const FIND_LATEST_REVISION_SQL = /* sql */ `SELECT latest_revision AS "latestRevision" FROM contents WHERE id = @id`;

/**
 * The rules for one imported revision, for both engines' writers. A node's revisions are added in
 * increasing order, each above every revision the node already has (as the API numbers them); gaps
 * are allowed, because a public export leaves out held, rejected and hidden revisions. An identical
 * stored revision is skipped (whatever its status: an import adds, it does not re-decide), a
 * different one under the same number is a conflict. Returns the outcome, or the CONTENT_WRITE_SQL
 * statements that write it, in order: the node row first (content_revisions references it), and the
 * node then shows its latest published revision, exactly as an API write leaves it.
 */
export function planRevision(
  row: RevisionWrite,
  stored: StoredRevision | null | undefined,
  latestRevision: number | null | undefined,
): Exclude<RevisionOutcome, "added"> | RevisionStatement[] {
  if (stored) {
    const same =
      stored.contentHash === row.contentHash && stored.title === row.title &&
      Number(stored.sortOrder) === row.sortOrder && stored.submittedBy === row.submittedBy &&
      stored.keyId === row.keyId;
    return same ? "skipped" : { rejected: `content "${row.id}" already has a different revision ${row.revision}` };
  }
  const latest = Number(latestRevision ?? 0);
  if (row.revision <= latest) {
    return {
      rejected: `content "${row.id}" revision ${row.revision} is out of order: the node already has revisions up to ${latest} (a node's revisions must come in increasing order)`,
    };
  }
  const statements: RevisionStatement[] = [];
  if (latestRevision === null || latestRevision === undefined) statements.push("insertNode");
  statements.push("insertRevision", "noteRevision");
  // The newest revision so far: when published, it is the node's latest published one.
  if (row.status === "published") statements.push("showRevision");
  if (row.locked) statements.push("lockNode");
  return statements;
}

export function runImmediate<T>(work: () => T, db: Sqlite = getSqlite()): T {
  return db.transaction(work).immediate();
}

/** experiences' columns in EXPERIENCE_FIELDS order (camelCase field = snake_case column), for positional binding. */
export const EXPERIENCE_COLUMNS = EXPERIENCE_FIELDS.map((field) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));

export function createWriters(db: Sqlite = getSqlite()) {
  const insertExperience = db.prepare(
    /* sql */ `INSERT INTO experiences (${EXPERIENCE_COLUMNS.join(", ")}) VALUES (${EXPERIENCE_COLUMNS.map(() => "?").join(", ")})
     ON CONFLICT (submission_hash) DO NOTHING`,
  );
  const findRevision = db.prepare(FIND_STORED_REVISION_SQL);
  const findCurrent = db.prepare(FIND_LATEST_REVISION_SQL);
  const write: Record<RevisionStatement, Statement> = {
    insertRevision: db.prepare(CONTENT_WRITE_SQL.insertRevision),
    insertNode: db.prepare(CONTENT_WRITE_SQL.insertNode),
    noteRevision: db.prepare(CONTENT_WRITE_SQL.noteRevision),
    showRevision: db.prepare(CONTENT_WRITE_SQL.showRevision),
    lockNode: db.prepare(CONTENT_WRITE_SQL.lockNode),
  };

  return {
    /** True when stored, false when an experience with the same submission hash already exists. */
    experience(values: ExperienceValues): boolean {
      return insertExperience.run(values).changes > 0;
    },

    /** One revision by planRevision's rules. */
    revision(row: RevisionWrite): RevisionOutcome {
      const key = { id: row.id, revision: row.revision };
      const stored = findRevision.get(key) as StoredRevision | undefined;
      const current = stored ? undefined : (findCurrent.get(key) as { latestRevision: number } | undefined);
      const plan = planRevision(row, stored, current?.latestRevision);
      if (!Array.isArray(plan)) return plan;
      const values = { ...row, at: row.createdAt };
      for (const statement of plan) write[statement].run(values);
      return "added";
    },
  };
}

// The triggers a bulk import suspends: per published row, experiences_ai updates the resource's
// count, inserts the row's vote and its FTS entry, and resource_votes_ai adds each vote to the
// resource's score columns; together about half of an insert's cost. The BEFORE INSERT trigger that
// creates a resource row stays: it is a cheap key lookup, the foreign key needs it, and it fires
// exactly as on the per-row path (even for a duplicate line that is then skipped).
// search_generation_experience_insert would bump the search generation once per imported row;
// applyPerRowTriggersSetwise bumps it once.
const SUSPENDED_TRIGGERS = ["experiences_ai", "resource_votes_ai", "search_generation_experience_insert"] as const;

export type BulkImport = {
  db: Sqlite;
  /** Applies the suspended triggers' effect set-wise, restores the triggers, commits, closes. */
  commit(): void;
  /** Rolls everything back (the triggers included) and closes. */
  abort(): void;
};

/**
 * A whole import as one transaction on a dedicated connection. The per-row triggers are dropped
 * inside the transaction and recreated from their own stored text (sqlite_master.sql, i.e. the
 * migrations' exact SQL) before COMMIT: no other connection can ever see the schema without them,
 * and a crash at any point rolls back to the database as it was, triggers and index included.
 * EXCLUSIVE keeps every other writer out until then; readers keep their snapshot (WAL).
 */
export function beginBulkImport(): BulkImport {
  getSqlite(); // creates and migrates the file if needed
  const db = new Database(databasePath(), { timeout: 10_000 });
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  tuneForBulkWrite(db);
  let open = true;
  const close = () => {
    open = false;
    if (db.inTransaction) db.exec("ROLLBACK");
    db.close();
  };
  try {
    db.exec("BEGIN EXCLUSIVE");
    const triggers = SUSPENDED_TRIGGERS.map((name) => {
      const row = db
        .prepare(/* sql */ `SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?`)
        .get(name) as { sql: string } | undefined;
      if (!row) throw new Error(`trigger ${name} is missing: the database is not migrated`);
      return { name, sql: row.sql };
    });
    // Rows added by this import are exactly those above the current largest id (AUTOINCREMENT
    // never reuses ids, and no other writer can insert until COMMIT).
    const { lastId } = db.prepare(/* sql */ `SELECT COALESCE(MAX(id), 0) AS lastId FROM experiences`).get() as { lastId: number };
    for (const trigger of triggers) db.exec(/* sql */ `DROP TRIGGER "${trigger.name}"`);
    return {
      db,
      commit() {
        if (!open) throw new Error("bulk import already finished");
        try {
          applyPerRowTriggersSetwise(db, lastId);
          for (const trigger of triggers) db.exec(trigger.sql);
          db.exec("COMMIT");
        } finally {
          close();
        }
      },
      abort() {
        if (open) close();
      },
    };
  } catch (error) {
    close();
    throw error;
  }
}

/**
 * What the suspended triggers would have done for each published row above lastId, in one
 * statement per step. Resources: the counts add up; first_seen/last_seen are a min/max; url and
 * category are filled, only while empty, from the first published row (by id) that has one, which
 * is where the trigger's "CASE WHEN url = '' THEN NEW.url" sequence ends up. Votes: each new row
 * without a key is a vote; each key seen in the new rows votes with its latest published report;
 * the touched resources' score columns are then added up from their votes. FTS: the same rows,
 * in id order.
 */
function applyPerRowTriggersSetwise(db: Sqlite, lastId: number): void {
  db.prepare(/* sql */ `UPDATE search_meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'generation'`).run();
  db.prepare(
    /* sql */ `UPDATE resources SET
       experience_count = experience_count + added.n,
       url = CASE WHEN url = '' AND added.url_id IS NOT NULL
         THEN (SELECT e.url FROM experiences e WHERE e.id = added.url_id) ELSE url END,
       category = CASE WHEN category = '' AND added.category_id IS NOT NULL
         THEN (SELECT e.category FROM experiences e WHERE e.id = added.category_id) ELSE category END,
       first_seen = min(first_seen, added.first_at),
       last_seen = max(last_seen, added.last_at)
     FROM (
       SELECT resource_key, COUNT(*) AS n,
         MIN(CASE WHEN url <> '' THEN id END) AS url_id, MIN(CASE WHEN category <> '' THEN id END) AS category_id,
         MIN(created_at) AS first_at, MAX(created_at) AS last_at
       -- "+status": read the new rows by id range, not by random lookups through the status index.
       FROM experiences WHERE id > ? AND +status = 'published' GROUP BY resource_key
     ) AS added
     WHERE resources.key = added.resource_key`,
  ).run(lastId);
  db.prepare(
    /* sql */ `INSERT INTO resource_votes (resource_key, voter, score)
     SELECT resource_key, 'e:' || id, score FROM experiences WHERE id > ? AND +status = 'published' AND key_id = ''`,
  ).run(lastId);
  db.prepare(
    /* sql */ `INSERT OR REPLACE INTO resource_votes (resource_key, voter, score)
     SELECT k.resource_key, 'k:' || k.key_id,
       (SELECT e.score FROM experiences e
        WHERE e.resource_key = k.resource_key AND e.key_id = k.key_id AND e.status = 'published'
        ORDER BY e.created_at DESC, e.id DESC LIMIT 1)
     FROM (SELECT DISTINCT resource_key, key_id FROM experiences
           WHERE id > ? AND +status = 'published' AND key_id <> '') AS k`,
  ).run(lastId);
  db.prepare(
    /* sql */ `UPDATE resources SET (reporter_count, score_sum, score_1, score_2, score_3, score_4, score_5) = (
       SELECT COUNT(*), COALESCE(SUM(v.score), 0), COALESCE(SUM(v.score = 1), 0), COALESCE(SUM(v.score = 2), 0),
         COALESCE(SUM(v.score = 3), 0), COALESCE(SUM(v.score = 4), 0), COALESCE(SUM(v.score = 5), 0)
       FROM resource_votes v WHERE v.resource_key = resources.key)
     WHERE key IN (SELECT DISTINCT resource_key FROM experiences WHERE id > ? AND +status = 'published')`,
  ).run(lastId);
  db.prepare(
    /* sql */ `INSERT INTO experience_fts (rowid, search_name, search_task, search_tips, search_outcome)
     SELECT id, search_name, search_task, search_tips, search_outcome
     FROM experiences WHERE id > ? AND +status = 'published' ORDER BY id`,
  ).run(lastId);
}

/**
 * Folds the write-ahead log back into the database file, so a server started next reads no huge WAL.
 * SQLite's: PostgreSQL checkpoints on its own, so there it does nothing.
 */
export function checkpoint(): void {
  if (dbEngine() !== "sqlite") return;
  getSqlite().pragma("wal_checkpoint(TRUNCATE)");
}

export type ExportExperienceRow = {
  id: number; name: string; url: string; category: string; task: string; score: number; outcome: string; tips: string;
  contentId: string; submittedBy: string; keyId: string; keyLabel: string; status: string; findings: string; statusReason: string;
  createdAt: string; updatedAt: string; version: string;
};

export type ExportRevisionRow = {
  contentId: string; revision: number; title: string; body: string; sortOrder: number; submittedBy: string;
  keyId: string; keyLabel: string; status: string; findings: string; statusReason: string;
  /** 0/1 on SQLite, a boolean on PostgreSQL. */
  locked: number | boolean;
  createdAt: string;
};

/** One consistent read of everything an export writes, on either engine. */
export type ExportSnapshot = {
  counts: { experiences: number; revisions: number };
  /** Content revisions in (content_id, revision) order. */
  revisions(): Iterable<ExportRevisionRow> | AsyncIterable<ExportRevisionRow>;
  /** Experiences in id order. */
  experiences(): Iterable<ExportExperienceRow> | AsyncIterable<ExportExperienceRow>;
  close(): void | Promise<void>;
};

// What an export reads, for both engines: the same columns in the same order. `after` is a keyset
// page's lower bound for PostgreSQL (repo-pg.ts); SQLite reads everything in one statement.
export const EXPORT_SQL = {
  countExperiences: /* sql */ `SELECT COUNT(*) AS n FROM experiences WHERE @all OR status = 'published'`,
  countRevisions: /* sql */ `SELECT COUNT(*) AS n FROM content_revisions WHERE @all OR status = 'published'`,
  revisions: (after: string) => /* sql */ `SELECT r.content_id AS "contentId", r.revision, r.title, r.body,
      r.sort_order AS "sortOrder", r.submitted_by AS "submittedBy", r.key_id AS "keyId", r.key_label AS "keyLabel",
      r.status, r.findings, r.status_reason AS "statusReason", c.locked, r.created_at AS "createdAt"
    FROM content_revisions r JOIN contents c ON c.id = r.content_id
    WHERE (@all OR r.status = 'published') ${after}
    ORDER BY r.content_id, r.revision`,
  experiences: (after: string) => /* sql */ `SELECT id, name, url, category, task, score, outcome, tips,
      content_id AS "contentId", submitted_by AS "submittedBy", key_id AS "keyId", key_label AS "keyLabel", status,
      findings, status_reason AS "statusReason", created_at AS "createdAt", updated_at AS "updatedAt", version
    FROM experiences WHERE (@all OR status = 'published') ${after} ORDER BY id`,
} as const;

/**
 * SQLite's snapshot: a dedicated read-only connection inside one read transaction, so the export is
 * consistent even while the server keeps writing, and it never holds the shared handle busy across
 * awaits. `all`: every row whatever its moderation status (a backup); otherwise published rows only
 * (what the public sees).
 */
export function openSnapshot(all = false): ExportSnapshot {
  getSqlite(); // creates and migrates the file if needed
  const db = new Database(databasePath(), { readonly: true, timeout: 10_000 });
  db.exec("BEGIN");
  const params = { all: all ? 1 : 0 };
  const count = (sql: string) => (db.prepare(sql).get(params) as { n: number }).n;
  return {
    counts: { experiences: count(EXPORT_SQL.countExperiences), revisions: count(EXPORT_SQL.countRevisions) },
    revisions: () => db.prepare(EXPORT_SQL.revisions("")).iterate(params) as IterableIterator<ExportRevisionRow>,
    experiences: () => db.prepare(EXPORT_SQL.experiences("")).iterate(params) as IterableIterator<ExportExperienceRow>,
    close: () => {
      if (db.inTransaction) db.exec("COMMIT");
      db.close();
    },
  };
}
