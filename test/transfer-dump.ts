// Everything an import writes, for comparing two databases of one engine (export then import, the
// per-batch and bulk paths): every stored column (analyzed search columns, hashes, times included),
// the search index's own terms with their counts, the id sequences, and the schema. SQLite: the FTS
// index's terms with document and occurrence counts (fts5vocab reads the index, not the content
// table). PostgreSQL: the tsvector column and experience_terms, checked against each other.
import { db } from "@/lib/db";

/** Rows of `sql`, every column included (on PostgreSQL as the server writes them as JSON). */
async function rowsOf(sql: string): Promise<unknown[]> {
  if (db().engine === "sqlite") return db().all(sql);
  const rows = await db().all<{ row: string }>(`SELECT row_to_json(t)::text AS "row" FROM (${sql}) t`);
  return rows.map((r) => JSON.parse(r.row));
}

export async function dumpDatabase() {
  const tables = {
    experiences: await rowsOf("SELECT * FROM experiences ORDER BY id"),
    resources: await rowsOf("SELECT * FROM resources ORDER BY key"),
    contents: await rowsOf("SELECT * FROM contents ORDER BY id"),
    revisions: await rowsOf("SELECT * FROM content_revisions ORDER BY content_id, revision"),
  };
  if (db().engine === "sqlite") {
    // Throws if any published row is missing from the index, or the index holds anything else.
    await db().run("INSERT INTO experience_fts (experience_fts) VALUES ('integrity-check')");
    return {
      ...tables,
      fts: await db().all("SELECT rowid, * FROM experience_fts WHERE experience_fts MATCH 'pdf OR 表格' ORDER BY rowid"),
      vocab: await db().all("SELECT term, doc, cnt FROM experience_vocab ORDER BY term"),
      sequence: await db().all("SELECT * FROM sqlite_sequence ORDER BY name"),
      schema: await schema(),
    };
  }
  const vocab = await db().all<{ term: string; doc: number }>(`SELECT term, doc FROM experience_terms ORDER BY term COLLATE "C"`);
  // The index's term counts must be what the published rows hold, as SQLite's integrity-check demands.
  const recounted = await db().all<{ term: string; doc: number }>(
    `SELECT t AS term, COUNT(*) AS doc FROM experiences, unnest(tsvector_to_array(search_vector)) AS t
     WHERE status = 'published' GROUP BY t ORDER BY t COLLATE "C"`,
  );
  if (JSON.stringify(recounted) !== JSON.stringify(vocab)) throw new Error("experience_terms does not match the published rows' search vectors");
  return {
    ...tables,
    // The rows the index finds for a few terms, as SQLite's fts sample above.
    fts: await rowsOf(`SELECT id, search_vector FROM experiences WHERE search_vector @@ to_tsquery('simple', 'pdf | 表格') ORDER BY id`),
    vocab,
    sequence: await db().all(`SELECT sequencename AS name, last_value AS seq FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`),
    schema: await schema(),
  };
}

/** The schema: every table, index and trigger, with its definition. */
export async function schema() {
  if (db().engine === "sqlite") return db().all("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name");
  return db().all(
    `SELECT 'index' AS type, indexname AS name, tablename AS tbl_name, indexdef AS sql FROM pg_indexes WHERE schemaname = 'public'
     UNION ALL
     SELECT 'trigger', t.tgname, c.relname, pg_get_triggerdef(t.oid) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND NOT t.tgisinternal
     UNION ALL
     SELECT 'column', table_name || '.' || column_name, table_name, data_type || ' ' || is_nullable || ' ' || COALESCE(column_default, '')
       FROM information_schema.columns WHERE table_schema = 'public'
     ORDER BY 1, 2`,
  );
}
