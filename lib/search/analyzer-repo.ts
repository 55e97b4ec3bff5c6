// What keeping the stored analysis current reads and writes (reanalyze.ts), on either engine:
// search_meta and the experiences' analyzed columns. The engines' own index structures follow the
// columns (SQLite's FTS triggers, PostgreSQL's generated tsvector and term triggers).
import { db, transaction } from "../db";

export async function readSearchMeta(key: string): Promise<string | undefined> {
  const row = await db().get<{ value: string }>(/* sql */ `SELECT value FROM search_meta WHERE key = ?`, [key]);
  return row?.value;
}

export async function writeSearchMeta(key: string, value: string): Promise<void> {
  await db().run(/* sql */ `INSERT INTO search_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, [key, value]);
}

/** What the analyzer reads and writes of an experience (any status: a hidden one may come back). */
export type AnalyzedRow = {
  id: number;
  name: string;
  task: string;
  tips: string;
  outcome: string;
  searchName: string;
  searchTask: string;
  searchTips: string;
  searchOutcome: string;
};

export async function countExperiences(): Promise<number> {
  return (await db().get<{ n: number }>(/* sql */ `SELECT count(*) AS n FROM experiences`))!.n;
}

/** The next `limit` experiences after `afterId`, in id order. */
export function findAnalyzedRows(afterId: number, limit: number): Promise<AnalyzedRow[]> {
  return db().all<AnalyzedRow>(
    /* sql */ `SELECT id, name, task, tips, outcome, search_name AS "searchName", search_task AS "searchTask",
              search_tips AS "searchTips", search_outcome AS "searchOutcome"
       FROM experiences WHERE id > ? ORDER BY id LIMIT ?`,
    [afterId, limit],
  );
}

/** Writes new analyzed columns in one transaction; the engine re-indexes each row. */
export async function updateAnalyzedRows(rows: Pick<AnalyzedRow, "id" | "searchName" | "searchTask" | "searchTips" | "searchOutcome">[]): Promise<void> {
  await transaction(async () => {
    for (const row of rows) {
      await db().run(
        /* sql */ `UPDATE experiences SET search_name = @searchName, search_task = @searchTask,
                  search_tips = @searchTips, search_outcome = @searchOutcome WHERE id = @id`,
        row,
      );
    }
  });
}
