import { describe, expect, it } from "vitest";
import * as experienceRoute from "@/app/api/experience/route";
import * as resourceRoute from "@/app/api/resource/[...name]/route";
import { sqlGet } from "./sql";
import { call } from "./http";
import { experienceInput } from "./factories";

const post = (body: unknown, headers?: Record<string, string>) =>
  call(experienceRoute.POST, "/api/experience", { method: "POST", body, headers });

const countRows = async () => (await sqlGet<{ n: number }>("SELECT COUNT(*) AS n FROM experiences"))!.n;

describe("POST /api/experience", () => {
  it("stores an experience and returns the resource's new aggregate", async () => {
    const res = await post(experienceInput({ task: "从学术论文 PDF 提取结构化表格", category: "Library" }));
    expect(res.status).toBe(201);
    expect(res.json.duplicate).toBe(false);
    expect(res.json.experience).toMatchObject({ name: "PyMuPDF", category: "library", task: "从学术论文 PDF 提取结构化表格" });
    expect(res.json.resource).toMatchObject({ name: "PyMuPDF", experience_count: 1, avg_score: 4 });
  });

  it("treats differently spelled names as one resource and keeps the first spelling", async () => {
    const res = await post(experienceInput({ name: "  pymupdf  ", score: 5, task: "Render PDF pages to PNG" }));
    expect(res.status).toBe(201);
    expect(res.json.resource).toMatchObject({ name: "PyMuPDF", experience_count: 2, avg_score: 4.5 });
  });

  it("answers an identical re-submission with the stored experience, once", async () => {
    const first = await post(experienceInput({ task: "Split a PDF into pages" }));
    const before = await countRows();
    const again = await post(experienceInput({ task: "  Split   a PDF into pages " }));
    expect(again.status).toBe(200);
    expect(again.json.duplicate).toBe(true);
    expect(again.json.experience.id).toBe(first.json.experience.id);
    expect(await countRows()).toBe(before);
  });

  it("never doubles concurrent identical submissions", async () => {
    const body = experienceInput({ task: "Concurrent retry of the same report" });
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(body)));
    const ids = new Set(answers.map((a) => a.json.experience.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
  });

  const bad: [string, unknown, string][] = [
    ["a typo'd field", experienceInput({ tip: "x" }), "tip"],
    ["a missing name", { ...experienceInput(), name: undefined }, "name"],
    ["an empty name", experienceInput({ name: "   " }), "name"],
    ["a long name", experienceInput({ name: "x".repeat(201) }), "name"],
    ["a score of 0", experienceInput({ score: 0 }), "score"],
    ["a score of 6", experienceInput({ score: 6 }), "score"],
    ["a fractional score", experienceInput({ score: 4.5 }), "score"],
    ["a score as a string", experienceInput({ score: "4" }), "score"],
    ["an ftp url", experienceInput({ url: "ftp://example.com/x" }), "url"],
    ["a relative url", experienceInput({ url: "/pymupdf" }), "url"],
    ["a long url", experienceInput({ url: `https://example.com/${"a".repeat(2048)}` }), "url"],
    ["a long category", experienceInput({ category: "c".repeat(41) }), "category"],
    ["an empty task", experienceInput({ task: "" }), "task"],
    ["a long task", experienceInput({ task: "t".repeat(2001) }), "task"],
    ["a long outcome", experienceInput({ outcome: "o".repeat(5001) }), "outcome"],
    ["long tips", experienceInput({ tips: "t".repeat(5001) }), "tips"],
    ["a bad content id", experienceInput({ content_id: "../etc/passwd" }), "content_id"],
    ["a long submitted_by", experienceInput({ submitted_by: "s".repeat(201) }), "submitted_by"],
    ["a number as task", experienceInput({ task: 42 }), "task"],
    ["an array body", [experienceInput()], "(body)"],
  ];
  it.each(bad)("rejects %s with invalid_input naming the field, writing nothing", async (_label, body, field) => {
    const before = await countRows();
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("invalid_input");
    expect(res.json.error.message).toContain(field);
    expect(res.json.error.details.issues.map((i: { field: string }) => i.field).join(",")).toContain(field);
    expect(await countRows()).toBe(before);
  });

  it("rejects malformed JSON, a wrong content type and an oversized body", async () => {
    const before = await countRows();
    const malformed = await call(experienceRoute.POST, "/api/experience", {
      method: "POST",
      rawBody: '{"name": "x",',
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.code).toBe("invalid_input");
    const form = await call(experienceRoute.POST, "/api/experience", {
      method: "POST",
      rawBody: "name=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect(form.json.error.code).toBe("unsupported_media_type");
    const huge = await post(experienceInput({ tips: "x".repeat(70 * 1024) }));
    expect(huge.status).toBe(413);
    expect(huge.json.error.code).toBe("payload_too_large");
    expect(await countRows()).toBe(before);
  });

  it("answers other methods with 405 and Allow", async () => {
    const res = await call(experienceRoute.GET, "/api/experience");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(res.json.error.code).toBe("method_not_allowed");
  });
});

describe("GET /api/resource/{name}", () => {
  it("matches the name by its normalized key and paginates experiences newest first", async () => {
    const first = await call(resourceRoute.GET, "/api/resource/pymupdf?limit=2", { params: { name: ["pymupdf"] } });
    expect(first.status).toBe(200);
    expect(first.json.name).toBe("PyMuPDF");
    expect(first.json.experiences).toHaveLength(2);
    const total = first.json.experience_count;
    const seen = [...first.json.experiences];
    let cursor = first.json.next_cursor;
    while (cursor) {
      const page = await call(resourceRoute.GET, `/api/resource/PYMUPDF?limit=2&cursor=${cursor}`, {
        params: { name: ["PYMUPDF"] },
      });
      seen.push(...page.json.experiences);
      cursor = page.json.next_cursor;
    }
    expect(seen).toHaveLength(total);
    const times = seen.map((e) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const dist = first.json.score_distribution;
    expect(Object.values(dist).reduce((a: number, b) => a + (b as number), 0)).toBe(total);
  });

  it("answers an unknown name with 404 and the closest names", async () => {
    const res = await call(resourceRoute.GET, "/api/resource/pymupd", { params: { name: ["pymupd"] } });
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe("not_found");
    expect(res.json.error.details.closest).toContain("PyMuPDF");
  });

  it("rejects a cursor it did not issue", async () => {
    const res = await call(resourceRoute.GET, "/api/resource/pymupdf?cursor=garbage", { params: { name: ["pymupdf"] } });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toContain("cursor");
  });
});

describe("stored text", () => {
  it("keeps Chinese full-width punctuation as written", async () => {
    const res = await post(experienceInput({ name: "jieba", task: "中文分词：把标题切成词语，再统计词频", tips: "加载自定义词典！" }));
    expect(res.status).toBe(201);
    expect(res.json.experience.task).toBe("中文分词：把标题切成词语，再统计词频");
    expect(res.json.experience.tips).toBe("加载自定义词典！");
  });
});
