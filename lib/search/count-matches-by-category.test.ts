import { describe, expect, it } from "vitest";
import * as experienceRoute from "@/app/api/experience/route";
import { call } from "@/test/http";
import { experienceInput } from "@/test/factories";
import { COUNT_LIMIT, countMatchesByCategory } from "./count-matches-by-category";
import { searchExperiences } from "./search-experiences";

const post = (overrides: Record<string, unknown>) =>
  call(experienceRoute.POST, "/api/experience", { method: "POST", body: experienceInput(overrides) });

describe("countMatchesByCategory", () => {
  it("counts this query's matching resources per category, not the site's", async () => {
    await post({ name: "Tabulon", category: "cli", task: "extract quillmark tables from pdf reports" });
    await post({ name: "Tabulon", category: "cli", task: "extract quillmark tables from scanned pdf statements" });
    await post({ name: "QuillRender", category: "library", score: 1, task: "extract quillmark tables from pdf reports" });
    await post({ name: "QuillStudy", category: "paper", task: "a survey of quillmark table extraction from pdf reports" });
    // Unrelated resources in the same categories must not be counted.
    await post({ name: "Resizer", category: "library", task: "resize holiday photos for a web gallery" });
    await post({ name: "Other", category: "api", task: "send sms reminders to dentists" });

    const counts = countMatchesByCategory("extract quillmark tables from pdf reports");
    expect(counts.confidence).toBe("high");
    expect(counts.total).toBe(3);
    expect(counts.capped).toBe(false);
    expect(counts.categories).toEqual([
      { category: "cli", count: 1 },
      { category: "library", count: 1 },
      { category: "paper", count: 1 },
    ]);
    // The counts agree with what the unscoped search shows.
    const shown = searchExperiences({ q: "extract quillmark tables from pdf reports", category: "", limit: 50, explain: false });
    expect(shown.results.map((r) => r.category).sort()).toEqual(["cli", "library", "paper"]);
    // A scope with no match does not change the counts: they are for the query, not the scope.
    expect(searchExperiences({ q: "extract quillmark tables from pdf reports", category: "api", limit: 10, explain: false }).results).toEqual([]);
    expect(countMatchesByCategory("extract quillmark tables from pdf reports").total).toBe(3);
  });

  it("reports nothing for nonsense", () => {
    expect(countMatchesByCategory("qwzx blorf vintergatan")).toEqual({ confidence: "none", total: 0, capped: false, categories: [] });
  });

  it("says when the count reached its limit", async () => {
    for (let i = 0; i < COUNT_LIMIT + 2; i++) {
      await post({ name: `Crumbler ${i}`, category: i % 2 ? "cli" : "library", task: `crumble vorpal biscuits batch ${i}` });
    }
    const counts = countMatchesByCategory("crumble vorpal biscuits");
    expect(counts.total).toBe(COUNT_LIMIT);
    expect(counts.capped).toBe(true);
    expect(counts.categories.reduce((s, c) => s + c.count, 0)).toBe(COUNT_LIMIT);
  });
});
