import { describe, expect, it } from "vitest";
import * as experienceRoute from "@/app/api/experience/route";
import * as searchRoute from "@/app/api/search/route";
import { flushSearchLog } from "@/lib/demand-log/log-search";
import { searchExperiences } from "@/lib/search/search-experiences";
import { call } from "@/test/http";
import { sqlRun } from "@/test/sql";
import { experienceInput } from "@/test/factories";

const post = (overrides: Record<string, unknown>) =>
  call(experienceRoute.POST, "/api/experience", { method: "POST", body: experienceInput(overrides) });
const search = (params: Record<string, string>) =>
  call(searchRoute.GET, `/api/search?${new URLSearchParams(params)}`);
const names = (res: { json: { results: { name: string }[] } }) => res.json.results.map((r) => r.name);

describe("GET /api/search", () => {
  it("finds a fresh write in the very next request, in either language", async () => {
    await post({ name: "tabula-py", task: "Extract tables from government budget PDFs into DataFrames" });
    await post({ name: "jieba", category: "library", task: "中文分词，切分用户评论中的词语", tips: "加载自定义词典" });
    expect(names(await search({ q: "extract tables from pdf" }))[0]).toBe("tabula-py");
    expect(names(await search({ q: "PDF 表格提取" }))).toContain("tabula-py");
    expect(names(await search({ q: "chinese word segmentation" }))[0]).toBe("jieba");
  });

  it("answers none with the hint when nothing shares a meaningful word with the task", async () => {
    const res = await search({ q: "schedule GPU training jobs on a Slurm cluster" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ confidence: "none", results: [], abstained: true });
    expect(res.json.hint).toMatch(/Nobody has reported this task yet/);
    expect(res.json.hint).toMatch(/POST \/api\/experience/);
  });

  it("filters by the resource's category", async () => {
    await post({ name: "Camelot Paper", category: "paper", task: "Survey of methods to extract tables from PDF files" });
    const res = await search({ q: "extract tables from pdf", category: "paper" });
    expect(names(res)).toEqual(["Camelot Paper"]);
    expect(names(await search({ q: "extract tables from pdf", category: "cli" }))).toEqual([]);
  });

  it("explains matched terms and score parts on request only", async () => {
    const plain = await search({ q: "extract tables from pdf" });
    expect(plain.json.results[0].explain).toBeUndefined();
    const res = await search({ q: "extract tables from pdf", explain: "1" });
    const explain = res.json.results[0].explain;
    expect(explain.matched_terms).toEqual(expect.arrayContaining(["extract", "pdf"]));
    expect(explain).toMatchObject({ coverage: expect.any(Number), relevance: expect.any(Number), prior: expect.any(Number) });
    expect(explain.score).toBeGreaterThan(0);
  });

  it("ranks by relevance before score: a 5-star passing mention does not beat a task match", async () => {
    await post({ name: "AlwaysFive", score: 5, task: "Resize images for thumbnails", tips: "also works on audio transcription files" });
    await post({ name: "Whisper", score: 3, task: "Transcribe audio interviews to text" });
    expect(names(await search({ q: "transcribe audio" }))[0]).toBe("Whisper");
  });

  it("leaves no stale hit after an update, a hide or a delete", async () => {
    const created = await post({ name: "Ephemeral", task: "Quantize zebrafish microscopy stacks" });
    const id = created.json.experience.id as number;
    expect(names(await search({ q: "zebrafish microscopy" }))).toEqual(["Ephemeral"]);

    await sqlRun("UPDATE experiences SET task = ?, search_task = ? WHERE id = ?", ["Count penguins in drone footage", "count penguin drone footag", id]);
    expect(names(await search({ q: "zebrafish microscopy" }))).toEqual([]);
    expect(names(await search({ q: "penguins drone footage" }))).toEqual(["Ephemeral"]);
    expect((await search({ q: "penguins drone footage" })).json.confidence).toBe("high");

    await sqlRun("UPDATE experiences SET status = 'hidden' WHERE id = ?", [id]);
    expect(names(await search({ q: "penguins drone footage" }))).toEqual([]);

    await sqlRun("UPDATE experiences SET status = 'published' WHERE id = ?", [id]);
    expect(names(await search({ q: "penguins drone footage" }))).toEqual(["Ephemeral"]);

    await sqlRun("DELETE FROM experiences WHERE id = ?", [id]);
    const after = await search({ q: "penguins drone footage" });
    expect(after.json).toMatchObject({ confidence: "none", results: [], abstained: true });
  });

  it("keeps the response shape", async () => {
    const res = await search({ q: "extract tables from pdf", limit: "1" });
    expect(Object.keys(res.json).sort()).toEqual(["abstained", "category", "confidence", "content", "hint", "limit", "query", "results", "search_id"]);
    const [result] = res.json.results;
    expect(Object.keys(result).sort()).toEqual(["avg_score", "category", "confidence", "experience_count", "name", "relevant_experiences", "reporter_count", "task_verdict", "url"]);
    expect(res.json.results).toHaveLength(1);
    expect(result.relevant_experiences.length).toBeLessThanOrEqual(5);
  });

  it("serves a repeated query from the cache until something is written, whoever writes it", async () => {
    const input = { q: "annotate hummingbird migration tracks", category: "", limit: 10, explain: false };
    const first = await searchExperiences(input);
    expect(first.abstained).toBe(true);
    await flushSearchLog(); // search logs are writes too, but no answer depends on them
    // The cached answer is shared (its results are the same object); the search_id is new per request.
    const again = await searchExperiences(input);
    expect(again.results).toBe(first.results);
    expect(again.search_id).not.toBe(first.search_id);

    // Through the API, so through Prisma's connection: the cache must notice another connection.
    await post({ name: "BirdTrack", task: "Annotate hummingbird migration tracks from GPS tags" });
    const afterPost = await searchExperiences(input);
    expect(afterPost.results.map((r) => r.name)).toEqual(["BirdTrack"]);
    expect((await searchExperiences({ ...input, explain: true })).results[0].explain).toBeDefined();
    expect((await searchExperiences(input)).results[0].explain).toBeUndefined();

    // And a write that none of the app's write functions made (as imports and moderation write).
    await sqlRun("UPDATE experiences SET status = 'hidden' WHERE name = ?", ["BirdTrack"]);
    expect((await searchExperiences(input)).abstained).toBe(true);
  });

  it("computes every answer afresh when the cache is off", async () => {
    const input = { q: "extract tables from pdf", category: "", limit: 10, explain: false };
    process.env.KNOWHUB_SEARCH_CACHE = "0";
    try {
      expect((await searchExperiences(input)).results).not.toBe((await searchExperiences(input)).results);
    } finally {
      delete process.env.KNOWHUB_SEARCH_CACHE;
    }
    expect((await searchExperiences(input)).results).toBe((await searchExperiences(input)).results);
  });
});
