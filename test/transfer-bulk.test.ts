// The bulk import path (one transaction, per-row trigger suspended and applied set-wise) must leave
// exactly what the per-batch path leaves, also when importing into a database that already has
// rows, resources and index entries; and a bulk import that fails leaves the database untouched,
// its triggers included.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import * as experienceRoute from "@/app/api/experience/route";
import { getSqlite } from "@/lib/db";
import { importFile } from "@/lib/transfer/import-records";
import { experienceInput } from "./factories";
import { call } from "./http";
import { sqlAll, sqlGet } from "./sql";
import { dumpDatabase, schema } from "./transfer-dump";

const dir = mkdtempSync(join(tmpdir(), "knowhub-bulk-"));
const useDb = (name: string) => (process.env.DATABASE_URL = `file:${join(dir, name)}`);
const NOW = new Date("2025-05-05T05:05:05.000Z");
const postExperience = (body: unknown) => call(experienceRoute.POST, "/api/experience", { method: "POST", body });

const at = (year: number) => `${year}-06-01T00:00:00.000Z`;
const line = (fields: Record<string, unknown>) => JSON.stringify({ ...experienceInput(), ...fields });
const seeded = experienceInput({ name: "Alpha", url: "", category: "", task: "Seeded through the API" });

// Each line pins one rule of the experiences_ai trigger or of duplicate handling.
const lines = [
  line({ name: "alpha", url: "", category: "", task: "Earlier than the seed", created_at: at(2020) }), // first_seen
  line({ name: "Alpha", url: "https://hidden.example", category: "hidden-cat", task: "Hidden", status: "hidden" }), // no fill
  line({ name: "ALPHA", url: "https://alpha.example", category: "tool", task: "Fills url", score: 1, created_at: at(2030) }),
  line({ name: "Alpha", url: "https://later.example", category: "cli", task: "Too late to fill", score: 5 }),
  JSON.stringify(seeded), // duplicate of a stored row
  line({ name: "ALPHA", url: "https://alpha.example", category: "tool", task: "  fills   URL ", score: 1, created_at: at(2030) }), // duplicate in the file
  line({ name: "Beta", url: "https://beta-hidden.example", task: "Creates the resource while hidden", status: "hidden", created_at: at(2019) }),
  line({ name: "beta", url: "https://beta.example", task: "从扫描版 PDF 提取表格", score: 2, created_at: at(2021) }),
  line({ name: "Gamma", url: "", category: "", task: "No url yet", score: 3 }),
  line({ name: "Gamma", url: "https://gamma-hidden.example", task: "Hidden gamma", status: "hidden" }),
  line({ name: "Gamma", url: "", category: "", task: "Still no url", score: 4 }),
  line({ name: "Delta", task: "Only hidden", status: "hidden" }),
  line({ score: 9, task: "Rejected" }),
  JSON.stringify({ type: "content_revision", id: "doc", revision: 1, title: "Doc", body: "one", sort_order: 0, submitted_by: "a" }),
  JSON.stringify({ type: "content_revision", id: "doc", revision: 3, title: "Doc", body: "gap", sort_order: 0, submitted_by: "a" }),
];

describe("bulk import", () => {
  const file = join(dir, "tricky.jsonl");

  beforeAll(async () => {
    writeFileSync(file, lines.join("\n") + "\n");
    useDb("seed.db");
    expect((await postExperience(seeded)).status).toBe(201);
    expect((await postExperience(experienceInput({ task: "Another seeded report" }))).status).toBe(201);
    // SQLite only (test/engines.ts): copies of the seeded file, through the raw connection.
    for (const copy of ["per-batch.db", "bulk.db", "failed.db"]) getSqlite().exec(`VACUUM INTO '${join(dir, copy)}'`);
  });

  it("leaves exactly what the per-batch path leaves in a database that already has rows", async () => {
    useDb("per-batch.db");
    const perBatch = await importFile(file, { bulk: false, batchSize: 4, now: NOW });
    const expected = await dumpDatabase();
    useDb("bulk.db");
    const bulk = await importFile(file, { bulk: true, batchSize: 4, workers: 1, now: NOW });
    expect(bulk.bulk).toBe(true);
    expect({ ...bulk, elapsedMs: 0, bulk: false }).toEqual({ ...perBatch, elapsedMs: 0 });
    expect(bulk.experiences).toEqual({ added: 10, skipped: 2, rejected: 1 });
    expect(await dumpDatabase()).toEqual(expected);

    const resources = await sqlAll(`SELECT key, url, category, experience_count AS n, first_seen AS "firstSeen" FROM resources ORDER BY key`);
    expect(resources).toMatchObject([
      { key: "alpha", url: "https://alpha.example", category: "tool", n: 4, firstSeen: "2020-06-01T00:00:00.000+00:00" },
      // The shown url follows the published reports: the hidden one's url is not shown.
      { key: "beta", url: "https://beta.example", n: 1, firstSeen: "2019-06-01T00:00:00.000+00:00" },
      { key: "delta", n: 0 },
      { key: "gamma", url: "", n: 2 },
      { key: "pymupdf", n: 1 },
    ]);
  });

  it("keeps the triggers working afterwards, as the migration defines them", async () => {
    useDb("bulk.db");
    const before = await schema();
    expect(before.some((o: any) => o.name === "experiences_ai")).toBe(true);
    expect((await postExperience(experienceInput({ name: "Epsilon", task: "After the bulk import" }))).status).toBe(201);
    expect(await sqlGet("SELECT experience_count AS n FROM resources WHERE key = 'epsilon'")).toEqual({ n: 1 });
    expect(await sqlGet("SELECT COUNT(*) AS n FROM experience_fts WHERE experience_fts MATCH 'epsilon'")).toEqual({ n: 1 });
    await dumpDatabase(); // integrity-check
    expect(await schema()).toEqual(before);
  });

  it("rolls a failed bulk import back completely, triggers and index included", async () => {
    useDb("failed.db");
    const before = await dumpDatabase();
    let batches = 0;
    const failing = importFile(file, {
      bulk: true,
      batchSize: 2,
      onProgress: () => {
        if (++batches === 3) throw new Error("disk on fire");
      },
    });
    await expect(failing).rejects.toThrow("disk on fire");
    expect(await dumpDatabase()).toEqual(before);
    // The database is usable again: a later import takes the write lock and succeeds.
    const summary = await importFile(file, { bulk: true });
    expect(summary.experiences.added).toBe(10);
  });

  it("is chosen for large files only unless asked", async () => {
    useDb("auto.db");
    expect((await importFile(file)).bulk).toBe(false);
  });
});
