// Import and export on PostgreSQL (repo.ts is SQLite's side and holds what both share). Imports go
// through the async data layer: the caller runs each batch in one transaction() (the hub's writer
// lock), experiences are inserted many rows per statement (one round trip per few hundred rows
// instead of one per row), and the migration's triggers maintain resources, votes and term counts
// exactly as for an API write. There is no bulk path: PostgreSQL's triggers are set-wise already
// where it matters (term counts per statement), and suspending them would need the table's owner.
// Exports read one REPEATABLE READ snapshot on one pooled connection, in keyset pages, so a million
// rows never sit in memory.
import { CONTENT_WRITE_SQL } from "../contents/repo";
import { db, getPgPool, type SqlParams } from "../db";
import { bindSql, normalizeRow } from "../db-sql";
import { EXPERIENCE_FIELDS, type ExperienceValues, type RevisionWrite } from "./prepare-record";
import {
  EXPERIENCE_COLUMNS, EXPORT_SQL, FIND_LATEST_REVISION_SQL, FIND_STORED_REVISION_SQL, planRevision,
  type ExportExperienceRow, type ExportRevisionRow, type ExportSnapshot, type RevisionOutcome, type StoredRevision,
} from "./repo";

const PG_TRANSFER = {
  /**
   * Experiences per INSERT statement: 22 parameters a row, so 500 rows are 11,000 parameters (the
   * protocol allows 65,535). 50 rows a statement wrote 10,000 fresh rows in 10.0 s; 250, 500 and
   * 1,000 all took 4-6 s (on the shared machine, within its noise): the per-row triggers are most of
   * the rest, and each statement also moves the term counts once.
   */
  experiencesPerStatement: 500,
  /** Rows per keyset page of an export. */
  exportPageRows: 2_000,
} as const;

const HASH_AT = EXPERIENCE_FIELDS.indexOf("submissionHash");

/**
 * Inserts a batch's experiences in line order; for each, whether it was stored (false: an experience
 * with the same submission hash exists, or came earlier in the batch). Call inside transaction().
 */
export async function insertExperiencesPg(rows: readonly ExperienceValues[]): Promise<boolean[]> {
  const added = rows.map(() => false);
  // A repeat of an earlier line of the batch is a duplicate, as SQLite's row-by-row insert finds it;
  // only the first of each hash is sent, so RETURNING names exactly one line per stored row.
  const lineOf = new Map<string, number>();
  rows.forEach((values, i) => {
    const hash = values[HASH_AT] as string;
    if (!lineOf.has(hash)) lineOf.set(hash, i);
  });
  const sent = [...lineOf.values()];
  for (let start = 0; start < sent.length; start += PG_TRANSFER.experiencesPerStatement) {
    const chunk = sent.slice(start, start + PG_TRANSFER.experiencesPerStatement);
    // Each `?` takes one row's values as a list (lib/db-sql.ts). VALUES keeps line order, so the
    // ids (and the resources' first spellings) come out in the order of the file, as on SQLite.
    const inserted = await db().all<{ submissionHash: string }>(
      /* sql */ `INSERT INTO experiences (${EXPERIENCE_COLUMNS.join(", ")}) VALUES ${chunk.map(() => "(?)").join(", ")}
       ON CONFLICT (submission_hash) DO NOTHING RETURNING submission_hash AS "submissionHash"`,
      chunk.map((i) => rows[i]),
    );
    for (const row of inserted) added[lineOf.get(row.submissionHash)!] = true;
  }
  return added;
}

/** One revision by planRevision's rules (repo.ts), as SQLite's writer adds it. Call inside transaction(). */
export async function writeRevisionPg(row: RevisionWrite): Promise<RevisionOutcome> {
  const key = { id: row.id, revision: row.revision };
  const stored = await db().get<StoredRevision>(FIND_STORED_REVISION_SQL, key);
  const current = stored ? null : await db().get<{ latestRevision: number }>(FIND_LATEST_REVISION_SQL, { id: row.id });
  const plan = planRevision(row, stored, current?.latestRevision);
  if (!Array.isArray(plan)) return plan;
  const values = { ...row, at: row.createdAt };
  for (const statement of plan) await db().run(CONTENT_WRITE_SQL[statement], values);
  return "added";
}

/**
 * PostgreSQL's snapshot: one REPEATABLE READ READ ONLY transaction on one pooled connection, so every
 * page sees the database as it was at the first read, whatever the server writes meanwhile. Rows
 * come in keyset pages in the order SQLite's export reads them (content ids compare by code point on
 * a C.UTF-8 database, as SQLite's BINARY does); times, counts and booleans as lib/db-sql.ts
 * normalizes them.
 */
export async function openPgSnapshot(all = false): Promise<ExportSnapshot> {
  const client = await (await getPgPool()).connect();
  const query = async <T>(sql: string, params: SqlParams): Promise<T[]> => {
    const bound = bindSql("postgres", sql, params);
    const result = await client.query(bound.text, bound.values);
    return result.rows.map((row: Record<string, unknown>) => normalizeRow<T>(row));
  };
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    client.release(error);
  };
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const count = async (sql: string) => Number((await query<{ n: number | string }>(sql, { all }))[0].n);
    const counts = { experiences: await count(EXPORT_SQL.countExperiences), revisions: await count(EXPORT_SQL.countRevisions) };
    return {
      counts,
      revisions: () =>
        pages<ExportRevisionRow, { contentId: string; revision: number }>(
          (after) =>
            query<ExportRevisionRow>(`${EXPORT_SQL.revisions("AND (r.content_id, r.revision) > (@afterId, @afterRevision)")} LIMIT @limit`, {
              all,
              afterId: after?.contentId ?? "",
              afterRevision: after?.revision ?? 0,
              limit: PG_TRANSFER.exportPageRows,
            }),
        ),
      experiences: () =>
        pages<ExportExperienceRow, { id: number }>((after) =>
          query<ExportExperienceRow>(`${EXPORT_SQL.experiences("AND id > @afterId")} LIMIT @limit`, {
            all,
            afterId: after?.id ?? 0,
            limit: PG_TRANSFER.exportPageRows,
          }),
        ),
      close: async () => {
        if (released) return;
        try {
          await client.query("COMMIT");
          release();
        } catch (error) {
          // A read-only transaction loses nothing by ending badly (and an error that stopped the
          // export is the one to report); the connection is closed instead of handed back.
          release(error as Error);
        }
      },
    };
  } catch (error) {
    release(error as Error);
    throw error;
  }
}

/** Every row of keyset pages: `read(after)` gives the page after the last row of the one before. */
async function* pages<T extends K, K>(read: (after: K | null) => Promise<T[]>): AsyncGenerator<T> {
  let after: K | null = null;
  for (;;) {
    const page = await read(after);
    yield* page;
    if (page.length < PG_TRANSFER.exportPageRows) return;
    after = page[page.length - 1];
  }
}
