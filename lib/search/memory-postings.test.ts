// The in-memory postings (memory-postings.ts) answer as FTS5 and the tsvector do: whole tokens, a
// phrase within one field, newest first below a bound, and stay exact through updates and deletes.
import { describe, expect, it } from "vitest";
import { MemoryPostings } from "./memory-postings";
import type { CandidateRow } from "./search-index";

const row = (id: number, task: string, more: Partial<CandidateRow> = {}): CandidateRow => ({
  id,
  resourceKey: `r${id % 3}`,
  score: 4,
  reporter: `e:${id}`,
  sName: "",
  sTask: task,
  sTips: "",
  sOutcome: "",
  ...more,
});

function index(...rows: CandidateRow[]): MemoryPostings {
  const m = new MemoryPostings();
  m.apply(rows.map((r) => ({ id: r.id, row: r })));
  return m;
}

describe("postings in memory", () => {
  it("match whole tokens, and a phrase only within one field", () => {
    const m = index(
      row(1, "pdf tabl extract"),
      row(2, "pdfs tabl"),
      row(3, "extract", { sName: "pdf", sTips: "tabl" }),
      // A newline in a field (the analyzer writes none): one token, as string_to_array reads it for
      // the tsvector, and the fields kept apart.
      row(4, "x", { sTips: "pdf\ntabl" }),
    );
    expect(m.newest([[["pdf"]]], 10, Infinity)).toEqual([3, 1]);
    expect(m.newest([[["pdf\ntabl"]]], 10, Infinity)).toEqual([4]);
    expect(m.newest([[["pdf tabl"]]], 10, Infinity)).toEqual([1]);
    expect(m.newest([[["tabl extract"]]], 10, Infinity)).toEqual([1]);
    expect(m.hits("pdf tabl")).toBe(1);
    expect(m.df("pdf")).toBe(2);
    expect(m.row(3)).toEqual(row(3, "extract", { sName: "pdf", sTips: "tabl" }));
    expect(m.row(4).sTips).toBe("pdf\ntabl");
  });

  it("walk newest first below a bound, within a limit and a filter, through ORs of ANDs", () => {
    const m = index(...Array.from({ length: 30 }, (_, i) => row(i + 1, i % 2 ? "scrape html" : i % 3 ? "scrape pdf" : "pdf html")));
    const query = [[["scrape"], ["html", "pdf"]], [["pdf"], ["html"]]];
    const all = m.newest(query, Infinity, Infinity);
    expect(all).toEqual(Array.from({ length: 30 }, (_, i) => 30 - i));
    expect(m.newest(query, 3, 20)).toEqual([19, 18, 17]);
    expect(m.newest([[["scrape"], ["pdf"]]], 4, Infinity)).toEqual([29, 27, 23, 21]);
    expect(m.newest([[["html"]]], 2, Infinity, (id) => m.resourceKey(id) === "r0")).toEqual([30, 24]);
    // A phrase beside one of its own words adds nothing: the same rows.
    expect(m.newest([[["scrape html", "html"]]], Infinity, Infinity)).toEqual(m.newest([[["html"]]], Infinity, Infinity));
    expect(m.newest([[["absent"]]], 10, Infinity)).toEqual([]);
    expect(m.newest([], 10, Infinity)).toEqual([]);
  });

  it("stay exact through updates, moves and deletes in one batch or many", () => {
    const m = index(row(1, "pdf tabl"), row(2, "pdf"), row(3, "html"));
    expect([m.count, m.tokens]).toEqual([3, 4]);
    m.apply([
      { id: 2, row: row(2, "html scrape") },
      { id: 1, row: null },
      { id: 5, row: row(5, "pdf pdf") },
    ]);
    expect([m.df("pdf"), m.df("html"), m.df("tabl"), m.df("scrape")]).toEqual([1, 2, 0, 1]);
    expect(m.newest([[["html"]]], 10, Infinity)).toEqual([3, 2]);
    expect(m.newest([[["pdf"]]], 10, Infinity)).toEqual([5]);
    expect([m.count, m.tokens]).toEqual([3, 5]);
    // Written again with the same terms, and a row older than the newest added.
    m.apply([{ id: 3, row: row(3, "html", { score: 1 }) }, { id: 4, row: row(4, "html") }]);
    expect(m.newest([[["html"]]], 10, Infinity)).toEqual([4, 3, 2]);
    expect(m.row(3).score).toBe(1);
    expect(m.has(1)).toBe(false);
    expect(m.size()).toMatchObject({ terms: 3, entries: 5 });
  });
});
