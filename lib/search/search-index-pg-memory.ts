// PostgreSQL's search postings held in each server process (#19 item 6; memory-postings.ts): loaded
// once from experience_search, then kept current from experience_search_changes (migration
// 20261220000000_search_changes), so that several servers on one database answer as one would.
//
// Correct across servers: the load reads every row and the generation in one REPEATABLE READ
// snapshot. Every transaction that changes experience_search records the ids with its generation,
// and generations are handed out in commit order (the generation row stays locked from a
// transaction's first write to its commit), so the changes since a snapshot of generation G are
// exactly the rows with gen > G. Whenever a search's generation (notified at every commit, read
// after this process's own writes: pg-generation-watch.ts) is past the one the postings hold, the
// search first reads those changes and the rows they name as they are now, in one statement, and
// applies them. So a write on one server is in another's very next search once its notification
// has come, as the answer cache already was (test/search-generation-pg.test.ts).
//
// Until the load is done (and after a failure, or when changes were pruned before this process read
// them: it loads again), every read goes to PostgreSQL as before, with the same answers.
import pg, { type Pool } from "pg";
import { readCountSetting } from "../count-setting";
import { MemoryPostings, type RowChange } from "./memory-postings";
import type { CandidateRow } from "./search-index";

export const MEMORY_INDEX_TUNING = {
  /** Rows per page of the load (keyset pages in one snapshot, so the load's memory stays bounded). */
  pageRows: 5_000,
  /**
   * The load starts at this index's second search: a command that searches once (`knowhub search`)
   * never pays for reading every row.
   */
  loadAtSearch: 2,
  /** After a failed load, searches read PostgreSQL until a retry this much later. */
  retryMs: 30_000,
} as const;

/** KNOWHUB_PG_MEMORY_INDEX=0: no postings in memory, every search reads PostgreSQL (a server short of memory). */
export function memoryIndexSetting(): boolean {
  return readCountSetting("KNOWHUB_PG_MEMORY_INDEX", 1) !== 0;
}

const ROW_COLUMNS = /* sql */ `
  s.id, s.resource_key AS "resourceKey", s.score, s.reporter,
  s.search_name AS "sName", s.search_task AS "sTask", s.search_tips AS "sTips", s.search_outcome AS "sOutcome"`;

const LOAD_GENERATION_SQL = /* sql */ `SELECT value::bigint::text AS gen FROM search_meta WHERE key = 'generation'`;
const LOAD_PAGE_SQL = /* sql */ `SELECT ${ROW_COLUMNS} FROM experience_search s WHERE s.id > $1 ORDER BY s.id LIMIT $2`;

// One snapshot: the generation, every id changed since $1 (id 0: changes were pruned, load again),
// and each one's row as it is now (none: it left the index).
const CHANGES_SQL = /* sql */ `
  WITH meta AS (SELECT value::bigint::text AS gen FROM search_meta WHERE key = 'generation'),
       changed AS (SELECT DISTINCT c.id AS changed FROM experience_search_changes c WHERE c.gen > $1::bigint)
  SELECT meta.gen, ch.changed, ${ROW_COLUMNS}
  FROM meta LEFT JOIN (changed ch LEFT JOIN experience_search s ON s.id = ch.changed) ON true`;

type ChangeRow = CandidateRow & { gen: string; changed: number | null };

export type MemoryIndex = {
  /**
   * The postings, holding at least every change up to `generation` (read from PostgreSQL first when
   * they do not yet), or null while they are not loaded (the caller reads PostgreSQL). A search's
   * first read may start the load.
   */
  at(generation: bigint): Promise<MemoryPostings | null>;
  /** Counts a search (the load starts at MEMORY_INDEX_TUNING.loadAtSearch). */
  searched(): void;
  /** Loads now if not yet loaded; whether the postings are in memory afterwards. */
  ready(): Promise<boolean>;
  /** The generation the postings hold, or null while none are loaded. */
  generation(): bigint | null;
  close(): void;
};

/** Whether an open connection keeps the process alive (the pg client has no API for it). */
function keepAlive(c: pg.Client, on: boolean): void {
  const stream = (c as unknown as { connection?: { stream?: { ref?: () => void; unref?: () => void } } }).connection?.stream;
  if (on) stream?.ref?.();
  else stream?.unref?.();
}

export function pgMemoryIndex(pool: Pool): MemoryIndex {
  let postings: MemoryPostings | null = null;
  let held = -1n;
  let loading: Promise<void> | null = null;
  let catching: Promise<void> | null = null;
  let retryAt = 0;
  let searches = 0;
  let client: pg.Client | null = null;
  let closed = false;
  // Someone waits for the load (ready()): it must keep the process alive. A load a search started in
  // the background must not: a process that is done (a CLI command) does not wait for it.
  let awaited = false;

  const load = async () => {
    const c = new pg.Client({ ...pool.options, application_name: "knowhub-search-load" });
    client = c;
    c.on("error", () => undefined);
    try {
      await c.connect();
      keepAlive(c, awaited);
      await c.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
      const { rows: meta } = await c.query<{ gen: string }>(LOAD_GENERATION_SQL);
      const next = new MemoryPostings();
      for (let after = 0; ; ) {
        const { rows } = await c.query<CandidateRow>(LOAD_PAGE_SQL, [after, MEMORY_INDEX_TUNING.pageRows]);
        next.apply(rows.map((row) => ({ id: row.id, row })));
        if (rows.length < MEMORY_INDEX_TUNING.pageRows || closed) break;
        after = rows[rows.length - 1].id;
      }
      await c.query("COMMIT");
      next.compact();
      if (closed) return;
      [postings, held] = [next, BigInt(meta[0]?.gen ?? "0")];
    } catch {
      retryAt = Date.now() + MEMORY_INDEX_TUNING.retryMs;
    } finally {
      if (client === c) client = null;
      c.end().catch(() => undefined);
    }
  };
  const startLoad = () => {
    if (closed || pool.ending || loading || Date.now() < retryAt) return loading;
    loading = load().finally(() => (loading = null));
    return loading;
  };

  const catchUp = async () => {
    const { rows } = await pool.query<ChangeRow>(CHANGES_SQL, [held.toString()]);
    if (!postings || rows.length === 0) return;
    if (rows.some((r) => r.changed === 0)) {
      // Pruned before this process read them: load everything again (PostgreSQL meanwhile).
      [postings, held] = [null, -1n];
      void startLoad();
      return;
    }
    const changes: RowChange[] = rows.filter((r) => r.changed !== null).map((r) => ({ id: r.changed!, row: r.id === null ? null : r }));
    postings.apply(changes);
    held = BigInt(rows[0].gen);
  };

  return {
    searched() {
      if (++searches >= MEMORY_INDEX_TUNING.loadAtSearch && !postings) void startLoad();
    },
    async at(generation) {
      if (closed || pool.ending) return null;
      // Twice at most: a catch-up under way may have read a snapshot older than this generation.
      for (let round = 0; round < 2 && postings && generation > held; round++) {
        catching ??= catchUp().finally(() => (catching = null));
        await catching;
      }
      return postings && generation <= held ? postings : null;
    },
    async ready() {
      awaited = true;
      if (client) keepAlive(client, true);
      if (!postings) await startLoad();
      return postings !== null;
    },
    generation: () => (postings ? held : null),
    close() {
      closed = true;
      postings = null;
      if (client) client.end().catch(() => undefined);
    },
  };
}
