// Task verdicts: how a resource did for *this* task, from its experiences that match the query,
// and what that does to the ranking. A report that says a tool failed at the task is knowledge to
// show (marked), not a reason to call the tool the best match.
import { describe, expect, it } from "vitest";
import * as experienceRoute from "@/app/api/experience/route";
import * as searchRoute from "@/app/api/search/route";
import { call } from "@/test/http";
import { experienceInput } from "@/test/factories";

const post = (overrides: Record<string, unknown>) =>
  call(experienceRoute.POST, "/api/experience", { method: "POST", body: experienceInput(overrides) });
const search = (params: Record<string, string>) => call(searchRoute.GET, `/api/search?${new URLSearchParams(params)}`);

describe("task verdicts", () => {
  it("does not lead with a resource whose matching reports say it failed at the task", async () => {
    // The trap from the issue: a report whose task says exactly what was asked, scored 1.
    await post({
      name: "great-tables",
      category: "library",
      score: 1,
      task: "Extract tables from PDF reports into a dataframe",
      outcome: "Failed: it has no PDF parsing at all, it only renders tables",
    });
    await post({ name: "great-tables", category: "library", score: 5, task: "Render a styled summary table as HTML for a newsletter" });
    await post({ name: "camelot", category: "library", score: 4, task: "Extract tables from scanned PDF statements", outcome: "lattice mode worked" });
    await post({ name: "camelot", category: "library", score: 5, task: "Pull tables out of PDF annual reports" });

    const res = await search({ q: "extract tables from pdf reports", explain: "1" });
    expect(res.status).toBe(200);
    expect(res.json.confidence).toBe("high");
    const [first, ...rest] = res.json.results;
    expect(first.name).toBe("camelot");
    expect(first.task_verdict).toEqual({ outcome: "worked", avg_score: 4.5, experience_count: 2, reporter_count: 2, confirmations: 0, last_confirmed: null, agent_count: 2 });
    const trap = rest.find((r: { name: string }) => r.name === "great-tables");
    // Still shown, lower, with a verdict that says it failed here; its overall average is not it.
    expect(trap.task_verdict).toEqual({ outcome: "failed", avg_score: 1, experience_count: 1, reporter_count: 1, confirmations: 0, last_confirmed: null, agent_count: 1 });
    expect(trap.avg_score).toBe(3);
    expect(trap.explain.verdict_factor).toBeLessThan(1);
    expect(first.explain.verdict_factor).toBe(1);
    // However few results are asked for.
    const one = await search({ q: "extract tables from pdf reports", limit: "1" });
    expect(one.json.results.map((r: { name: string }) => r.name)).toEqual(["camelot"]);
  });

  it("keeps a failed resource first when nothing else comes close to the task", async () => {
    await post({ name: "OldFax", score: 2, task: "Send faxes to pharmacies from a hospital intranet", outcome: "Half of the faxes never arrived" });
    await post({ name: "MailKit", score: 5, task: "Send newsletters from a hospital intranet" });
    const res = await search({ q: "send faxes to pharmacies" });
    expect(res.json.results[0]).toMatchObject({ name: "OldFax", task_verdict: { outcome: "failed" } });
  });

  it("counts only the experiences that match the task in the verdict", async () => {
    await post({ name: "ChartKit", score: 5, task: "Draw candlestick charts of stock prices" });
    await post({ name: "ChartKit", score: 1, task: "Export animated GIFs of weather radar", outcome: "Crashed on large frames" });
    const res = await search({ q: "candlestick charts of stock prices" });
    expect(res.json.results[0]).toMatchObject({ name: "ChartKit", task_verdict: { outcome: "worked", avg_score: 5, experience_count: 1, reporter_count: 1 } });
  });
});

describe("confidence", () => {
  it("returns weak leads marked low when the gate doubts, and none for nonsense", async () => {
    await post({ name: "QuillOCR", task: "Read handwritten census ledgers from the 1890s into spreadsheets" });
    await post({ name: "LedgerLens", task: "Scan bank ledgers and total the columns" });
    const low = await search({ q: "digitize old handwritten parish registers of births" });
    expect(low.json).toMatchObject({ confidence: "low", abstained: true });
    expect(low.json.results.length).toBeGreaterThan(0);
    expect(low.json.results.every((r: { confidence: string }) => r.confidence === "low")).toBe(true);
    expect(low.json.hint).toMatch(/weak leads/);

    // However many resources share a word: a few weak leads, each with its best reports.
    // Six resources, each sharing one different word of the task: all weak, none standing out.
    const words = ["quokka", "narwhal", "axolotl", "pangolin", "okapi", "tapir"];
    for (const word of words) {
      for (const verb of ["Photograph", "Count", "Tag", "Feed"]) await post({ name: `Zoo ${word}`, task: `${verb} the ${word} enclosure at dawn` });
    }
    const many = await search({ q: words.join(" ") });
    expect([many.json.confidence, many.json.results.length]).toEqual(["low", 5]);
    expect(many.json.results.length).toBe(5);
    expect(Math.max(...many.json.results.map((r: { relevant_experiences: unknown[] }) => r.relevant_experiences.length))).toBe(3);

    const none = await search({ q: "qwzx blorf vintergatan" });
    expect(none.json).toMatchObject({ confidence: "none", abstained: true, results: [] });
  });
});
