// Content search gives the same hits on SQLite and PostgreSQL (#22 item 2): the same reports and
// content nodes (English and Chinese, several resources and categories, revisions, a hide) written
// through the app into a SQLite file and a PostgreSQL database of this file's own, and the same
// queries (unscoped, scoped to a category, scoped to a resource through GET /api/resource's q)
// answer the same content, hit for hit and snippet for snippet.
// SQLite and PostgreSQL databases of its own (this file switches DATABASE_URL between them).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/lib/db";
import { decideRevision } from "@/lib/contents/decide-revision";
import { submitContentInput } from "@/lib/contents/schema";
import { submitContent } from "@/lib/contents/submit-content";
import { createExperienceInput } from "@/lib/experiences/schema";
import { createExperience } from "@/lib/resources/create-experience";
import { getResourceInput } from "@/lib/resources/schema";
import { getResourceForTask } from "@/lib/search/get-resource-for-task";
import { searchInput, type ContentHitDto } from "@/lib/search/schema";
import { searchExperiences } from "@/lib/search/search-experiences";
import { contentInput, experienceInput } from "./factories";
import { usePgDatabase } from "./pg-database";

const pg = usePgDatabase();
const sqliteUrl = `file:${join(mkdtempSync(join(tmpdir(), "knowhub-content-engines-")), "hub.db")}`;
const NOW = new Date("2026-06-01T12:00:00.000Z");
const MAINTAINER = { keyId: "", label: "maintainer" };

const REPORTS = [
  { name: "PyMuPDF", category: "library", task: "extract tables from scanned pdf invoices" },
  { name: "pdfplumber", category: "library", task: "read text and tables from pdf statements" },
  { name: "Tablet Kit", category: "library", task: "convert spreadsheets to csv" },
  { name: "firecrawl-mcp", category: "mcp", task: "crawl a documentation site to markdown" },
  { name: "jieba", category: "library", task: "中文分词和关键词提取" },
];

const NODES: [string, string, string][] = [
  ["pymupdf", "PyMuPDF", "# PyMuPDF\n\nA fast PDF library: text, images and tables."],
  ["pymupdf/find-tables", "Finding tables", "Call `page.find_tables()` to extract the tables of a PDF page. Scanned pages need OCR first."],
  ["pymupdf/ocr", "OCR", "Run `page.get_textpage_ocr()` on scanned pages; Tesseract must be installed."],
  ["pdfplumber/tables", "Tables", "`page.extract_tables()` returns every table of a PDF page as rows of cells."],
  ["pdfplumber/text", "Text", "`page.extract_text()` keeps the reading order of a PDF page."],
  ["tablet-kit/csv", "CSV export", "Export spreadsheets to CSV with the header row kept."],
  ["firecrawl-mcp/crawl", "Crawling", "Crawl a whole site to markdown; rotate proxies for large crawls."],
  ["jieba/user-dictionary", "自定义词典", "用 jieba.load_userdict 加载自定义词典，提高中文分词的准确率。"],
  ["jieba/keywords", "关键词提取", "用 TF-IDF 或 TextRank 从中文文本中提取关键词。"],
  ["orphan-notes/geohash", "Geohash", "Geohash cells and their neighbours answer radius queries on maps."],
];

const QUERIES: [q: string, category: string][] = [
  ["extract tables from scanned pdf", ""],
  ["extract tables from scanned pdf", "library"],
  ["extract tables from scanned pdf", "mcp"],
  ["pdf page text reading order", ""],
  ["crawl a site to markdown", ""],
  ["crawl a site to markdown", "mcp"],
  ["中文分词 自定义词典", ""],
  ["提取关键词", ""],
  ["从PDF提取表格", ""],
  ["geohash radius neighbours", ""],
  ["export csv header", "library"],
  ["burrow consumer lag", ""],
];

const TASKS: [resource: string, q: string][] = [
  ["PyMuPDF", "extract tables from scanned pdf"],
  ["pdfplumber", "extract tables from scanned pdf"],
  ["Tablet Kit", "export spreadsheets to csv"],
  ["jieba", "提取关键词"],
];

type Answers = { search: ContentHitDto[][]; tasks: ContentHitDto[][] };

async function writeHub(): Promise<void> {
  for (const r of REPORTS) await createExperience(createExperienceInput.parse(experienceInput({ ...r, score: 4 })), undefined, NOW);
  for (const [id, title, body] of NODES) await submitContent(submitContentInput.parse(contentInput({ id, title, body })), undefined, {}, NOW);
  // A second revision replaces the first's text, and a hidden one leaves the node's earlier text.
  await submitContent(submitContentInput.parse(contentInput({ id: "pymupdf/ocr", title: "OCR", body: "Run `page.get_textpage_ocr()` on scanned pages; install Tesseract and its language packs." })), undefined, {}, NOW);
  await submitContent(submitContentInput.parse(contentInput({ id: "pdfplumber/text", title: "Text", body: "Burrow consumer lag dashboards." })), undefined, {}, NOW);
  await decideRevision({ id: "pdfplumber/text", revision: 2, action: "hide", reason: "off topic" }, MAINTAINER, NOW);
}

async function answersOn(url: string): Promise<Answers> {
  await closeDb();
  process.env.DATABASE_URL = url;
  await writeHub();
  const search: ContentHitDto[][] = [];
  for (const [q, category] of QUERIES) search.push((await searchExperiences(searchInput.parse({ q, category }), "", { log: false })).content);
  const tasks: ContentHitDto[][] = [];
  for (const [name, q] of TASKS) tasks.push((await getResourceForTask(getResourceInput.parse({ name, q }))).task!.content);
  return { search, tasks };
}

describe.skipIf(!pg.available)("content search on SQLite and PostgreSQL", () => {
  const saved = process.env.DATABASE_URL;
  let sqlite: Answers;
  let postgres: Answers;

  beforeAll(async () => {
    process.env.KNOWHUB_SEARCH_CACHE = "0";
    sqlite = await answersOn(sqliteUrl);
    postgres = await answersOn(pg.url());
  });
  afterAll(async () => {
    delete process.env.KNOWHUB_SEARCH_CACHE;
    await closeDb();
    process.env.DATABASE_URL = saved;
  });

  it("finds content on both (the comparison below compares something)", () => {
    const ids = sqlite.search.map((hits) => hits.map((h) => h.id));
    expect(ids[0]).toContain("pymupdf/find-tables");
    expect(ids[2]).toEqual([]);
    expect(ids[6]).toContain("jieba/user-dictionary");
    expect(ids[9]).toEqual(["orphan-notes/geohash"]);
    // The hidden revision's text is found on neither.
    expect(ids[11]).toEqual([]);
    expect(sqlite.search.flat().length).toBeGreaterThan(10);
    expect(sqlite.tasks[0].map((h) => h.id)).not.toContain("pdfplumber/tables");
  });

  it("gives the same hits, in the same order, with the same snippets, unscoped and scoped", () => {
    QUERIES.forEach(([q, category], i) => expect(postgres.search[i], `${q} [${category}]`).toEqual(sqlite.search[i]));
    TASKS.forEach(([name, q], i) => expect(postgres.tasks[i], `${name}: ${q}`).toEqual(sqlite.tasks[i]));
  });
});
