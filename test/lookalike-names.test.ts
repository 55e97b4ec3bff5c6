// Names are identities: a twin of a resource's name or of a content id splits its reports or
// impersonates it. Other spellings of a resource's name (case, spacing, hyphens, underscores, dots)
// are that resource; lookalikes (another script, "rn" for "m") and variants ("X (fork)", "X-mirror")
// are refused with a 409 naming the real one, and held for review when the writer confirms.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import * as categoriesRoute from "@/app/api/categories/route";
import * as contentRoute from "@/app/api/content/route";
import * as contentIdRoute from "@/app/api/content/[...id]/route";
import * as experienceRoute from "@/app/api/experience/route";
import * as decisionsRoute from "@/app/api/moderation/decisions/route";
import * as resourceRoute from "@/app/api/resource/[...name]/route";
import * as searchRoute from "@/app/api/search/route";
import { onPostgres } from "./fresh-database";
import { sqlGet } from "./sql";
import { migrateDatabase } from "@/lib/db-migrate";
import { createKey } from "@/lib/keys/create-key";
import { createMcpServer } from "@/lib/mcp/create-mcp-server";
import { admitToken, localHub } from "@/lib/operations/local-hub";
import { nameSkeleton } from "@/lib/text/skeleton";
import { contentInput, experienceInput } from "./factories";
import { call } from "./http";

const moderator = await createKey({ label: "names-maintainer", scope: "moderate", trusted: false });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
let tasks = 0;
const report = (fields: Record<string, unknown>) =>
  call(experienceRoute.POST, "/api/experience", { method: "POST", body: experienceInput({ task: `Names task ${++tasks}`, ...fields }) });
const resource = (name: string) => call(resourceRoute.GET, `/api/resource/${encodeURIComponent(name)}`, { params: { name: [name] } });
const search = (q: string) => call(searchRoute.GET, `/api/search?q=${encodeURIComponent(q)}`);
const categories = async () => (await call(categoriesRoute.GET, "/api/categories")).json;
const submit = (fields: Record<string, unknown>, token?: string) =>
  call(contentRoute.POST, "/api/content", { method: "POST", body: contentInput(fields), headers: token ? bearer(token) : {} });
const content = (id: string) => call(contentIdRoute.GET, `/api/content/${id}`, { params: { id: id.split("/") } });
const approve = (id: number | string, type = "experience") =>
  call(decisionsRoute.POST, "/api/moderation/decisions", {
    method: "POST",
    body: { type, id, action: "approve", reason: "a different one after all" },
    headers: bearer(moderator.token),
  });
const count = async (table: string) => (await sqlGet<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))!.n;
const rows = async () => ({ experiences: await count("experiences"), resources: await count("resources"), contents: await count("contents"), revisions: await count("content_revisions") });

describe("resource names that differ only in case, spacing, hyphens, underscores or dots", () => {
  it("are the existing resource: each report is filed under VoteTarget, no twin appears", async () => {
    expect((await report({ name: "VoteTarget", url: "https://github.com/vote/target", category: "library" })).status).toBe(201);
    const resources = await count("resources");
    const spellings = ["Vote-Target", "Vote_Target", "Vote Target", "VoteTarget.", "vote.target", " VOTE--target "];
    for (const [i, name] of spellings.entries()) {
      const res = await report({ name, url: "https://github.com/vote/target" });
      expect(res.status, name).toBe(201);
      expect(res.json.experience.name, name).toBe("VoteTarget");
      expect(res.json.resource, name).toMatchObject({ name: "VoteTarget", experience_count: 2 + i });
    }
    expect(await count("resources")).toBe(resources);
    expect((await resource("VoteTarget")).json).toMatchObject({ name: "VoteTarget", experience_count: 1 + spellings.length });
  });

  it("recognizes a retry of a folded report as the same report", async () => {
    const first = await report({ name: "Vote-Target", task: "Count votes in a CSV file" });
    const again = await report({ name: "Vote-Target", task: "Count votes in a CSV file" });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ duplicate: true, experience: { id: first.json.experience.id } });
  });
});

describe("variants with a trailing qualifier", () => {
  it("answer 409 naming the existing resource and the confirm field, writing nothing", async () => {
    const before = await rows();
    const res = await report({ name: "VoteTarget (fork)" });
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("conflict");
    expect(res.json.error.message).toContain('"VoteTarget (fork)" looks like a variant of the existing resource "VoteTarget"');
    expect(res.json.error.message).toContain('"confirm_new_resource": true');
    expect(res.json.error.details).toMatchObject({
      name: "VoteTarget (fork)",
      existing: "VoteTarget",
      existing_key: "votetarget",
      qualifier: "(fork)",
      confirm_field: "confirm_new_resource",
    });
    for (const name of ["VoteTarget fork", "VoteTarget-fork", "VoteTarget [mirror]", "VoteTarget (unofficial)", "Vote-Target_clone", "VOTETARGET OFFICIAL"]) {
      const variant = await report({ name });
      expect(variant.status, name).toBe(409);
      expect(variant.json.error.details, name).toMatchObject({ existing: "VoteTarget", existing_key: "votetarget" });
    }
    expect(await rows()).toEqual(before);
  });

  it("leave distinct names alone: a longer word, another word, a version number", async () => {
    expect((await report({ name: "pdf" })).status).toBe(201);
    for (const name of ["pdfplumber", "pdf-tools", "VoteTarget2", "VoteTarget Tools"]) {
      expect((await report({ name })).status, name).toBe(201);
    }
  });

  it("are held for review when confirmed: 202, not listed, and a later report under the name is not published either", async () => {
    const categoriesBefore = await categories();
    const held = await report({ name: "VoteTarget (fork)", task: "Reconcile ballots with the forked counter", confirm_new_resource: true });
    expect(held.status).toBe(202);
    expect(held.json.moderation).toMatchObject({
      status: "pending",
      reason: 'held for review: the name "VoteTarget (fork)" looks like the existing resource "VoteTarget"; a maintainer decides whether it is a different one',
      findings: [{ kind: "lookalike_name", field: "name", excerpt: "VoteTarget (fork)", rule: "name.qualified", existing: "VoteTarget", existing_key: "votetarget" }],
    });
    expect((await resource("VoteTarget (fork)")).status).toBe(404);
    expect(await categories()).toEqual(categoriesBefore);
    // The held row exists now: it must not make the name a resource that skips the check.
    const again = await report({ name: "VoteTarget (fork)", task: "Reconcile ballots once more" });
    expect(again.status).toBe(409);
    expect((await report({ name: "VoteTarget (fork)", task: "Reconcile ballots once more", confirm_new_resource: true })).status).toBe(202);
  });
});

describe("a Cyrillic twin", () => {
  // Cyrillic "о" (U+043E) for the Latin "o".
  const TWIN = "V\u043eteTarget";

  it("answers 409 naming VoteTarget", async () => {
    const res = await report({ name: TWIN });
    expect(res.status).toBe(409);
    expect(res.json.error.details).toMatchObject({ name: TWIN, existing: "VoteTarget", existing_key: "votetarget", confirm_field: "confirm_new_resource" });
    expect(res.json.error.details).not.toHaveProperty("qualifier");
  });

  it("is held when confirmed: 202, not in search, not listed beside the real one, until a maintainer approves it", async () => {
    const real = (await resource("VoteTarget")).json.experience_count;
    const categoriesBefore = await categories();
    const task = "Tally quadratic voting ballots from a spreadsheet";
    const held = await report({ name: TWIN, task, url: "https://evil.example/votetarget", confirm_new_resource: true });
    expect(held.status).toBe(202);
    expect(held.json.moderation.findings).toEqual([
      { kind: "lookalike_name", field: "name", start: 0, end: TWIN.length, excerpt: TWIN, rule: "name.lookalike", existing: "VoteTarget", existing_key: "votetarget" },
    ]);
    expect(held.json.resource).toMatchObject({ name: TWIN, experience_count: 0 });

    const found = await search(task);
    expect(found.status).toBe(200);
    expect(found.json.results.map((r: { name: string }) => r.name)).not.toContain(TWIN);
    expect(JSON.stringify(found.json)).not.toContain("evil.example");
    expect((await resource(TWIN)).status).toBe(404);
    expect(await categories()).toEqual(categoriesBefore);
    expect((await resource("VoteTarget")).json.experience_count).toBe(real);
    // A retry of the held report is recognized, confirmation or not.
    expect((await report({ name: TWIN, task, url: "https://evil.example/votetarget" })).json).toMatchObject({ duplicate: true });

    // A maintainer's approval publishes it; from then on it is a resource of its own.
    expect((await approve(held.json.experience.id)).status).toBe(200);
    expect((await resource(TWIN)).json).toMatchObject({ name: TWIN, experience_count: 1 });
    expect((await report({ name: TWIN, task: "A later report on the approved twin" })).status).toBe(201);
  });
});

describe("answers through MCP read as well as the REST ones", () => {
  it("names the existing resource and the confirm field in the error text, and says why a confirmed one is held", async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer(localHub(admitToken(undefined))).connect(serverSide);
    const client = new Client({ name: "knowhub-names-test", version: "1.0.0" });
    await client.connect(clientSide);

    const refused = await client.callTool({ name: "submit_experience", arguments: experienceInput({ name: "VoteTarget [mirror]", task: "Mirror the counter" }) });
    expect(refused.isError).toBe(true);
    const text = (refused.content as { text: string }[])[0].text;
    expect(text).toMatch(/^conflict: "VoteTarget \[mirror\]" looks like a variant of the existing resource "VoteTarget" \(its name with "\[mirror\]" added\)\./);
    expect(text).toContain('"confirm_new_resource": true');

    const held = await client.callTool({
      name: "submit_experience",
      arguments: experienceInput({ name: "VoteTarget [mirror]", task: "Mirror the counter", confirm_new_resource: true }),
    });
    expect(held.isError).toBeFalsy();
    expect((held.content as { text: string }[])[0].text).toMatch(
      /^Stored experience \d+ for VoteTarget \[mirror\] \(4\/5\), held for review: the name "VoteTarget \[mirror\]" looks like the existing resource "VoteTarget"; a maintainer decides/,
    );
  });
});

describe("content ids", () => {
  it("refuse a lookalike or variant of an existing node's id with 409 naming it, writing nothing", async () => {
    expect((await submit({ id: "vote-guide", title: "Vote guide" })).status).toBe(201);
    expect((await submit({ id: "vote-guide/find-tables", title: "Find tables", body: "# Find tables" })).status).toBe(201);
    const before = await rows();
    // Underscore, case, dot, nothing for the hyphen, a Cyrillic "о", a trailing "-fork", and a variant of the root.
    const twins = ["vote-guide/find_tables", "vote-guide/Find-Tables", "vote-guide/find.tables", "vote-guide/findtables", "v\u043ete-guide/find-tables", "vote-guide/find-tables-fork"];
    for (const id of twins) {
      const res = await submit({ id, title: "Find tables", body: "# Find tables, again" });
      expect(res.status, id).toBe(409);
      expect(res.json.error.code, id).toBe("conflict");
      expect(res.json.error.message, id).toContain('the existing content "vote-guide/find-tables"');
      expect(res.json.error.details, id).toMatchObject({ id, existing: "vote-guide/find-tables", confirm_field: "confirm_new_content" });
    }
    const root = await submit({ id: "vote-guide-mirror", title: "Vote guide" });
    expect(root.status).toBe(409);
    expect(root.json.error.details).toMatchObject({ existing: "vote-guide" });
    expect(await rows()).toEqual(before);
    expect((await submit({ id: "vote-guide/find-text", title: "Find text", body: "# Find text" })).status).toBe(201);
  });

  it("hold a confirmed lookalike id for review: absent for the public, and still refused unconfirmed", async () => {
    const held = await submit({ id: "vote-guide/find_tables", title: "Find tables", body: "# Twin page", confirm_new_content: true });
    expect(held.status).toBe(202);
    expect(held.json).toMatchObject({
      status: "pending",
      moderation: { findings: [{ kind: "lookalike_name", field: "id", rule: "name.lookalike", existing: "vote-guide/find-tables" }] },
    });
    expect((await content("vote-guide/find_tables")).status).toBe(404);
    expect((await content("vote-guide")).json.children.map((c: { id: string }) => c.id)).toEqual(["vote-guide/find-tables", "vote-guide/find-text"]);
    expect((await submit({ id: "vote-guide/find_tables", title: "Find tables", body: "# Twin page, revised" })).status).toBe(409);

    expect((await approve("vote-guide/find_tables@1", "content_revision")).status).toBe(200);
    expect((await content("vote-guide/find_tables")).status).toBe(200);
    expect((await submit({ id: "vote-guide/find_tables", title: "Find tables", body: "# Twin page, revised" })).status).toBe(200);
  });

  it("refuse confirm_new_content that is not a boolean", async () => {
    const res = await submit({ id: "vote-guide/x", confirm_new_content: "yes" });
    expect(res.status).toBe(400);
    expect(res.json.error.details.issues.map((i: { field: string }) => i.field)).toContain("confirm_new_content");
  });
});

// SQLite's own migration history on a file of its own (PostgreSQL's schema began with the current rule).
describe.skipIf(onPostgres())("a database upgraded from the previous skeleton rule", () => {
  it("recomputes stored skeletons, so that an old resource still meets its other spellings", { timeout: 120_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), "knowhub-names-upgrade-"));
    const older = join(dir, "migrations");
    for (const name of readdirSync(join("prisma", "sqlite", "migrations")).filter((n) => n < "20261206200000")) {
      cpSync(join("prisma", "sqlite", "migrations", name), join(older, name), { recursive: true });
    }
    const path = join(dir, "old.db");
    migrateDatabase(path, older);
    const db = new Database(path);
    db.prepare(
      `INSERT INTO experiences (name, resource_key, task, score, submission_hash, created_at, updated_at)
       VALUES ('Ledger Kit', 'ledger kit', 'Reconcile a ledger', 4, 'old-hash', '2026-12-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z')`,
    ).run();
    // What the previous rule stored: spaces kept.
    db.prepare(`UPDATE resources SET skeleton = 'ledger kit' WHERE key = 'ledger kit'`).run();
    db.close();
    expect(nameSkeleton("Ledger Kit")).toBe("ledgerkit");

    // The CLI opens (and so migrates) the old file, then reports under another spelling.
    const cli = spawnSync(
      process.execPath,
      [join(process.cwd(), "bin", "knowhub.mjs"), "submit", "--name", "Ledger-Kit", "--task", "Reconcile two ledgers", "--score", "5", "--json"],
      { env: { ...process.env, DATABASE_URL: `file:${path}`, KNOWHUB_API: "", KNOWHUB_TOKEN: "", KNOWHUB_AUTH: "" }, encoding: "utf8", timeout: 100_000 },
    );
    expect(cli.status, cli.stderr).toBe(0);
    expect(JSON.parse(cli.stdout)).toMatchObject({ resource: { name: "Ledger Kit", experience_count: 2 } });
    const upgraded = new Database(path, { readonly: true });
    expect(upgraded.prepare(`SELECT key, skeleton FROM resources ORDER BY key`).all()).toEqual([{ key: "ledger kit", skeleton: "ledgerkit" }]);
    upgraded.close();
  });
});
