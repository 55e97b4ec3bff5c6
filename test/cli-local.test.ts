// `knowhub` as a child process on a local database (no KNOWHUB_API): every command's --json
// parses, and the exit codes are the documented ones. The same against a running server, with
// 401 and 429, is in e2e/mcp-cli.spec.ts. The database is of the file's engine (a SQLite file, or
// a scratch PostgreSQL database: DATABASE_URL=postgres://... works the same for the CLI).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { EXIT } from "@/lib/cli/exit-codes";
import { experienceInput } from "./factories";
import { databaseUrlFor } from "./fresh-database";

const dir = mkdtempSync(join(tmpdir(), "knowhub-cli-"));
const baseEnv: NodeJS.ProcessEnv = { ...process.env };
let fresh = "";
beforeAll(async () => {
  baseEnv.DATABASE_URL = await databaseUrlFor("cli");
  fresh = await databaseUrlFor("fresh");
});
delete baseEnv.KNOWHUB_API;
delete baseEnv.KNOWHUB_TOKEN;
delete baseEnv.KNOWHUB_AUTH;

function knowhub(args: string[], options: { env?: Record<string, string>; input?: string; cwd?: string } = {}) {
  const result = spawnSync(process.execPath, [join(process.cwd(), "bin", "knowhub.mjs"), ...args], {
    env: { ...baseEnv, ...options.env },
    input: options.input,
    cwd: options.cwd ?? process.cwd(),
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
const json = (text: string) => JSON.parse(text.trim());

describe("knowhub on the local database", { timeout: 240_000 }, () => {
  it("submits, searches and reads with --json, from flags, a file and stdin", () => {
    const report = join(dir, "report.json");
    writeFileSync(report, JSON.stringify(experienceInput({ content_id: "pymupdf" })));
    // Typed from another folder: the file is found there, the database is still the same one.
    const fromFile = knowhub(["submit", "--file", "report.json", "--json"], { cwd: dir });
    expect(fromFile.status, fromFile.stderr).toBe(EXIT.ok);
    expect(json(fromFile.stdout)).toMatchObject({ duplicate: false, experience: { name: "PyMuPDF", content_id: "pymupdf" } });

    const fromStdin = knowhub(["submit", "--file", "-", "--json"], { input: JSON.stringify(experienceInput()) });
    expect(json(fromStdin.stdout)).toMatchObject({ duplicate: false });
    const fromFlags = knowhub(["submit", "--name", "Camelot", "--task", "extract tables from pdf reports", "--score", "3", "--category", "library", "--json"]);
    expect(json(fromFlags.stdout)).toMatchObject({ experience: { name: "Camelot", score: 3, category: "library" } });

    const body = join(dir, "body.md");
    writeFileSync(body, "# PyMuPDF\n\nGuides below.");
    const content = knowhub(["submit", "content", "--id", "pymupdf", "--title", "PyMuPDF", "--body-file", body, "--json"]);
    expect(json(content.stdout)).toMatchObject({ status: "created", id: "pymupdf", revision: 1 });

    const search = knowhub(["search", "extract", "tables", "from", "pdf", "papers", "--json", "--limit", "5"]);
    expect(search.status).toBe(EXIT.ok);
    const answer = json(search.stdout);
    expect(answer).toMatchObject({ query: "extract tables from pdf papers", limit: 5, confidence: "high" });
    expect(answer.results[0].name).toBe("PyMuPDF");
    const table = knowhub(["search", "extract tables from pdf papers"]);
    expect(table.stdout).toMatch(/resource\s+category\s+avg[\s\S]*PyMuPDF/);

    expect(json(knowhub(["resource", "pymupdf", "--sort", "best", "--json"]).stdout)).toMatchObject({ name: "PyMuPDF", sort: "best", contents: [{ id: "pymupdf" }] });
    expect(json(knowhub(["content", "pymupdf", "--json"]).stdout)).toMatchObject({ id: "pymupdf", body: "# PyMuPDF\n\nGuides below." });
    expect(json(knowhub(["content", "pymupdf", "--history", "--json"]).stdout)).toMatchObject({ revisions: [{ revision: 1 }] });
    expect(json(knowhub(["categories", "--json"]).stdout)).toMatchObject({ categories: [{ category: "library", resource_count: 2 }] });
  });

  it("exits 0 when nobody has reported the task, and says so", () => {
    const none = knowhub(["search", "train a pigeon to deliver mail"]);
    expect(none.status).toBe(EXIT.ok);
    expect(none.stdout).toMatch(/Nobody has reported[\s\S]*knowhub submit/);
  });

  it("exits with the documented codes: bad input 2, auth 3, not found 4, unreachable 6", () => {
    const bad = knowhub(["submit", "--name", "X", "--task", "t", "--score", "9", "--json"]);
    expect(bad.status).toBe(EXIT.badInput);
    expect(json(bad.stderr)).toMatchObject({ error: { code: "invalid_input", details: { issues: [{ field: "score" }] } } });
    expect(bad.stdout).toBe("");
    expect(knowhub(["search"]).status).toBe(EXIT.badInput);
    expect(knowhub(["search", "x", "--nope"]).status).toBe(EXIT.badInput);
    expect(knowhub(["frobnicate"]).status).toBe(EXIT.badInput);

    const auth = knowhub(["submit", "--file", "-", "--json"], { input: JSON.stringify(experienceInput({ task: "never stored" })), env: { KNOWHUB_AUTH: "keys" } });
    expect(auth.status).toBe(EXIT.auth);
    expect(json(auth.stderr)).toMatchObject({ error: { code: "unauthorized" } });

    const missing = knowhub(["resource", "nothing-like-it", "--json"]);
    expect(missing.status).toBe(EXIT.notFound);
    expect(json(missing.stderr)).toMatchObject({ error: { code: "not_found" } });

    const unreachable = knowhub(["categories", "--json"], { env: { KNOWHUB_API: "http://127.0.0.1:9" } });
    expect(unreachable.status).toBe(EXIT.unreachable);
    expect(json(unreachable.stderr)).toMatchObject({ error: { code: "unreachable" } });
  });

  it("keys, export and import are the npm scripts' own, with --json", () => {
    const created = knowhub(["keys", "create", "--label", "cli-test", "--scope", "write"]);
    expect(created.status, created.stderr).toBe(EXIT.ok);
    const key = json(created.stdout);
    expect(key).toMatchObject({ label: "cli-test", scope: "write" });
    const listed = knowhub(["keys", "list", "--json"]).stdout.trim().split("\n").map((line) => JSON.parse(line));
    expect(listed.map((k) => k.id)).toContain(key.id);
    expect(knowhub(["keys", "revoke", "kh_no_such_key"]).status).toBe(EXIT.notFound);
    expect(knowhub(["keys", "create", "--label", "x"]).status).toBe(EXIT.badInput);

    const exported = knowhub(["export", "dump.jsonl", "--json"], { cwd: dir });
    expect(exported.status, exported.stderr).toBe(EXIT.ok);
    expect(json(exported.stdout)).toMatchObject({ file: join(dir, "dump.jsonl"), experiences: 3, contentRevisions: 1 });
    expect(readFileSync(join(dir, "dump.jsonl"), "utf8").trim().split("\n")).toHaveLength(4);

    const imported = knowhub(["import", join(dir, "dump.jsonl"), "--json"], { env: { DATABASE_URL: fresh } });
    expect(imported.status, imported.stderr).toBe(EXIT.ok);
    expect(json(imported.stdout)).toMatchObject({ experiences: { added: 3, rejected: 0 }, contentRevisions: { added: 1 } });
    writeFileSync(join(dir, "bad.jsonl"), '{"type": "experience", "name": ""}\n');
    expect(knowhub(["import", join(dir, "bad.jsonl"), "--json"], { env: { DATABASE_URL: fresh } }).status).toBe(EXIT.badInput);
    expect(knowhub(["import", join(dir, "missing.jsonl")]).status).toBe(EXIT.badInput);
  });

  it("answers --help for every command", () => {
    const help = knowhub(["--help"]);
    expect(help.status).toBe(EXIT.ok);
    expect(help.stdout).toContain("exit codes:");
    for (const command of ["search", "resource", "content", "categories", "submit", "import", "export", "keys", "serve", "mcp"]) {
      const answer = knowhub([command, "--help"]);
      expect(answer.status, command).toBe(EXIT.ok);
      expect(answer.stdout, command).toMatch(/usage/);
    }
  });
});

describe("knowhub confirm and flag", { timeout: 240_000 }, () => {
  it("confirms and flags with the key in KNOWHUB_TOKEN; refused without one (exit codes as documented)", async () => {
    const env = { DATABASE_URL: await databaseUrlFor("verdicts") };
    const key = (label: string) => {
      const made = knowhub(["keys", "create", "--label", label, "--scope", "write"], { env });
      expect(made.status, made.stderr).toBe(EXIT.ok);
      return json(made.stdout.trim().split("\n")[0]).token as string;
    };
    const author = key("cli-author");
    const verifier = key("cli-verifier");
    const stored = knowhub(["submit", "--name", "Sharp", "--task", "resize images in bulk", "--score", "5", "--version", "0.33.2", "--json"], {
      env: { ...env, KNOWHUB_TOKEN: author },
    });
    expect(stored.status, stored.stderr).toBe(EXIT.ok);
    const id = json(stored.stdout).experience.id as number;

    const confirmed = knowhub(["confirm", String(id), "--note", "same on 0.33", "--version", "0.33.5", "--json"], { env: { ...env, KNOWHUB_TOKEN: verifier } });
    expect(confirmed.status, confirmed.stderr).toBe(EXIT.ok);
    expect(json(confirmed.stdout)).toMatchObject({ change: "created", experience: { id, confirmations: 1, version: "0.33.2" } });
    const text = knowhub(["flag", String(id), "--reason", "stale", "--detail", "0.34 changed the API"], { env: { ...env, KNOWHUB_TOKEN: verifier } });
    expect(text.status, text.stderr).toBe(EXIT.ok);
    expect(text.stdout).toMatch(/Replaced your earlier verdict with your stale flag of experience \d+\. It now has 0 confirmations/);

    const keyless = knowhub(["confirm", String(id), "--json"], { env });
    expect(keyless.status).not.toBe(EXIT.ok);
    expect(json(keyless.stderr || keyless.stdout).error.code).toBe("unauthorized");
    const bad = knowhub(["flag", String(id), "--reason", "boring", "--json"], { env: { ...env, KNOWHUB_TOKEN: verifier } });
    expect(bad.status).toBe(EXIT.badInput);
    expect(json(bad.stderr || bad.stdout).error.message).toMatch(/reason must be one of/);
  });
});
