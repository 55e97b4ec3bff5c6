import { describe, expect, it } from "vitest";
import * as experienceRoute from "@/app/api/experience/route";
import * as searchRoute from "@/app/api/search/route";
import { call } from "@/test/http";
import { sqlAll } from "@/test/sql";
import { experienceInput } from "@/test/factories";
import { flushSearchLog } from "../demand-log/log-search";
import { searchInput } from "./schema";
import { searchExperiences } from "./search-experiences";
import { COUNT_LIMIT, searchPageView } from "./search-page-view";

const post = (overrides: Record<string, unknown>) =>
  call(experienceRoute.POST, "/api/experience", { method: "POST", body: experienceInput(overrides) });
const input = (q: string, category = "", limit = 10) => searchInput.parse({ q, category, limit: String(limit), explain: "1" });
const logRows = async (q: string) => {
  await flushSearchLog();
  return sqlAll<{ category: string; resultCount: number; abstained: boolean }>(
    `SELECT category, result_count AS "resultCount", abstained FROM search_logs WHERE query = ? ORDER BY id`,
    [q],
  );
};

const TASK = "extract quillmark tables from pdf reports";

describe("searchPageView", () => {
  it("counts this query's matching resources per category, not the site's, from the search it shows", async () => {
    await post({ name: "Tabulon", category: "cli", task: "extract quillmark tables from pdf reports into csv", submitted_by: "a" });
    await post({ name: "Tabulon", category: "cli", task: "extract quillmark tables from scanned pdf statements", submitted_by: "b" });
    await post({ name: "QuillRender", category: "library", score: 1, task: TASK });
    // Shares part of the task: a weak lead after the two confident results.
    await post({ name: "PdfSplit", category: "api", task: "split pdf reports into pages", tips: "fast" });
    // Shares less still: far weaker than the best, so the unscoped answer leaves it out.
    await post({ name: "QuillStudy", category: "paper", task: "a survey of quillmark table styling" });
    // Unrelated resources in the same categories must not be counted.
    await post({ name: "Resizer", category: "library", task: "resize holiday photos for a web gallery" });
    await post({ name: "Other", category: "api", task: "send sms reminders to dentists" });

    const view = await searchPageView(input(TASK));
    expect(view.answer.results.map((r) => `${r.name}:${r.confidence}`)).toEqual(["Tabulon:high", "QuillRender:high", "PdfSplit:low"]);
    expect(view.counts).toEqual({
      confidence: "high",
      total: 3,
      capped: false,
      weakLeads: 1,
      categories: [
        { category: "api", count: 1 },
        { category: "cli", count: 1 },
        { category: "library", count: 1 },
      ],
    });
    expect(view.more).toBe(false);
  });

  it("shows exactly what GET /api/search answers, and is one line in the search log", async () => {
    for (const [q, category, limit] of [
      [TASK, "", 10],
      [TASK, "", 1],
      [TASK, "", 2],
      [TASK, "cli", 10],
      [TASK, "paper", 10],
      [TASK, "api", 1],
      ["quillmark tables", "", 2],
    ] as const) {
      const before = (await logRows(q)).length;
      const view = await searchPageView(input(q, category, limit));
      const rows = await logRows(q);
      expect(rows.length - before, `${q} @ ${category} / ${limit}`).toBe(1);
      expect(rows.at(-1)).toEqual({ category, resultCount: view.answer.results.length, abstained: view.answer.abstained });

      const api = await call(searchRoute.GET, `/api/search?${new URLSearchParams({ q, category, limit: String(limit), explain: "1" })}`);
      // The same answer; each request has its own search_id.
      expect(view.answer.search_id).not.toBe(api.json.search_id);
      expect({ ...view.answer, search_id: "" }, `${q} @ ${category} / ${limit}`).toEqual({ ...api.json, search_id: "" });
      expect(view.more).toBe((await searchExperiences(input(q, category, COUNT_LIMIT), "", { log: false })).results.length > limit);
    }
    expect((await searchPageView(input(TASK, "", 1))).more).toBe(true);
    expect((await searchPageView(input(TASK, "", 3))).more).toBe(false);
  });

  it("counts only its scope when scoped: a scoped search is not the unscoped one filtered", async () => {
    // QuillStudy is left out unscoped (far weaker than the best) but is the scope's weak lead, and
    // PdfSplit, a weak lead unscoped, is the scope's clear answer: the scope ranks on its own.
    const wide = await searchExperiences(input(TASK, "", COUNT_LIMIT), "", { log: false });
    expect(wide.results.find((r) => r.category === "paper")).toBeUndefined();
    expect(wide.results.find((r) => r.name === "PdfSplit")?.confidence).toBe("low");

    const paper = await searchPageView(input(TASK, "paper"));
    expect(paper.answer).toMatchObject({ confidence: "low", results: [{ name: "QuillStudy", confidence: "low" }] });
    expect(paper.counts).toEqual({ confidence: "low", total: null, capped: false, weakLeads: 1, categories: [{ category: "paper", count: 1 }] });
    const api = await searchPageView(input(TASK, "api"));
    expect(api.answer).toMatchObject({ confidence: "high", results: [{ name: "PdfSplit", confidence: "high" }] });

    // A scope with no match counts nothing, and says nothing about other categories.
    const empty = await searchPageView(input(TASK, "mcp"));
    expect(empty.answer.results).toEqual([]);
    expect(empty.counts).toEqual({ confidence: "none", total: null, capped: false, weakLeads: 0, categories: [] });
  });

  it("reports nothing for nonsense", async () => {
    const view = await searchPageView(input("qwzx blorf vintergatan"));
    expect(view.answer).toMatchObject({ confidence: "none", results: [] });
    expect(view.counts).toEqual({ confidence: "none", total: 0, capped: false, weakLeads: 0, categories: [] });
  });

  it("says when the count reached its limit", async () => {
    for (let i = 0; i < COUNT_LIMIT + 2; i++) {
      await post({ name: `Crumbler ${i}`, category: i % 2 ? "cli" : "library", task: `crumble vorpal biscuits batch ${i}` });
    }
    const view = await searchPageView(input("crumble vorpal biscuits"));
    expect(view.answer.results).toHaveLength(10);
    expect(view.more).toBe(true);
    expect(view.counts.total).toBe(COUNT_LIMIT);
    expect(view.counts.capped).toBe(true);
    expect(view.counts.categories.reduce((s, c) => s + c.count, 0)).toBe(COUNT_LIMIT);
    const scoped = await searchPageView(input("crumble vorpal biscuits", "cli"));
    expect(scoped.counts).toMatchObject({ total: null, capped: false, categories: [{ category: "cli", count: (COUNT_LIMIT + 2) / 2 }] });
  });
});
