// The benchmark's anchors, run in-process on their own read-only connection to the bench database:
// the naive FTS5 query (OR of every analyzed term, bm25 order, the seed engine's 300-row candidate
// fetch) and the seed's LIKE scan. Also a few facts about the database for the report.
import Database from "better-sqlite3";

export type Anchors = ReturnType<typeof openAnchors>;

export function openAnchors(path: string) {
  const db = new Database(path, { readonly: true, timeout: 10_000 });
  db.pragma("cache_size = -131072"); // 128 MiB: the same order of page cache a warm server has
  const naive = db.prepare(
    /* sql */ `SELECT e.id, e.name, e.url, e.category, e.task, e.score, e.outcome, e.tips, e.content_id, e.submitted_by,
       e.status, e.created_at, e.updated_at, e.resource_key, bm25(experience_fts, 4.0, 3.0, 1.5, 1.0) AS rank
     FROM experience_fts JOIN experiences e ON e.id = experience_fts.rowid
     WHERE experience_fts MATCH ? ORDER BY rank LIMIT 300`,
  );
  const likeStatements = new Map<number, Database.Statement>();
  const like = (words: number) => {
    let statement = likeStatements.get(words);
    if (!statement) {
      const one = /* sql */ `task LIKE ? OR tips LIKE ? OR outcome LIKE ? OR name LIKE ?`;
      statement = db.prepare(
        /* sql */ `SELECT name, COUNT(*) AS hits, AVG(score) AS avgScore FROM experiences
         WHERE status = 'published' AND (${Array.from({ length: words }, () => one).join(" OR ")})
         GROUP BY name ORDER BY hits DESC LIMIT 10`,
      );
      likeStatements.set(words, statement);
    }
    return statement;
  };
  return {
    naive: (terms: string[]) =>
      terms.length === 0 ? [] : naive.all(terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(" OR ")),
    like: (query: string) => {
      const words = query.split(/\s+/).filter(Boolean);
      return like(words.length).all(...words.flatMap((w) => Array(4).fill(`%${w}%`)));
    },
    counts: () =>
      db
        .prepare(
          /* sql */ `SELECT (SELECT COUNT(*) FROM experiences) AS experiences,
             (SELECT COUNT(*) FROM resources WHERE experience_count > 0) AS resources,
             (SELECT COUNT(*) FROM content_revisions) AS revisions`,
        )
        .get() as { experiences: number; resources: number; revisions: number },
    /** Popular and random resource names for the resource page figures. */
    sampleResources: (popular: number, random: number): string[] => {
      const top = db
        .prepare(/* sql */ `SELECT name FROM resources ORDER BY experience_count DESC LIMIT ?`)
        .all(popular) as { name: string }[];
      const any = db
        .prepare(/* sql */ `SELECT name FROM resources WHERE experience_count > 0 ORDER BY random() LIMIT ?`)
        .all(random) as { name: string }[];
      return [...top, ...any].map((r) => r.name);
    },
    close: () => db.close(),
  };
}
