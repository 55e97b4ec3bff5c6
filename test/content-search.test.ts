// Content found by search (#22 item 2): GET /api/search answers matching content nodes in a section
// of their own. Only a node's visible revision (its latest published one) is found: a held revision
// is not, a hidden one disappears, a new revision's text replaces the old, a revert brings the old
// text back; Chinese nodes are found by Chinese queries; a category scope applies to content too;
// rows written behind the app's back (an import) are indexed; the reports' answer is unchanged.
import { describe, expect, it } from "vitest";
import * as searchRoute from "@/app/api/search/route";
import type { Actor } from "@/lib/audit/schema";
import { decideRevision } from "@/lib/contents/decide-revision";
import { fillContentSearch } from "@/lib/contents/index-content";
import { revertContent } from "@/lib/contents/revert-content";
import { submitContentInput } from "@/lib/contents/schema";
import { submitContent } from "@/lib/contents/submit-content";
import { createExperienceInput } from "@/lib/experiences/schema";
import { NO_KEY } from "@/lib/keys/provenance";
import { createExperience } from "@/lib/resources/create-experience";
import { CONTENT_SEARCH_TUNING } from "@/lib/search/search-content";
import { contentInput, experienceInput } from "./factories";
import { call } from "./http";
import { sqlAll, sqlGet, sqlRun } from "./sql";

const MAINTAINER: Actor = { keyId: "", label: "maintainer" };
const HOLD = { reason: "held for review: screening found prompt_injection", findings: [{ kind: "prompt_injection", field: "body", excerpt: "x" }] };

const search = async (q: string, extra = "") => {
  const res = await call(searchRoute.GET, `/api/search?q=${encodeURIComponent(q)}${extra}`);
  expect(res.status).toBe(200);
  return res.json as { confidence: string; abstained: boolean; results: { name: string }[]; content: { id: string; title: string; resource: string | null; snippet: string; link: string }[] };
};
const contentIds = async (q: string, extra = "") => (await search(q, extra)).content.map((c) => c.id);
const submit = (fields: Record<string, unknown>, options: Parameters<typeof submitContent>[2] = {}) =>
  submitContent(submitContentInput.parse(contentInput(fields)), NO_KEY, options);
const report = (fields: Record<string, unknown>) => createExperience(createExperienceInput.parse(experienceInput(fields)));

describe("content found by search", () => {
  it("finds a published node by the words of its body, with its resource, a marked snippet and its link", async () => {
    await report({ name: "PyMuPDF", category: "library", task: "extract tables from a scanned pdf invoice", score: 5 });
    await submit({ id: "pymupdf", title: "PyMuPDF notes", body: "# PyMuPDF\n\nNotes on the library." });
    await submit({
      id: "pymupdf/find-tables",
      title: "Finding tables",
      body: "# Finding tables\n\nCall `page.find_tables()` to **extract** the tables of a page; scanned pages need OCR first.",
    });
    const answer = await search("extract tables from scanned pages");
    const hit = answer.content.find((c) => c.id === "pymupdf/find-tables");
    expect(hit).toEqual({
      id: "pymupdf/find-tables",
      title: "Finding tables",
      resource: "PyMuPDF",
      snippet: expect.stringContaining("**tables**"),
      link: "/content/pymupdf/find-tables",
    });
    expect(hit!.snippet).toContain("**extract**");
    expect(hit!.snippet).toContain("**scanned**");
    // The reports' answer is its own: the report is found as before.
    expect(answer.results.map((r) => r.name)).toContain("PyMuPDF");
  });

  it("still answers content when the reports' search abstains", async () => {
    await submit({ id: "tesseract-notes/page-segmentation", title: "Page segmentation modes", body: "Tesseract psm 6 assumes a uniform block of text; psm 11 finds sparse text." });
    const answer = await search("tesseract page segmentation sparse text");
    expect(answer.abstained).toBe(true);
    expect(answer.content.map((c) => c.id)).toEqual(["tesseract-notes/page-segmentation"]);
    // No report names the tree's root: no resource.
    expect(answer.content[0].resource).toBeNull();
    expect(answer.content[0].link).toBe("/content/tesseract-notes/page-segmentation");
  });

  it("does not find a held revision; approving it makes it findable", async () => {
    await submit({ id: "held-notes/quantum", title: "Quantum annealing", body: "Anneal qubits with dwave samplers." }, { hold: HOLD });
    expect(await contentIds("dwave qubit annealing")).toEqual([]);
    await decideRevision({ id: "held-notes/quantum", revision: 1, action: "approve", reason: "fine" }, MAINTAINER);
    expect(await contentIds("dwave qubit annealing")).toEqual(["held-notes/quantum"]);
  });

  it("forgets a hidden node, finds a new revision's text and not the old one's, and follows restores and reverts", async () => {
    const id = "kafka-notes/consumer-lag";
    await submit({ id, title: "Consumer lag", body: "Measure consumer lag with burrow dashboards." });
    expect(await contentIds("burrow consumer lag")).toEqual([id]);

    await submit({ id, title: "Consumer lag", body: "Measure consumer lag with kminion exporters." });
    expect(await contentIds("burrow dashboards")).toEqual([]);
    expect(await contentIds("kminion exporters")).toEqual([id]);

    await decideRevision({ id, revision: 2, action: "hide", reason: "wrong" }, MAINTAINER);
    // Revision 1 is visible again: its text is found, revision 2's is not.
    expect(await contentIds("kminion exporters")).toEqual([]);
    expect(await contentIds("burrow dashboards")).toEqual([id]);

    await decideRevision({ id, revision: 1, action: "hide", reason: "gone" }, MAINTAINER);
    expect(await contentIds("burrow dashboards")).toEqual([]);
    expect(await sqlGet(`SELECT content_id FROM content_search WHERE content_id = ?`, [id])).toBeNull();
    expect(await sqlAll(`SELECT term FROM content_terms WHERE content_id = ?`, [id])).toEqual([]);

    await decideRevision({ id, revision: 1, action: "restore", reason: "was fine" }, MAINTAINER);
    expect(await contentIds("burrow dashboards")).toEqual([id]);
    // A revert copies revision 1's text into a new revision: found by that text, as before.
    await submit({ id, title: "Consumer lag", body: "Measure consumer lag with kminion exporters." });
    expect(await contentIds("burrow dashboards")).toEqual([]);
    await revertContent(id, 1, "back to the dashboards", MAINTAINER);
    expect(await contentIds("burrow dashboards")).toEqual([id]);
    expect(await contentIds("kminion exporters")).toEqual([]);
  });

  it("finds a Chinese node by a Chinese query, and an English node through the lexicon's translation", async () => {
    await submit({ id: "jieba/user-dictionary", title: "自定义词典", body: "用 jieba.load_userdict 加载自定义词典，提高中文分词的准确率。" });
    expect(await contentIds("中文分词 自定义词典")).toContain("jieba/user-dictionary");
    await submit({ id: "pdfplumber/tables", title: "Tables with pdfplumber", body: "Extract tables from PDF files with page.extract_tables()." });
    expect(await contentIds("从PDF提取表格")).toContain("pdfplumber/tables");
  });

  it("applies the category scope to content: only its resources' trees", async () => {
    await report({ name: "scrapy", category: "library", task: "crawl product pages", score: 4 });
    await report({ name: "firecrawl-mcp", category: "mcp", task: "crawl a site to markdown", score: 4 });
    await submit({ id: "scrapy/rotating-proxies", title: "Rotating proxies", body: "Rotate proxies while you crawl with a downloader middleware." });
    await submit({ id: "firecrawl-mcp/rotating-proxies", title: "Proxies", body: "Firecrawl rotates proxies for every crawl by itself." });
    const all = await contentIds("rotate proxies crawl");
    expect(all).toEqual(expect.arrayContaining(["scrapy/rotating-proxies", "firecrawl-mcp/rotating-proxies"]));
    expect(await contentIds("rotate proxies crawl", "&category=mcp")).toEqual(["firecrawl-mcp/rotating-proxies"]);
    expect(await contentIds("rotate proxies crawl", "&category=library")).toEqual(["scrapy/rotating-proxies"]);
    expect(await contentIds("rotate proxies crawl", "&category=paper")).toEqual([]);
  });

  it("shows at most five nodes, best first", async () => {
    for (let i = 0; i < 8; i++) {
      await submit({ id: `many-notes/geohash-${i}`, title: `Geohash ${i}`, body: `Geohash precision ${i} cells${i === 3 ? " and geohash neighbours for radius queries" : ""}.` });
    }
    const ids = await contentIds("geohash neighbours radius");
    expect(ids.length).toBeLessThanOrEqual(CONTENT_SEARCH_TUNING.limit);
    expect(ids[0]).toBe("many-notes/geohash-3");
  });

  it("indexes nodes written behind the app's back (import, restore, an older app) when filled", async () => {
    await submit({ id: "lost-notes/zstd", title: "zstd levels", body: "Zstandard level 19 compresses logs tightly." });
    // As if written before the index existed.
    await sqlRun(`DELETE FROM content_search WHERE content_id = 'lost-notes/zstd'`);
    expect(await contentIds("zstandard compress logs")).toEqual([]);
    expect(await fillContentSearch()).toBe(1);
    expect(await contentIds("zstandard compress logs")).toEqual(["lost-notes/zstd"]);
    expect(await fillContentSearch()).toBe(0);
  });
});
