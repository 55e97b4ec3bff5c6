// The PostgreSQL triggers (prisma/pgsql/migrations) keep what the SQLite triggers keep. One random
// sequence of inserts, status changes, score changes, moves, merges, re-analyses and deletes, written
// as plain SQL, runs on PostgreSQL and on a SQLite database built by the SQLite migrations; at every
// checkpoint PostgreSQL's resources, votes and document frequencies must equal SQLite's, and equal
// what the experiences themselves say (one vote per reporter, computed from first principles).
// A server's search postings in memory, kept current from the change feed, must answer as PostgreSQL
// does at every checkpoint too. Then the rest: the append-only audit log, permanent resource keys, the search generation, the
// full-text vector (Chinese tokens included) and the name trigram index.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import pgLib from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase } from "@/lib/db-migrate";
import { pgSearchIndex, type PgSearchIndex } from "@/lib/search/search-index-pg";
import { expectSameAsPostgres } from "./memory-index-check";
import { usePgDatabase } from "./pg-database";

const pg = usePgDatabase();

type Row = Record<string, unknown>;
type Engine = { run(sql: string, params?: unknown[]): Promise<void>; all(sql: string, params?: unknown[]): Promise<Row[]> };

/** `?` placeholders become $1, $2... (the statements below hold no other question mark). */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

// Times as epoch milliseconds: SQLite keeps the ISO text it was given, PostgreSQL a timestamptz.
const ms = (v: unknown) => (v instanceof Date ? v.getTime() : Date.parse(String(v)));

// Token strings as lib/text/analyze.ts stores them in search_*: Chinese words, stems, and a token that
// PostgreSQL's own parser would split in two ("0e16a92": "0e16" and "a92").
const TEXTS = ["表格 提取 pdf", "pdf tabl extract", "scrape html 抓取 网页", "0e16a92 build", "async python 异步", "", "pdf"];
const NAMES = ["Alpha Kit", "alpha kit", "Beta Kit", "Gamma 表格"];
const KEYS = ["", "", "key_a1", "key_b2"];
const URLS = ["", "https://a.example", "https://b.example"];
const CATEGORIES = ["", "library", "api"];
const STATUSES = ["published", "published", "published", "pending", "hidden"];

describe.skipIf(!pg.available)("the PostgreSQL triggers against SQLite's", () => {
  let sqlite: Database.Database;
  let engines: { pg: Engine; sqlite: Engine };
  const dir = mkdtempSync(join(tmpdir(), "knowhub-pg-vs-sqlite-"));

  beforeAll(() => {
    const path = join(dir, "twin.db");
    migrateDatabase(path);
    sqlite = new Database(path);
    sqlite.pragma("foreign_keys = ON");
    engines = {
      pg: {
        run: async (sql, params = []) => void (await pg.query(numbered(sql), params)),
        all: async (sql, params = []) => (await pg.query(numbered(sql), params)).rows,
      },
      sqlite: {
        run: async (sql, params = []) => void sqlite.prepare(sql).run(...params),
        all: async (sql, params = []) => sqlite.prepare(sql).all(...params) as Row[],
      },
    };
  });
  afterAll(() => {
    sqlite?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function both(sql: string, params: unknown[] = []) {
    await engines.sqlite.run(sql, params);
    await engines.pg.run(sql, params);
  }

  async function resources(engine: Engine) {
    const rows = await engine.all(
      `SELECT key, name, url, category, experience_count, reporter_count, score_sum, score_1, score_2, score_3, score_4, score_5, first_seen, last_seen
       FROM resources ORDER BY key`,
    );
    return rows.map((r): Row => ({ ...r, first_seen: ms(r.first_seen), last_seen: ms(r.last_seen) }));
  }

  const votes = (engine: Engine) => engine.all(`SELECT resource_key, voter, score FROM resource_votes ORDER BY resource_key, voter`);

  /** One vote per reporter and the report counts, from the experiences themselves (PostgreSQL). */
  async function firstPrinciples() {
    const { rows } = await pg.query(
      `WITH voters AS (
         SELECT resource_key, CASE WHEN key_id = '' THEN 'e:' || id ELSE 'k:' || key_id END AS voter, score,
           ROW_NUMBER() OVER (PARTITION BY resource_key, CASE WHEN key_id = '' THEN 'e:' || id ELSE 'k:' || key_id END
                              ORDER BY created_at DESC, id DESC) AS n
         FROM experiences WHERE status = 'published')
       SELECT r.key, COUNT(v.voter)::int AS reporter_count, COALESCE(SUM(v.score), 0)::int AS score_sum,
         ${[1, 2, 3, 4, 5].map((s) => `COUNT(*) FILTER (WHERE v.score = ${s})::int AS score_${s}`).join(", ")},
         (SELECT COUNT(*) FROM experiences e WHERE e.resource_key = r.key AND e.status = 'published')::int AS experience_count
       FROM resources r LEFT JOIN voters v ON v.resource_key = r.key AND v.n = 1
       GROUP BY r.key ORDER BY r.key`,
    );
    return rows;
  }

  /** Document frequencies from the published rows' analyzed columns, counted in JavaScript. */
  async function termsFromRows() {
    const { rows } = await pg.query(`SELECT search_name, search_task, search_tips, search_outcome FROM experiences WHERE status = 'published'`);
    const counts = new Map<string, number>();
    let crowded = 0; // checkpoints where some resource had more reports than reporters
    for (const row of rows) {
      const terms = new Set(Object.values(row).flatMap((v) => String(v).split(" ").filter(Boolean)));
      for (const t of terms) counts.set(t, (counts.get(t) ?? 0) + 1);
    }
    return [...counts].map(([term, doc]) => ({ term, doc })).sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  }

  // A server's postings in memory (lib/search/search-index-pg-memory.ts), loaded at the first
  // checkpoint and kept current from the change feed through every later write.
  let server: { pool: pgLib.Pool; memory: PgSearchIndex; plain: PgSearchIndex } | null = null;
  afterAll(async () => {
    server?.memory.close();
    server?.plain.close();
    await server?.pool.end();
  });

  async function checkpoint(label: string) {
    if (!server) {
      const pool = new pgLib.Pool({ connectionString: pg.url(), max: 2 });
      server = { pool, memory: pgSearchIndex(pool, { memory: true, maxAgeMs: Infinity }), plain: pgSearchIndex(pool, { memory: false }) };
    }
    const phrases = TEXTS.flatMap((t) => t.split(" ").flatMap((w, i, ws) => (i > 0 ? [`${ws[i - 1]} ${w}`] : [])));
    await expectSameAsPostgres(server.memory, server.plain, async (sql, params) => (await pg.query(sql, params)).rows, phrases);
    const pgResources = await resources(engines.pg);
    expect(pgResources, `resources ${label}`).toEqual(await resources(engines.sqlite));
    expect(await votes(engines.pg), `votes ${label}`).toEqual(await votes(engines.sqlite));
    const expected = await firstPrinciples();
    expect(
      pgResources.map(({ key, reporter_count, score_sum, score_1, score_2, score_3, score_4, score_5, experience_count }) => ({
        key, reporter_count, score_sum, score_1, score_2, score_3, score_4, score_5, experience_count,
      })),
      `first principles ${label}`,
    ).toEqual(expected);
    const { rows: pgTerms } = await pg.query(`SELECT term, doc FROM experience_terms ORDER BY term`);
    expect(pgTerms, `terms from rows ${label}`).toEqual(await termsFromRows());
    const sqliteTerms = sqlite.prepare(`SELECT term, doc FROM experience_vocab ORDER BY term`).all();
    expect(pgTerms, `terms against SQLite's fts5vocab ${label}`).toEqual(sqliteTerms);
    const { rows: stat } = await pg.query(
      `SELECT word AS term, ndoc AS doc FROM ts_stat('SELECT search_vector FROM experiences WHERE status = ''published''') ORDER BY word COLLATE "C"`,
    );
    expect(pgTerms, `terms against ts_stat ${label}`).toEqual(stat);
    // The narrow search table (migration 20261211000000_search_table) holds exactly the published
    // rows, each as experiences holds it now.
    const searchColumns = `resource_key, score, search_name, search_task, search_tips, search_outcome, search_vector::text AS vector`;
    const { rows: narrow } = await pg.query(`SELECT id, reporter, ${searchColumns} FROM experience_search ORDER BY id`);
    const { rows: published } = await pg.query(
      `SELECT id, CASE WHEN key_id = '' THEN 'e:' || id ELSE 'k:' || key_id END AS reporter, ${searchColumns}
       FROM experiences WHERE status = 'published' ORDER BY id`,
    );
    expect(narrow, `search table against the published rows ${label}`).toEqual(published);
    // bm25's totals (migration 20261216000000_search_totals) as the published rows give them.
    const tokens = published.reduce(
      (sum, row) => sum + [row.search_name, row.search_task, row.search_tips, row.search_outcome].join(" ").split(" ").filter(Boolean).length,
      0,
    );
    const { rows: totals } = await pg.query(`SELECT "rows"::int AS rows, tokens::int AS tokens FROM experience_search_totals`);
    expect(totals, `bm25 totals ${label}`).toEqual([{ rows: published.length, tokens }]);
  }

  it("give the same resources, votes and document frequencies through a random sequence of writes", async () => {
    // mulberry32: every bit of it is random (an LCG's low bits cycle, and picks modulo 4 would repeat).
    let seed = 19;
    const random = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
    };
    const pick = <T>(xs: T[]) => xs[random(xs.length)];
    const at = () => new Date(Date.UTC(2026, 0, 1, 0, 0, random(600), random(1000))).toISOString();
    let hash = 0;
    const newRow = () => {
      const name = pick(NAMES);
      return [name, name.toLowerCase(), pick(URLS), pick(CATEGORIES), `task ${hash}`, 1 + random(5), pick(KEYS), pick(STATUSES),
        `h${hash++}`, pick(TEXTS), pick(TEXTS), pick(TEXTS), pick(TEXTS), at()];
    };
    const INSERT_COLUMNS = `(name, resource_key, url, category, task, score, key_id, status, submission_hash, search_name, search_task, search_tips, search_outcome, created_at)`;
    const VALUES = `(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
    const counts = new Map<string, number>();
    let crowded = 0; // checkpoints where some resource had more reports than reporters

    for (let step = 1; step <= 400; step += 1) {
      const ids = (await engines.pg.all(`SELECT id FROM experiences ORDER BY id`)).map((r) => Number(r.id));
      const keys = [...new Set((await engines.pg.all(`SELECT key FROM resources ORDER BY key`)).map((r) => String(r.key)))];
      const op = ids.length < 6 ? 0 : random(13);
      const id = ids.length ? pick(ids) : 0;
      const kind = ["insert", "status", "score", "move", "delete", "reanalyze", "key", "time", "merge", "bulk-hide", "bulk-delete", "insert-many", "transaction"][op];
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
      if (op === 0) await both(`INSERT INTO experiences ${INSERT_COLUMNS} VALUES ${VALUES}`, newRow());
      else if (op === 1) await both(`UPDATE experiences SET status = ? WHERE id = ?`, [pick(STATUSES), id]);
      else if (op === 2) await both(`UPDATE experiences SET score = ? WHERE id = ?`, [1 + random(5), id]);
      else if (op === 3) {
        // A move, sometimes to a resource that does not exist yet.
        const target = random(4) === 0 ? `new kit ${step}` : pick(keys);
        await both(`UPDATE experiences SET resource_key = ? WHERE id = ?`, [target, id]);
      } else if (op === 4) await both(`DELETE FROM experiences WHERE id = ?`, [id]);
      else if (op === 5) await both(`UPDATE experiences SET search_task = ?, search_tips = ? WHERE id = ?`, [pick(TEXTS), pick(TEXTS), id]);
      else if (op === 6) await both(`UPDATE experiences SET key_id = ? WHERE id = ?`, [pick(KEYS), id]);
      else if (op === 7) await both(`UPDATE experiences SET created_at = ? WHERE id = ?`, [at(), id]);
      else if (op === 8) await both(`UPDATE experiences SET resource_key = ? WHERE resource_key = ?`, [pick(keys), pick(keys)]); // a merge
      else if (op === 9) await both(`UPDATE experiences SET status = 'hidden' WHERE resource_key = ? AND score <= 2`, [pick(keys)]);
      else if (op === 10) await both(`DELETE FROM experiences WHERE resource_key = ? AND status <> 'published'`, [pick(keys)]);
      else if (op === 11) {
        const n = 2 + random(3);
        await both(`INSERT INTO experiences ${INSERT_COLUMNS} VALUES ${Array(n).fill(VALUES).join(", ")}`, Array.from({ length: n }, newRow).flat());
      } else {
        await both("BEGIN");
        await both(`INSERT INTO experiences ${INSERT_COLUMNS} VALUES ${VALUES}`, newRow());
        await both(`UPDATE experiences SET status = ?, score = ? WHERE id = ?`, [pick(STATUSES), 1 + random(5), id]);
        await both(`UPDATE experiences SET resource_key = ? WHERE id = ?`, [pick(keys), pick(ids)]);
        await both("COMMIT");
      }
      if (step % 20 === 0) {
        await checkpoint(`after step ${step} (${kind})`);
        const { rows } = await pg.query(`SELECT 1 FROM resources WHERE experience_count > reporter_count AND reporter_count > 0 LIMIT 1`);
        crowded += rows.length;
      }
    }
    // Every kind of write was exercised, and the checkpoints saw resources with several reporters and
    // keys with several reports on one resource (where "latest report" decides the vote).
    expect([...counts.keys()].sort()).toHaveLength(13);
    const { rows } = await pg.query(`SELECT max(reporter_count) AS most, count(*)::int AS resources FROM resources`);
    expect(rows[0].most).toBeGreaterThan(2);
    expect(crowded).toBeGreaterThan(3);
  });

  it("refuse to rename a resource's key in place, as SQLite does", async () => {
    const [{ key }] = (await pg.query(`SELECT key FROM resources LIMIT 1`)).rows;
    await expect(pg.query(`UPDATE resources SET key = 'renamed' WHERE key = $1`, [key])).rejects.toMatchObject({
      code: "23000",
      message: expect.stringMatching(/permanent/),
    });
    expect(() => sqlite.prepare(`UPDATE resources SET key = 'renamed' WHERE key = ?`).run(key)).toThrow(/permanent/);
    // Changing something else of the row is fine.
    await pg.query(`UPDATE resources SET pinned_url = 'https://pinned.example' WHERE key = $1`, [key]);
  });
});

describe.skipIf(!pg.available)("the append-only audit log on PostgreSQL", () => {
  it("takes inserts and refuses UPDATE, DELETE and TRUNCATE", async () => {
    await pg.query(`INSERT INTO audit_log (actor_label, action, target_type, target_id) VALUES ('admin', 'pin', 'resource', 'alpha kit')`);
    for (const sql of [`UPDATE audit_log SET reason = 'rewritten'`, `DELETE FROM audit_log`, `TRUNCATE audit_log`]) {
      await expect(pg.query(sql), sql).rejects.toMatchObject({ code: "23000", message: "the audit log is append-only" });
    }
    const { rows } = await pg.query(`SELECT action, reason FROM audit_log`);
    expect(rows).toEqual([{ action: "pin", reason: "" }]);
  });
});

describe.skipIf(!pg.available)("the search generation on PostgreSQL", () => {
  const generation = async () => Number((await pg.query(`SELECT value FROM search_meta WHERE key = 'generation'`)).rows[0].value);
  const insertExperience = (hash: string, resource = "generation kit") =>
    pg.query(
      `INSERT INTO experiences (name, resource_key, task, score, submission_hash, search_task) VALUES ($1, $2, 'task', 4, $3, 'pdf')`,
      [resource, resource, hash],
    );

  it("moves on writes to experiences and resources, and on nothing else", async () => {
    let before = await generation();
    await insertExperience("g1");
    expect(await generation()).toBe(before + 1);

    before = await generation();
    await pg.query(`UPDATE experiences SET status = 'hidden' WHERE submission_hash = 'g1'`);
    expect(await generation()).toBe(before + 1);
    await pg.query(`UPDATE resources SET pinned_category = 'library' WHERE key = 'generation kit'`);
    expect(await generation()).toBe(before + 2);
    await pg.query(`DELETE FROM experiences WHERE submission_hash = 'g1'`);
    expect(await generation()).toBe(before + 3);

    before = await generation();
    await pg.query(`INSERT INTO search_logs (query, result_count, abstained, latency_ms) VALUES ('pdf', 1, false, 2.5)`);
    await pg.query(`INSERT INTO content_misses (content_id) VALUES ('nowhere')`);
    await pg.query(`INSERT INTO api_keys (id, label, scope, token_hash) VALUES ('key_g', 'g', 'write', 'hash')`);
    await pg.query(`UPDATE api_keys SET last_used_at = now() WHERE id = 'key_g'`);
    await pg.query(`INSERT INTO admin_sessions (id_hash, key_label, expires_at) VALUES ('s', 'admin', now())`);
    await pg.query(`INSERT INTO contents (id, root_id, body, content_hash) VALUES ('a/b', 'a', 'body', 'c')`);
    await pg.query(`INSERT INTO content_revisions (content_id, revision, body, content_hash) VALUES ('a/b', 1, 'body', 'c')`);
    await pg.query(`INSERT INTO resource_redirects (from_key, to_key) VALUES ('old kit', 'generation kit')`);
    await pg.query(`INSERT INTO audit_log (actor_label, action, target_type, target_id) VALUES ('admin', 'x', 'y', 'z')`);
    await pg.query(`UPDATE search_meta SET value = '2' WHERE key = 'analyzer'`);
    expect(await generation()).toBe(before);
  });

  it("moves once per transaction, not at all for a rolled-back one, and again after a rolled-back savepoint", async () => {
    let before = await generation();
    await pg.query("BEGIN");
    await insertExperience("g2");
    await insertExperience("g3", "another generation kit");
    await pg.query(`UPDATE resources SET pinned_url = 'https://x.example' WHERE key = 'generation kit'`);
    await pg.query("COMMIT");
    expect(await generation()).toBe(before + 1);

    before = await generation();
    await pg.query("BEGIN");
    await insertExperience("g4");
    await pg.query("ROLLBACK");
    expect(await generation()).toBe(before);

    await pg.query("BEGIN");
    await pg.query("SAVEPOINT s");
    await insertExperience("g5");
    await pg.query("ROLLBACK TO SAVEPOINT s");
    await insertExperience("g6");
    await pg.query("COMMIT");
    expect(await generation()).toBe(before + 1);
  });

  it("is seen by another connection only with the writes it stands for (it moves at commit)", async () => {
    const other = await pg.connect();
    try {
      const before = await generation();
      await pg.query("BEGIN");
      await insertExperience("g7");
      const seen = async () => Number((await other.query(`SELECT value FROM search_meta WHERE key = 'generation'`)).rows[0].value);
      expect(await seen()).toBe(before);
      await pg.query("COMMIT");
      expect(await seen()).toBe(before + 1);
    } finally {
      await other.end();
    }
  });
});

describe.skipIf(!pg.available)("full-text search and the name index on PostgreSQL", () => {
  // A database of its own: only these two experiences.
  const db = usePgDatabase();
  beforeAll(async () => {
    await db.query(
      `INSERT INTO experiences (name, resource_key, task, score, submission_hash, search_name, search_task, search_tips, search_outcome) VALUES
        ('PDF Kit', 'pdf kit', '从 PDF 提取表格', 5, 'fts1', 'pdf kit', '表格 提取 pdf', 'camelot 0e16a92', 'work'),
        ('Scraper', 'scraper', 'scrape pages', 4, 'fts2', 'scraper', 'scrape page', 'pdf', '')`,
    );
  });

  const ids = async (query: string) =>
    (
      await db.query(
        `SELECT submission_hash FROM experiences WHERE status = 'published' AND search_vector @@ ${query} ORDER BY submission_hash`,
      )
    ).rows.map((r) => r.submission_hash);

  it("finds a row by its analyzed tokens, Chinese included", async () => {
    expect(await ids(`to_tsquery('simple', '表格')`)).toEqual(["fts1"]);
    expect(await ids(`to_tsquery('simple', '提取 & pdf')`)).toEqual(["fts1"]);
    expect(await ids(`to_tsquery('simple', 'pdf')`)).toEqual(["fts1", "fts2"]);
    expect(await ids(`to_tsquery('simple', 'scrape')`)).toEqual(["fts2"]);
    expect(await ids(`to_tsquery('simple', '网页')`)).toEqual([]);
  });

  it("keeps the app's tokens whole, where PostgreSQL's own parser would split them", async () => {
    // The planner will look tokens up as tsquery lexemes, taken verbatim like the vector's.
    expect(await ids(`'0e16a92'::tsquery`)).toEqual(["fts1"]);
    const { rows } = await db.query(`SELECT tsvector_to_array(to_tsvector('simple', '0e16a92')) AS parsed`);
    expect(rows[0].parsed).not.toEqual(["0e16a92"]);
  });

  it("weights the fields like SQLite's bm25 columns (task A, name B, tips C, outcome D)", async () => {
    const { rows } = await db.query(`SELECT search_vector::text AS v FROM experiences WHERE submission_hash = 'fts1'`);
    // Positions run on across the fields, each field starting one further on (migration
    // 20261210000000_search_speed); lexemes print in byte order, and weight D (the default) without its letter.
    expect(rows[0].v).toBe(`'0e16a92':10C 'camelot':9C 'kit':3B 'pdf':2B,7A 'work':12 '提取':6A '表格':5A`);
    // So a phrase stands within one field without naming its weight: the name's last token and the
    // task's first are not adjacent.
    expect(await ids(`$$'pdf' <-> 'kit'$$::tsquery`)).toEqual(["fts1"]);
    expect(await ids(`$$'kit' <-> '表格'$$::tsquery`)).toEqual([]);
  });

  // What search reads: the narrow table the triggers keep.
  const searchable = async (query: string) =>
    (await db.query(`SELECT e.submission_hash FROM experience_search s JOIN experiences e USING (id) WHERE s.search_vector @@ ${query} ORDER BY 1`)).rows.map(
      (r) => r.submission_hash,
    );

  it("leaves hidden rows out and follows a re-analysis", async () => {
    expect(await searchable(`to_tsquery('simple', 'scrape')`)).toEqual(["fts2"]);
    await db.query(`UPDATE experiences SET status = 'hidden' WHERE submission_hash = 'fts2'`);
    expect(await ids(`to_tsquery('simple', 'scrape')`)).toEqual([]);
    expect(await searchable(`to_tsquery('simple', 'scrape')`)).toEqual([]);
    await db.query(`UPDATE experiences SET search_task = '表格 识别' WHERE submission_hash = 'fts1'`);
    expect(await ids(`to_tsquery('simple', '识别')`)).toEqual(["fts1"]);
    expect(await ids(`to_tsquery('simple', '提取')`)).toEqual([]);
    expect(await searchable(`to_tsquery('simple', '识别')`)).toEqual(["fts1"]);
    expect(await searchable(`to_tsquery('simple', '提取')`)).toEqual([]);
  });

  it("answers from the GIN indexes (full text over published rows; trigrams of resource names)", async () => {
    await db.query(
      `INSERT INTO experiences (name, resource_key, task, score, submission_hash, search_task)
       SELECT 'Filler ' || (i % 300), 'filler ' || (i % 300), 'task', 3, 'filler' || i, 'filler' || i || ' common' FROM generate_series(1, 3000) i`,
    );
    await db.query("ANALYZE");
    const plan = async (sql: string) => (await db.query(`EXPLAIN ${sql}`)).rows.map((r) => r["QUERY PLAN"]).join("\n");
    // 300 short names, and 3,000 short rows of the narrow search table, fit in a few dozen pages, so
    // the plans are forced: the indexes must be usable for them.
    await db.query("BEGIN");
    try {
      await db.query("SET LOCAL enable_seqscan = off");
      expect(await plan(`SELECT id FROM experience_search WHERE search_vector @@ to_tsquery('simple', '表格')`)).toMatch(
        /Bitmap Index Scan on experience_search_vector_idx/,
      );
      expect(await plan(`SELECT key FROM resources WHERE name ILIKE '%crap%'`)).toMatch(/Bitmap Index Scan on resources_name_trgm_idx/);
    } finally {
      await db.query("ROLLBACK");
    }
    const { rows } = await db.query(`SELECT name FROM resources WHERE name ILIKE '%CRAP%' OR name ILIKE '%df k%' ORDER BY name`);
    expect(rows.map((r) => r.name)).toEqual(["PDF Kit", "Scraper"]);
  });
});
