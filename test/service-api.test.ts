import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as indexRoute from "@/app/api/route";
import * as healthRoute from "@/app/api/health/route";
import * as categoriesRoute from "@/app/api/categories/route";
import * as searchRoute from "@/app/api/search/route";
import * as experienceRoute from "@/app/api/experience/route";
import * as unknownRoute from "@/app/api/[...rest]/route";
import * as skillRoute from "@/app/skill.md/route";
import { flushSearchLog } from "@/lib/demand-log/log-search";
import { call } from "./http";
import { experienceInput } from "./factories";
import { onPostgres } from "./fresh-database";
import { sqlGet } from "./sql";

const post = (body: unknown) => call(experienceRoute.POST, "/api/experience", { method: "POST", body });

describe("service endpoints", () => {
  it("GET /api describes every endpoint with its version", async () => {
    const res = await call(indexRoute.GET, "/api");
    expect(res.status).toBe(200);
    expect(res.json.version).toMatch(/^\d+\.\d+\.\d+/);
    const paths = res.json.endpoints.map((e: { method: string; path: string }) => `${e.method} ${e.path}`);
    expect(paths).toContain("GET /api/search");
    expect(paths).toContain("POST /api/experience");
  });

  it("GET /api/health is ok on a working database", async () => {
    const res = await call(healthRoute.GET, "/api/health");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "ok", db: "ok" });
  });

  it("GET /api/health answers 503 when the database cannot be opened", async () => {
    const saved = process.env.DATABASE_URL;
    // SQLite: a directory where the database file should be; PostgreSQL: a port nothing listens on.
    process.env.DATABASE_URL = onPostgres() ? "postgresql://postgres@127.0.0.1:1/knowhub" : `file:${mkdtempSync(join(tmpdir(), "knowhub-broken-"))}`;
    try {
      const res = await call(healthRoute.GET, "/api/health");
      expect(res.status).toBe(503);
      expect(res.json).toMatchObject({ status: "unavailable", db: "error" });
    } finally {
      process.env.DATABASE_URL = saved;
    }
  });

  it("unknown /api paths answer JSON 404, for any method", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const res = await call(unknownRoute[method], "/api/experiences", { method });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.json.error.code).toBe("not_found");
    }
  });

  it("serves the agent guide at /skill.md", async () => {
    const res = await call(skillRoute.GET, "/skill.md");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/markdown");
    expect(res.text).toContain("KNOWHUB_API");
  });

  it("GET /api/categories counts resources and experiences per category", async () => {
    await post(experienceInput({ name: "tabula-py", category: "Library", task: "read budget tables" }));
    await post(experienceInput({ name: "tabula-py", category: "library", task: "read invoice tables" }));
    await post(experienceInput({ name: "Attention Is All You Need", category: "paper", task: "understand transformers" }));
    const res = await call(categoriesRoute.GET, "/api/categories");
    expect(res.status).toBe(200);
    const library = res.json.categories.find((c: { category: string }) => c.category === "library");
    expect(library).toEqual({ category: "library", resource_count: 1, experience_count: 2 });
    expect(res.json.categories.find((c: { category: string }) => c.category === "paper").resource_count).toBe(1);
  });
});

describe("GET /api/search input and logging", () => {
  const logCount = async () => (await sqlGet<{ n: number }>("SELECT COUNT(*) AS n FROM search_logs"))!.n;

  it.each([
    ["", "q"],
    ["?q=", "q"],
    [`?q=${"a".repeat(501)}`, "q"],
    ["?q=pdf&limit=0", "limit"],
    ["?q=pdf&limit=51", "limit"],
    ["?q=pdf&limit=ten", "limit"],
    [`?q=pdf&category=${"c".repeat(41)}`, "category"],
    ["?q=pdf&explain=maybe", "explain"],
  ])("rejects %s naming %s", async (query, field) => {
    const res = await call(searchRoute.GET, `/api/search${query}`);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("invalid_input");
    expect(res.json.error.message).toContain(field);
  });

  it("answers an unknown task with 200, abstained and a hint to report back", async () => {
    const res = await call(searchRoute.GET, "/api/search?q=train+a+pigeon+to+deliver+quantum+mail");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ results: [], abstained: true, limit: 10, category: "" });
    expect(res.json.hint).toContain("POST /api/experience");
  });

  it("finds a just-written experience in the next request, in Chinese and English, and logs searches", async () => {
    await post(experienceInput({ name: "jieba", category: "library", task: "中文分词：把新闻标题切成词语", score: 5 }));
    await flushSearchLog();
    const before = await logCount();
    const zh = await call(searchRoute.GET, `/api/search?q=${encodeURIComponent("中文分词")}`);
    expect(zh.json.results[0].name).toBe("jieba");
    const en = await call(searchRoute.GET, "/api/search?q=read+invoice+tables&category=library");
    expect(en.json.results[0].name).toBe("tabula-py");
    expect(en.json.results.every((r: { category: string }) => r.category === "library")).toBe(true);
    await flushSearchLog();
    expect(await logCount()).toBe(before + 2);
    const last = (await sqlGet("SELECT * FROM search_logs ORDER BY id DESC LIMIT 1"))!;
    expect(last).toMatchObject({ query: "read invoice tables", category: "library", abstained: false });
  });
});
