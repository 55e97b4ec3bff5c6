// The engine move (#20): the dev eval corpus goes through the app's write path into SQLite, then
// `knowhub migrate-engine --to postgres://...` (the CLI as a child process) moves the hub into an
// empty, not yet migrated PostgreSQL database and verifies it; afterwards every dev query, unscoped
// and within its category, answers exactly as it did on SQLite (same results in the same order,
// same confidence), and so do the eval's figures. The CLI's backup and restore answer with the
// documented exit codes: a file 0600, a non-empty target and a truncated file refused (exit 2).
// A SQLite file of the harness and a PostgreSQL database of its own (it switches DATABASE_URL).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXIT } from "@/lib/cli/exit-codes";
import { closeDb, db } from "@/lib/db";
import { createExperienceInput } from "@/lib/experiences/schema";
import { reportExperience } from "@/lib/moderation/report-experience";
import { searchExperiences } from "@/lib/search/search-experiences";
import { parseInput } from "@/lib/validation";
import { readCorpus, summarize, toRow, type Corpus } from "@/scripts/lib/eval-score";
import { usePgDatabase } from "./pg-database";

const pg = usePgDatabase({ migrate: false });
const dir = mkdtempSync(join(tmpdir(), "knowhub-migrate-engine-"));

function knowhub(args: string[], databaseUrl: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl };
  delete env.KNOWHUB_API;
  const result = spawnSync(process.execPath, [join(process.cwd(), "bin", "knowhub.mjs"), ...args], { env, encoding: "utf8", timeout: 180_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe.skipIf(!pg.available)("knowhub migrate-engine from SQLite to PostgreSQL", { timeout: 300_000 }, () => {
  const corpus = readCorpus("dev", join(process.cwd(), "test", "eval", "dev")) as Corpus;
  const sqliteUrl = process.env.DATABASE_URL!;
  type Answers = { answers: unknown[]; figures: unknown };

  /** Every dev query, unscoped and within the category of its own or its first result's. */
  async function answerAll(): Promise<Answers> {
    const answers: unknown[] = [];
    const rows = [];
    for (const q of corpus.queries) {
      // search_id is new for every request: the answers, not the requests, are compared.
      const { search_id: _id, ...answer } = await searchExperiences({ q: q.q, category: q.category ?? "", limit: 10, explain: false }, "", { log: false });
      rows.push(toRow(q, answer));
      answers.push(answer);
      const category = answer.results[0]?.category;
      if (category) {
        const { search_id: _again, ...filtered } = await searchExperiences({ q: q.q, category, limit: 10, explain: false }, "", { log: false });
        answers.push(filtered);
      }
    }
    return { answers, figures: summarize(rows).overall };
  }

  let before: Answers;
  beforeAll(async () => {
    process.env.KNOWHUB_SEARCH_CACHE = "0";
    for (const e of corpus.experiences) await reportExperience(parseInput(createExperienceInput, { ...e, distinct: true }, "experience"), { key: null });
    before = await answerAll();
    await closeDb();
  });
  afterAll(async () => {
    delete process.env.KNOWHUB_SEARCH_CACHE;
    await closeDb();
    process.env.DATABASE_URL = sqliteUrl;
  });

  it("backs up with the CLI: a 0600 file, refused into a non-empty database and when truncated", () => {
    const file = join(dir, "dev.backup");
    const backup = knowhub(["backup", file, "--json"], sqliteUrl);
    expect(backup.status, backup.stderr).toBe(EXIT.ok);
    expect(JSON.parse(backup.stdout)).toMatchObject({ engine: "sqlite", tables: { experiences: corpus.experiences.length } });
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const intoItself = knowhub(["restore", file], sqliteUrl);
    expect(intoItself.status).toBe(EXIT.badInput);
    expect(intoItself.stderr).toContain("not empty");

    const text = readFileSync(file, "utf8");
    writeFileSync(join(dir, "cut.backup"), text.slice(0, text.length - 200));
    const cut = knowhub(["restore", join(dir, "cut.backup"), "--to", `file:${join(dir, "never.db")}`, "--json"], sqliteUrl);
    expect(cut.status).toBe(EXIT.badInput);
    expect(JSON.parse(cut.stderr)).toMatchObject({ error: { code: "invalid_input" } });
  });

  it("moves the hub and verifies it; every dev query then answers the same on PostgreSQL", async () => {
    const moved = knowhub(["migrate-engine", "--to", pg.url(), "--json"], sqliteUrl);
    expect(moved.status, moved.stderr).toBe(EXIT.ok);
    const summary = JSON.parse(moved.stdout);
    expect(summary).toMatchObject({ verified: true, backup: { engine: "sqlite" }, restore: { engine: "postgres", sourceEngine: "sqlite" } });
    expect(summary.restore.tables.experiences).toBe(corpus.experiences.length);

    process.env.DATABASE_URL = pg.url();
    expect(db().engine).toBe("postgres");
    const after = await answerAll();
    expect(after.figures).toEqual(before.figures);
    expect(after.answers).toEqual(before.answers);

    // Moving again into the same database is refused: it is no longer empty.
    const again = knowhub(["migrate-engine", "--to", pg.url()], sqliteUrl);
    expect(again.status).toBe(EXIT.badInput);
  });
});
