// "Did you mean" from the trigram index: right suggestions, and a cost that does not grow with the
// number of resources (the statements use the index, never a scan of every resource).
import { beforeAll, describe, expect, it } from "vitest";
import { getSqlite } from "../db";
import { onPostgres } from "@/test/fresh-database";
import { createExperience } from "./create-experience";
import { createExperienceInput } from "../experiences/schema";
import { getResource } from "./get-resource";
import { suggestResourceNames } from "./suggest-names";

const report = (name: string, status = "published") =>
  createExperience(
    createExperienceInput.parse({ name, task: `use ${name} for a task`, score: 4, confirm_new_resource: true }),
    undefined,
    undefined,
    { hold: status === "pending" ? { reason: "held for review", findings: [] } : null },
  );

beforeAll(async () => {
  for (const name of ["PyMuPDF", "pdfplumber", "Camelot", "Scrapy", "requests", "R", "jq", "Playwright", "数据分析工具", "held-only-tool"]) {
    await report(name, name === "held-only-tool" ? "pending" : "published");
  }
  // Many similar names, so a common trigram ("pdf") has a long list and the rare ones decide.
  for (let i = 0; i < 300; i += 1) await report(`pdf-toolkit-${i}`);
});

describe("suggestResourceNames", () => {
  it("suggests the closest names for typos, partial names, short names and Chinese", async () => {
    expect((await suggestResourceNames("pymupfd"))[0]).toBe("PyMuPDF");
    expect((await suggestResourceNames("pdfplumbr"))[0]).toBe("pdfplumber");
    expect((await suggestResourceNames("playwrite"))[0]).toBe("Playwright");
    expect(await suggestResourceNames("j")).toContain("jq");
    expect(await suggestResourceNames("数据分析")).toContain("数据分析工具");
    expect((await suggestResourceNames("pdf-toolkit-17"))[0]).toBe("pdf-toolkit-17");
    expect(await suggestResourceNames("zzzzqqqq")).toEqual([]);
  });

  it("answers a 190-character name without error", async () => {
    expect(await suggestResourceNames(`camelot${"x".repeat(183)}`)).toEqual(expect.any(Array));
  });

  it("keeps held-only resources out of public answers and in the console's", async () => {
    expect(await suggestResourceNames("held-only-tol")).toEqual([]);
    expect(await suggestResourceNames("held-only-tol", { anyStatus: true })).toEqual(["held-only-tool"]);
  });

  it("is what GET /api/resource's 404 offers", async () => {
    await expect(getResource({ name: "camelott", sort: "newest", limit: 20 } as never)).rejects.toThrow(
      expect.objectContaining({ code: "not_found", details: expect.objectContaining({ closest: expect.arrayContaining(["Camelot"]) }) }),
    );
  });

  // SQLite's name index (FTS5 trigram table and its vocab); PostgreSQL's is a pg_trgm index.
  it.skipIf(onPostgres())("reads the index, not every resource (query plans)", () => {
    const db = getSqlite();
    const plans = [
      `SELECT r.name FROM (SELECT rowid AS id FROM resource_name_grams WHERE resource_name_grams MATCH 'pdf' LIMIT 40) g JOIN resources r ON r.rowid = g.id WHERE r.experience_count > 0`,
      `SELECT term, doc FROM resource_name_gram_vocab WHERE term IN (SELECT value FROM json_each('["pdf"]'))`,
      `SELECT r.name FROM resources r WHERE r.key >= 'j' AND r.key < 'j' || char(1114111) AND r.experience_count > 0 LIMIT 50`,
    ].map((sql) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((p) => p.detail).join("; "));
    for (const plan of plans) expect(plan).not.toMatch(/SCAN r\b|SCAN resources\b/);
  });
});
