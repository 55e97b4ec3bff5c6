// Import and export (lib/transfer): a full export restored into an empty database gives the same
// rows back, re-importing skips everything, and bad lines are rejected by line number and reason.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import * as contentRoute from "@/app/api/content/route";
import * as experienceRoute from "@/app/api/experience/route";
import { db } from "@/lib/db";
import { flushSearchLog } from "@/lib/demand-log/log-search";
import { searchExperiences } from "@/lib/search/search-experiences";
import { exportFile } from "@/lib/transfer/export-records";
import { importFile } from "@/lib/transfer/import-records";
import { contentInput, experienceInput } from "./factories";
import { useDatabase } from "./fresh-database";
import { sqlAll } from "./sql";
import { dumpDatabase } from "./transfer-dump";
import { call } from "./http";

const dir = mkdtempSync(join(tmpdir(), "knowhub-transfer-"));
// Each name is a fresh database of this file's engine (test/fresh-database.ts).
const useDb = (name: string) => useDatabase(name);
const postExperience = (body: unknown) => call(experienceRoute.POST, "/api/experience", { method: "POST", body });
const postContent = (body: unknown) => call(contentRoute.POST, "/api/content", { method: "POST", body });

const dump = dumpDatabase;

const search = async (q: string) => (await searchExperiences({ q, category: "", limit: 10, explain: true })).results;

describe("export then import", () => {
  let original: Awaited<ReturnType<typeof dump>>;
  let exported: string;

  beforeAll(async () => {
    await useDb("source.db");
    for (const input of [
      experienceInput(),
      experienceInput({ name: " pymupdf ", score: 5, task: "Render PDF pages to PNG thumbnails" }),
      experienceInput({ name: "Camelot", url: "", category: "Library", task: "从扫描版 PDF 提取表格", score: 2, tips: "先用 OCR" }),
      experienceInput({ name: "pdfplumber", task: "Find words with their coordinates", content_id: "pdfplumber/words" }),
    ]) {
      expect((await postExperience(input)).status).toBe(201);
    }
    for (const body of ["# pdfplumber\n\nv1", "# pdfplumber\n\nv2", "# pdfplumber\n\nv3"]) {
      expect((await postContent(contentInput({ id: "pdfplumber", title: "pdfplumber", body }))).status).toBeLessThan(300);
    }
    await postContent(contentInput({ id: "pdfplumber/words", title: "Words", body: "extract_words()", sort_order: 2 }));
    await postContent(contentInput({ id: "pdfplumber/words", title: "Words and chars", body: "extract_words()", sort_order: 2 }));
    original = await dump();
    exported = join(dir, "export.jsonl");
    const summary = await exportFile(exported, undefined, { all: true });
    expect(summary).toMatchObject({ experiences: 4, contentRevisions: 5 });
  });

  it.each([
    ["per batch", "restored.db", false],
    ["in one bulk transaction", "restored-bulk.db", true],
  ])("restores the same rows into an empty database (%s)", async (_, file, bulk) => {
    await useDb(file);
    const summary = await importFile(exported, { bulk });
    // The bulk path is SQLite's: PostgreSQL writes per batch and says so.
    expect(summary.bulk).toBe(bulk && db().engine === "sqlite");
    expect(summary.bulkFallback).toBe(bulk && db().engine === "postgres");
    expect(summary.rejections).toEqual([]);
    expect(summary.experiences).toEqual({ added: 4, skipped: 0, rejected: 0 });
    expect(summary.contentRevisions).toEqual({ added: 5, skipped: 0, rejected: 0 });
    const restored = await dump();
    expect(restored.experiences).toEqual(original.experiences);
    expect(restored.resources).toEqual(original.resources);
    expect(restored.contents).toEqual(original.contents);
    expect(restored.revisions).toEqual(original.revisions);
    expect(restored.fts).toEqual(original.fts);
    expect(restored.vocab).toEqual(original.vocab);
    expect(restored.schema).toEqual(original.schema);
    expect(restored.fts.length).toBeGreaterThan(0);
  });

  it("answers searches the same way after a restore", async () => {
    await useDb("source.db");
    const before = [await search("extract tables from pdf"), await search("PDF 表格")];
    await useDb("restored.db");
    expect([await search("extract tables from pdf"), await search("PDF 表格")]).toEqual(before);
    expect(before[0].length).toBeGreaterThan(0);
    // Write the buffered search log now: a bulk import below holds the write lock, and a timed
    // flush on this thread would wait out the busy timeout.
    await flushSearchLog();
  });

  it("exports the restored database byte for byte like the original", async () => {
    await useDb("restored.db");
    const again = join(dir, "export-again.jsonl");
    await exportFile(again, undefined, { all: true });
    expect(readFileSync(again, "utf8")).toBe(readFileSync(exported, "utf8"));
  });

  it.each([false, true])("skips everything when the same file is imported again (bulk: %s)", async (bulk) => {
    await useDb("restored.db");
    const summary = await importFile(exported, { bulk });
    expect(summary.experiences).toEqual({ added: 0, skipped: 4, rejected: 0 });
    expect(summary.contentRevisions).toEqual({ added: 0, skipped: 5, rejected: 0 });
    // A skipped insert still uses up an AUTOINCREMENT id, on either path.
    expect({ ...(await dump()), sequence: [] }).toEqual({ ...original, sequence: [] });
  });

  it("prepares lines the same way on worker threads", async () => {
    await useDb("restored-by-workers.db");
    const summary = await importFile(exported, { workers: 2, batchSize: 3, bulk: true });
    expect(summary.rejections).toEqual([]);
    expect(await dump()).toEqual(original);
  });
});

describe("import of hand-written files", () => {
  it("accepts plain API bodies, keeps created_at, and rejects bad lines by number and reason", async () => {
    await useDb("mixed.db");
    const plain = experienceInput({ name: "tabula-py", task: "Extract tables from budget PDFs" });
    const lines = [
      JSON.stringify(plain),
      JSON.stringify({ type: "experience", ...experienceInput({ task: "Dated report" }), created_at: "2024-03-01T10:00:00.000Z" }),
      "",
      "{not json",
      JSON.stringify({ ...experienceInput(), tip: "typo" }),
      JSON.stringify(experienceInput({ score: 6, task: "Bad score" })),
      JSON.stringify({ type: "review", text: "?" }),
      JSON.stringify({ ...experienceInput({ task: "Bad time" }), created_at: "yesterday" }),
      JSON.stringify({ type: "content_revision", id: "bad-status", revision: 1, title: "", body: "x", sort_order: 0, submitted_by: "", status: "deleted" }),
      JSON.stringify({ type: "content_revision", id: "ok", revision: 1, title: "Ok", body: "first", sort_order: 0, submitted_by: "a" }),
      JSON.stringify({ type: "content_revision", id: "ok", revision: 1, title: "Ok", body: "changed", sort_order: 0, submitted_by: "a" }),
      JSON.stringify({ type: "content_revision", id: "../x", revision: 1, body: "x" }),
      JSON.stringify({ ...plain, task: `  ${plain.task}  ` }), // the same submission, spaced differently
    ];
    const file = join(dir, "mixed.jsonl");
    writeFileSync(file, lines.join("\n") + "\n");
    const summary = await importFile(file, { now: new Date("2025-05-05T05:05:05.000Z") });

    expect(summary.lines).toBe(13);
    expect(summary.experiences).toEqual({ added: 2, skipped: 1, rejected: 3 });
    expect(summary.contentRevisions).toEqual({ added: 1, skipped: 0, rejected: 3 });
    expect(summary.unknown).toEqual({ added: 0, skipped: 0, rejected: 2 });
    const reasons = Object.fromEntries(summary.rejections.map((r) => [r.line, r.reason]));
    expect(Object.keys(reasons).map(Number)).toEqual([4, 5, 6, 7, 8, 9, 11, 12]);
    expect(reasons[4]).toContain("invalid JSON");
    expect(reasons[5]).toContain("unknown field: tip");
    expect(reasons[6]).toContain("score must be from 1 to 5");
    expect(reasons[7]).toContain('type must be "experience" or "content_revision"');
    expect(reasons[8]).toContain("created_at");
    expect(reasons[9]).toContain("status must be published, pending, rejected, hidden");
    expect(reasons[11]).toContain("already has a different revision 1");
    expect(reasons[12]).toContain("id ");

    const times = await sqlAll(`SELECT task, created_at AS "createdAt" FROM experiences ORDER BY id`);
    expect(times).toEqual([
      { task: plain.task, createdAt: "2025-05-05T05:05:05.000+00:00" },
      { task: "Dated report", createdAt: "2024-03-01T10:00:00.000+00:00" },
    ]);
  });

  it("takes a node's revisions in increasing order, gaps allowed, each with its status; the node shows its latest published one", async () => {
    await useDb("order.db");
    const revision = (id: string, n: number, body: string, extra: Record<string, unknown> = {}) =>
      JSON.stringify({ type: "content_revision", id, revision: n, title: id, body, sort_order: 0, submitted_by: "a", ...extra });
    const findings = [{ kind: "prompt_injection", excerpt: "ignore previous instructions" }];
    const lines = [
      revision("doc", 2, "two"), // revision 1 was held back by a public export: a gap is fine
      revision("doc", 1, "one"), // but not going back
      revision("doc", 3, "three", { status: "pending", findings, status_reason: "held for review" }),
      revision("doc", 5, "five", { status: "hidden", status_reason: "spam" }),
      revision("doc", 6, "six", { status: "deleted" }),
      revision("unseen", 1, "only", { status: "rejected", locked: true }),
      JSON.stringify({ ...experienceInput(), locked: true }),
      JSON.stringify({ ...experienceInput({ task: "A held report" }), status: "pending", findings, status_reason: "held" }),
    ];
    const file = join(dir, "order.jsonl");
    writeFileSync(file, lines.join("\n") + "\n");
    const summary = await importFile(file);
    expect(summary.contentRevisions).toEqual({ added: 4, skipped: 0, rejected: 2 });
    expect(summary.experiences).toEqual({ added: 1, skipped: 0, rejected: 1 });
    const reasons = Object.fromEntries(summary.rejections.map((r) => [r.line, r.reason]));
    expect(Object.keys(reasons).map(Number)).toEqual([2, 5, 7]);
    expect(reasons[2]).toContain("revision 1 is out of order: the node already has revisions up to 2");
    expect(reasons[5]).toContain("status must be");
    expect(reasons[7]).toContain("unknown field: locked");

    expect(await sqlAll("SELECT id, title, body, revision, latest_revision AS latest, locked FROM contents ORDER BY id")).toEqual([
      { id: "doc", title: "doc", body: "two", revision: 2, latest: 5, locked: false },
      { id: "unseen", title: "", body: "", revision: 0, latest: 1, locked: true },
    ]);
    expect(await sqlAll("SELECT revision, status, findings, status_reason AS reason FROM content_revisions WHERE content_id = 'doc' ORDER BY revision")).toEqual([
      { revision: 2, status: "published", findings: "[]", reason: "" },
      { revision: 3, status: "pending", findings: JSON.stringify(findings), reason: "held for review" },
      { revision: 5, status: "hidden", findings: "[]", reason: "spam" },
    ]);
    expect(await sqlAll("SELECT status, findings, status_reason AS reason FROM experiences")).toEqual([
      { status: "pending", findings: JSON.stringify(findings), reason: "held" },
    ]);
  });
});
