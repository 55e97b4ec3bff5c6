// Everything an import writes, for comparing the per-batch and bulk paths: every stored column
// (analyzed search columns, hashes, times included), the FTS index's own terms with their document
// and occurrence counts (fts5vocab reads the index, not the content table), and the schema.
import { getSqlite } from "@/lib/db";

export function dumpDatabase() {
  const db = getSqlite();
  const all = (sql: string) => db.prepare(sql).all();
  // Throws if any published row is missing from the index, or the index holds anything else.
  db.exec("INSERT INTO experience_fts (experience_fts) VALUES ('integrity-check')");
  return {
    experiences: all("SELECT * FROM experiences ORDER BY id"),
    resources: all("SELECT * FROM resources ORDER BY key"),
    contents: all("SELECT * FROM contents ORDER BY id"),
    revisions: all("SELECT * FROM content_revisions ORDER BY content_id, revision"),
    fts: all("SELECT rowid, * FROM experience_fts WHERE experience_fts MATCH 'pdf OR 表格' ORDER BY rowid"),
    vocab: all("SELECT term, doc, cnt FROM experience_vocab ORDER BY term"),
    sequence: all("SELECT * FROM sqlite_sequence ORDER BY name"),
    schema: schema(),
  };
}

export function schema() {
  return getSqlite().prepare("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").all();
}
