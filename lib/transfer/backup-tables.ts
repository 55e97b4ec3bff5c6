// What a backup holds (docs/architecture.md, Backups): every table that is the hub's state, in the
// order a restore writes them (a row's references come before it), each in a fixed row order (its
// primary key; text compared by code point on both engines), each column with the kind that says
// how its values are written on the line (times as one ISO 8601 form, booleans as booleans,
// numbers as numbers) whatever the engine stored.
//
// Left out, on purpose: admin_sessions (a console session is a login on one server, not the hub's
// state: a restored hub asks its operators to log in again); the search generation in search_meta
// (a cache key the triggers move); and what each engine derives from the rows by triggers (SQLite's
// FTS5 tables, PostgreSQL's experience_terms, experience_search and search_vector): the target's
// own triggers build them as the experiences go in. resources and resource_votes are derived in
// part; they are in the file so that a restore can check what the target's triggers built against
// the source, row for row (and resources also carry state of their own: display name, shown and
// pinned url and category, skeleton, first and last seen, description).
export type ColumnKind = "text" | "int" | "float" | "bool" | "time";

/**
 * A column added after format 1: the format that first wrote it, and the value a row of an older
 * file gets (the column's default in the migration that added it).
 */
export type ColumnSince = { readonly since: number; readonly fill: string | number | null };

export type BackupTable = {
  readonly name: string;
  readonly columns: readonly (readonly [string, ColumnKind] | readonly [string, ColumnKind, ColumnSince])[];
  /** The format that first wrote the table (1 when absent): an older file restores it empty. */
  readonly since?: number;
  /** The row order: the primary key. */
  readonly orderBy: readonly string[];
  /**
   * How a restore treats the rows: insert them as they are; "resources" (the triggers make the rows
   * from the experiences, the restore then sets their own columns and checks the derived ones);
   * "derived" (the triggers make them; the restore checks they equal the file's); "upsert" (the
   * migrations may have written a row of the same key: the file's value wins).
   */
  readonly restore: "insert" | "resources" | "derived" | "upsert";
  /** Rows left out (a condition on the table's columns, the same SQL on both engines). */
  readonly where?: string;
  /** The id sequence the table draws from (kept, so a restored hub never reuses an id). */
  readonly sequence?: "id";
};

const time = "time" as const;
const text = "text" as const;
const int = "int" as const;
/** Added in format 2 (#21: verdicts, near-duplicates, learning from use). */
const v2 = (fill: string | number | null): ColumnSince => ({ since: 2, fill });
/** Added in format 3 (#22: a resource's one-line description). */
const v3 = (fill: string | number | null): ColumnSince => ({ since: 3, fill });
const v4 = (fill: string | number | null): ColumnSince => ({ since: 4, fill });

export const BACKUP_TABLES: readonly BackupTable[] = [
  {
    name: "api_keys",
    columns: [["id", text], ["label", text], ["scope", text], ["token_hash", text], ["trusted", "bool"], ["created_at", time], ["last_used_at", time], ["revoked_at", time]],
    orderBy: ["id"],
    restore: "insert",
  },
  {
    name: "contents",
    columns: [
      ["id", text], ["root_id", text], ["parent_id", text], ["title", text], ["body", text], ["sort_order", int], ["revision", int],
      ["latest_revision", int], ["locked", "bool"], ["skeleton", text], ["content_hash", text], ["submitted_by", text], ["key_id", text],
      ["key_label", text], ["created_at", time], ["updated_at", time],
    ],
    orderBy: ["id"],
    restore: "insert",
  },
  {
    name: "content_revisions",
    columns: [
      ["content_id", text], ["revision", int], ["title", text], ["body", text], ["sort_order", int], ["content_hash", text], ["submitted_by", text],
      ["key_id", text], ["key_label", text], ["status", text], ["findings", text], ["status_reason", text], ["created_at", time],
    ],
    orderBy: ["content_id", "revision"],
    restore: "insert",
  },
  {
    name: "experiences",
    columns: [
      ["id", int], ["name", text], ["resource_key", text], ["url", text], ["category", text], ["task", text], ["score", int], ["outcome", text],
      ["tips", text], ["content_id", text], ["submitted_by", text], ["key_id", text], ["key_label", text], ["status", text], ["findings", text],
      ["status_reason", text], ["submission_hash", text], ["search_name", text], ["search_task", text], ["search_tips", text],
      ["search_outcome", text], ["near_signature", text, v2("")], ["created_at", time], ["updated_at", time], ["after_search", text, v2("")],
      ["version", text, v2("")],
    ],
    orderBy: ["id"],
    restore: "insert",
    sequence: "id",
  },
  // Verdicts and what they add up to (written by the app, not by triggers: restored as they are).
  {
    name: "experience_verdicts",
    since: 2,
    columns: [
      ["experience_id", int], ["key_id", text], ["key_label", text], ["verdict", text], ["reason", text], ["note", text], ["detail", text],
      ["version", text], ["duplicate_of", int], ["superseded_by", int], ["after_search", text], ["status", text], ["created_at", time], ["updated_at", time],
    ],
    orderBy: ["experience_id", "key_id"],
    restore: "insert",
  },
  {
    name: "verdict_citations",
    since: 2,
    columns: [["id", int], ["experience_id", int], ["key_id", text], ["search_id", text], ["created_at", time]],
    orderBy: ["id"],
    restore: "insert",
    sequence: "id",
  },
  {
    name: "experience_standing",
    since: 2,
    columns: [
      ["experience_id", int], ["confirmations", int], ["confirmed_by", text], ["flags", text], ["flag_weight", "float"], ["stale_weight", "float"], ["confidence", "float"],
      ["last_confirmed", time], ["latest_version", text], ["newer_version", text], ["superseded_by", int], ["updated_at", time],
    ],
    orderBy: ["experience_id"],
    restore: "insert",
  },
  {
    name: "resources",
    columns: [
      ["key", text], ["name", text], ["url", text], ["category", text], ["skeleton", text], ["experience_count", int], ["reporter_count", int],
      ["pinned_url", text], ["pinned_category", text], ["score_sum", int], ["score_1", int], ["score_2", int], ["score_3", int], ["score_4", int],
      ["score_5", int], ["first_seen", time], ["last_seen", time], ["description", text, v3("")],
    ],
    orderBy: ["key"],
    restore: "resources",
  },
  {
    name: "resource_votes",
    columns: [["resource_key", text], ["voter", text], ["score", int]],
    orderBy: ["resource_key", "voter"],
    restore: "derived",
  },
  {
    name: "resource_redirects",
    columns: [["from_key", text], ["to_key", text], ["created_at", time]],
    orderBy: ["from_key"],
    restore: "insert",
  },
  {
    name: "audit_log",
    columns: [
      ["id", int], ["at", time], ["actor_key_id", text], ["actor_label", text], ["action", text], ["target_type", text], ["target_id", text],
      ["reason", text], ["before", text], ["after", text],
    ],
    orderBy: ["id"],
    restore: "insert",
    sequence: "id",
  },
  {
    name: "search_logs",
    columns: [["id", int], ["query", text], ["category", text], ["result_count", int], ["abstained", "bool"], ["latency_ms", "float"], ["key_id", text], ["created_at", time],
      ["search_id", text, v2("")], ["confidence", text, v2("")], ["shown_keys", text, v2("[]")], ["confident_count", int, v2(0)],
      ["client_id", text, v4("")]],
    orderBy: ["id"],
    restore: "insert",
    sequence: "id",
  },
  {
    name: "content_misses",
    columns: [["id", int], ["content_id", text], ["created_at", time], ["client_id", text, v4("")]],
    orderBy: ["id"],
    restore: "insert",
    sequence: "id",
  },
  // What search learned from use (lib/learning): the judged evidence and the links, with a
  // maintainer's removals. The links' generation trigger moves the restored hub's generation.
  {
    name: "learning_evidence",
    since: 2,
    columns: [
      ["id", int], ["source", text], ["source_id", int], ["experience_id", int], ["key_id", text], ["search_id", text], ["query", text],
      ["terms", text], ["resource_key", text], ["search_confidence", text], ["counts", "bool"], ["reason", text], ["created_at", time],
    ],
    orderBy: ["id"],
    restore: "insert",
    sequence: "id",
  },
  {
    name: "learned_links",
    since: 2,
    columns: [
      ["id", int], ["phrase", text], ["terms", text], ["resource_key", text], ["experience_ids", text], ["key_count", int],
      ["evidence_count", int], ["status", text], ["created_at", time], ["updated_at", time], ["removed_at", time], ["removed_by", text],
      ["removed_reason", text],
    ],
    orderBy: ["id"],
    restore: "insert",
    sequence: "id",
  },
  {
    name: "search_meta",
    columns: [["key", text], ["value", text]],
    orderBy: ["key"],
    restore: "upsert",
    where: "key <> 'generation'",
  },
];

/** Tables a restore target must have no rows in besides the backup's own (search_meta aside: the migrations fill it). */
export const TARGET_MUST_BE_EMPTY = [...BACKUP_TABLES.filter((t) => t.name !== "search_meta").map((t) => t.name), "admin_sessions"];

export function backupTable(name: string): BackupTable {
  const table = BACKUP_TABLES.find((t) => t.name === name);
  if (!table) throw new Error(`no backup table ${name}`);
  return table;
}
