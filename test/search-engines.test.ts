// Search on PostgreSQL answers as search on SQLite (#19): the dev eval corpus goes through the app's
// write path into this file's SQLite database and, row for row, into a fresh PostgreSQL database
// (scripts/lib/eval-pg.ts), and every dev query runs through the same pipeline on both search
// indexes. The figures must agree within 0.01, and every query's top 3 (unscoped, and scoped to the
// category of its first result) must name the same resources; so must the candidate rows each
// index hands the ranking. PostgreSQL's index is checked twice: reading PostgreSQL, and with its
// postings in this process's memory (search-index-pg-memory.ts). `npm run eval -- --engine both`
// measures the three corpora the same way.
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSqlite } from "@/lib/db";
import { createExperienceInput } from "@/lib/experiences/schema";
import { reportExperience } from "@/lib/moderation/report-experience";
import { fetchCandidates } from "@/lib/search/candidates";
import { planQuery } from "@/lib/search/plan";
import type { SearchIndex } from "@/lib/search/search-index";
import { pgSearchIndex, type PgSearchIndex } from "@/lib/search/search-index-pg";
import { sqliteSearchIndex } from "@/lib/search/search-index-sqlite";
import { searchExperiences } from "@/lib/search/search-experiences";
import { parseInput } from "@/lib/validation";
import { copyExperiencesToPg } from "@/scripts/lib/eval-pg";
import { readCorpus, summarize, toRow, type Corpus, type EvalRow } from "@/scripts/lib/eval-score";
import { usePgDatabase } from "./pg-database";

const db = usePgDatabase();
const TOLERANCE = 0.01;

describe.skipIf(!db.available)("search on PostgreSQL against search on SQLite", () => {
  const corpus = readCorpus("dev", join(process.cwd(), "test", "eval", "dev")) as Corpus;
  let pool: pg.Pool;
  let postgres: PgSearchIndex;
  let inMemory: PgSearchIndex;
  let copyProblems: string[];
  const pgIndexes = () => [
    ["PostgreSQL", postgres],
    ["PostgreSQL in memory", inMemory],
  ] as const;

  const search = (index: SearchIndex, q: string, category = "") =>
    searchExperiences({ q, category, limit: 10, explain: false }, "", { log: false, index });
  const runAll = async (index: SearchIndex): Promise<EvalRow[]> => {
    const rows: EvalRow[] = [];
    for (const q of corpus.queries) rows.push(toRow(q, await search(index, q.q, q.category ?? "")));
    return rows;
  };
  const top3 = (names: { name: string }[]) => names.slice(0, 3).map((r) => r.name);

  beforeAll(async () => {
    // Every query must really be searched on each engine, not answered from the cache.
    process.env.KNOWHUB_SEARCH_CACHE = "0";
    for (const e of corpus.experiences) await reportExperience(parseInput(createExperienceInput, { ...e, distinct: true }, "experience"), { key: null });
    pool = new pg.Pool({ connectionString: db.url(), max: 2 });
    copyProblems = await copyExperiencesToPg(getSqlite(), pool);
    postgres = pgSearchIndex(pool, { memory: false });
    inMemory = pgSearchIndex(pool, { memory: true });
    expect(await inMemory.memoryReady()).toBe(true);
  });
  afterAll(async () => {
    delete process.env.KNOWHUB_SEARCH_CACHE;
    postgres?.close();
    inMemory?.close();
    await pool?.end();
  });

  it("holds the same rows, resources and document frequencies on both engines", async () => {
    expect(copyProblems).toEqual([]);
    const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM experiences WHERE status = 'published'`);
    expect(Number(rows[0].n)).toBe(corpus.experiences.length);
    expect(await postgres.countIndexed()).toBe(await sqliteSearchIndex.countIndexed());
    // The postings in memory hold every term's rows, as experience_terms counts them.
    const { rows: terms } = await pool.query<{ term: string; doc: number }>(`SELECT term, doc FROM experience_terms`);
    expect(terms.length).toBeGreaterThan(500);
    await inMemory.generation();
    const dfs = await inMemory.documentFrequencies(terms.map((t) => t.term));
    expect(terms.filter((t) => dfs.get(t.term) !== t.doc)).toEqual([]);
  });

  it("gives the same recall, MRR and abstention on the dev corpus, within 0.01", async () => {
    const a = summarize(await runAll(sqliteSearchIndex)).overall;
    for (const [name, index] of pgIndexes()) {
      const b = summarize(await runAll(index)).overall;
      for (const key of ["recall@10", "mrr@10", "abstain_accuracy", "false_abstain"] as const) {
        expect(Math.abs((b[key] ?? 0) - (a[key] ?? 0)), `${key}: SQLite ${a[key]}, ${name} ${b[key]}`).toBeLessThanOrEqual(TOLERANCE);
      }
    }
    // Not a vacuous agreement: the figures are the dev corpus's (npm run eval's floors).
    expect(a["recall@10"]).toBeGreaterThanOrEqual(0.99);
  });

  it("names the same top 3 resources for every query, unscoped and within a category", async () => {
    const differ: string[] = [];
    let scoped = 0;
    for (const [name, index] of pgIndexes()) {
      for (const q of corpus.queries) {
        const a = await search(sqliteSearchIndex, q.q);
        const b = await search(index, q.q);
        if (top3(a.results).join("|") !== top3(b.results).join("|") || a.confidence !== b.confidence) {
          differ.push(`${name} ${q.id}: ${top3(a.results)} (${a.confidence}) / ${top3(b.results)} (${b.confidence})`);
        }
        const category = a.results[0]?.category;
        if (!category) continue;
        scoped++;
        const sa = await search(sqliteSearchIndex, q.q, category);
        const sb = await search(index, q.q, category);
        if (top3(sa.results).join("|") !== top3(sb.results).join("|")) differ.push(`${name} ${q.id} in ${category}: ${top3(sa.results)} / ${top3(sb.results)}`);
      }
    }
    expect(differ).toEqual([]);
    expect(scoped).toBeGreaterThan(corpus.queries.length);
  });

  it("hands the ranking the same candidate rows for every query", async () => {
    const differ: string[] = [];
    const rows = async (index: SearchIndex, q: string, category: string) =>
      JSON.stringify((await fetchCandidates(await planQuery(q, index), category, index)).sort((x, y) => x.id - y.id));
    for (const q of corpus.queries) {
      const expected = await rows(sqliteSearchIndex, q.q, q.category ?? "");
      for (const [name, index] of pgIndexes()) if ((await rows(index, q.q, q.category ?? "")) !== expected) differ.push(`${name} ${q.id}`);
    }
    expect(differ).toEqual([]);
  });
});
