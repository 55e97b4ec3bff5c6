// Keys mode end to end through the route handlers: who may write, provenance, one vote per key,
// rate limits and the busy lock. Each test sets the mode it is about.
import { readdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as contentRoute from "@/app/api/content/route";
import * as contentIdRoute from "@/app/api/content/[...id]/route";
import * as experienceRoute from "@/app/api/experience/route";
import * as resourceRoute from "@/app/api/resource/[...name]/route";
import * as searchRoute from "@/app/api/search/route";
import { db } from "@/lib/db";
import { databasePath } from "@/lib/db-migrate";
import { createKey } from "@/lib/keys/create-key";
import { flushKeyUse } from "@/lib/keys/authenticate-token";
import { listKeys } from "@/lib/keys/list-keys";
import { touchKeys } from "@/lib/keys/repo";
import { revokeKey } from "@/lib/keys/revoke-key";
import { createKeyInput, type KeyScope } from "@/lib/keys/schema";
import { generateToken } from "@/lib/keys/token";
import { resetRateLimits } from "@/lib/limits/rate-limit";
import { flushSearchLog } from "@/lib/demand-log/log-search";
import { call } from "./http";
import { contentInput, experienceInput } from "./factories";
import { countRows, holdWriterLock, sqlAll, sqlGet, sqlRun, tableNames, tableRowsAsText } from "./sql";

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const key = (label: string, scope: KeyScope) => createKey({ label, scope, trusted: false });
const post = (body: unknown, headers: Record<string, string> = {}) =>
  call(experienceRoute.POST, "/api/experience", { method: "POST", body, headers });
const postContent = (body: unknown, headers: Record<string, string> = {}) =>
  call(contentRoute.POST, "/api/content", { method: "POST", body, headers });
const getResource = (name: string, headers: Record<string, string> = {}) =>
  call(resourceRoute.GET, `/api/resource/${encodeURIComponent(name)}`, { params: { name: [name] }, headers });
const count = (table: string) => countRows(table);

const saved = { ...process.env };
beforeEach(() => {
  process.env.KNOWHUB_AUTH = "keys";
  delete process.env.KNOWHUB_READ;
});
afterEach(async () => {
  for (const name of ["KNOWHUB_AUTH", "KNOWHUB_READ", "KNOWHUB_RATE_WRITE", "KNOWHUB_RATE_SEARCH"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await resetRateLimits();
});

describe("keys mode", () => {
  it("answers 401 without a key, 403 to a read key, 201 to a write key, 401 to a revoked key at once", async () => {
    const reader = await key("reader", "read");
    const writer = await key("writer", "write");
    const before = await count("experiences");

    const anonymous = await post(experienceInput({ task: "Anonymous write in keys mode" }));
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error.code).toBe("unauthorized");
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer /);

    const readOnly = await post(experienceInput({ task: "Read key tries to write" }), bearer(reader.token));
    expect(readOnly.status).toBe(403);
    expect(readOnly.json.error).toMatchObject({ code: "forbidden", details: { scope: "read", needed: "write" } });

    const written = await post(experienceInput({ task: "Write key reports" }), bearer(writer.token));
    expect(written.status).toBe(201);

    await revokeKey(writer.id);
    const revoked = await post(experienceInput({ task: "Revoked key reports" }), bearer(writer.token));
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expect(await count("experiences")).toBe(before + 1);
  });

  it("refuses malformed and unknown tokens alike, and content writes need a key too", async () => {
    const before = await count("contents");
    for (const authorization of ["Basic dXNlcjpwYXNz", "Bearer", "Bearer kh_short", `Bearer kh_${"A".repeat(43)}`]) {
      const answer = await postContent(contentInput(), { authorization });
      expect(answer.status, authorization).toBe(401);
    }
    expect((await postContent(contentInput())).status).toBe(401);
    expect(await count("contents")).toBe(before);
    const moderator = await key("maintainer", "moderate");
    expect((await postContent(contentInput(), bearer(moderator.token))).status).toBe(201);
  });

  it("keeps reads open unless KNOWHUB_READ=keys, then needs at least a read key", async () => {
    const search = (headers: Record<string, string> = {}) => call(searchRoute.GET, "/api/search?q=pdf+tables", { headers });
    expect((await search()).status).toBe(200);
    process.env.KNOWHUB_READ = "keys";
    expect((await search()).status).toBe(401);
    expect((await getResource("PyMuPDF")).status).toBe(401);
    expect((await call(contentIdRoute.GET, "/api/content/x", { params: { id: ["x"] } })).status).toBe(401);
    const reader = await key("private reader", "read");
    expect((await search(bearer(reader.token))).status).toBe(200);
  });

  it("records the key as provenance and shows the free-text claim beside it, never instead", async () => {
    const writer = await key("acme-ci", "write");
    const answer = await post(
      experienceInput({ name: "Provenance Lib", task: "Check provenance of a report", submitted_by: "maintainer@knowhub.dev" }),
      bearer(writer.token),
    );
    expect(answer.status).toBe(201);
    expect(answer.json.experience).toMatchObject({
      submitted_by: "maintainer@knowhub.dev",
      verified: true,
      key: { id: writer.id, label: "acme-ci" },
    });
    const resource = await getResource("Provenance Lib");
    expect(resource.json.experiences[0]).toMatchObject({ verified: true, key: { id: writer.id, label: "acme-ci" } });
    const found = await call(searchRoute.GET, `/api/search?q=${encodeURIComponent("check provenance of a report")}`);
    const group = found.json.results.find((r: { name: string }) => r.name === "Provenance Lib");
    expect(group.relevant_experiences[0]).toMatchObject({ verified: true, key: { id: writer.id, label: "acme-ci" } });

    const node = await postContent(contentInput({ id: "provenance-lib", submitted_by: "someone else" }), bearer(writer.token));
    expect(node.status).toBe(201);
    const read = await call(contentIdRoute.GET, "/api/content/provenance-lib", { params: { id: ["provenance-lib"] } });
    expect(read.json).toMatchObject({ submitted_by: "someone else", verified: true, key: { id: writer.id, label: "acme-ci" } });
    const history = await call(contentIdRoute.GET, "/api/content/provenance-lib?history=1", { params: { id: ["provenance-lib"] } });
    expect(history.json.revisions[0]).toMatchObject({ verified: true, key: { id: writer.id, label: "acme-ci" } });
  });

  it("notes when a key was last used, without ever listing its token", async () => {
    const writer = await key("last-used", "write");
    expect((await listKeys()).find((k) => k.id === writer.id)?.last_used_at).toBeNull();
    await post(experienceInput({ task: "Touch the key" }), bearer(writer.token));
    await flushKeyUse();
    const listed = (await listKeys()).find((k) => k.id === writer.id)!;
    expect(listed.last_used_at).not.toBeNull();
    expect(JSON.stringify(await listKeys())).not.toContain(writer.token);
    // Another server's batch, written late with an older time, does not move it back.
    await touchKeys(new Map([[writer.id, new Date(Date.parse(listed.last_used_at!) - 60_000)]]));
    expect((await listKeys()).find((k) => k.id === writer.id)!.last_used_at).toBe(listed.last_used_at);
  });

  it("weighs 20 reports from one key as one reporter in the average and the distribution", async () => {
    const name = "Flooded Lib";
    for (let i = 0; i < 4; i += 1) {
      const honest = await key(`honest-${i}`, "write");
      expect((await post(experienceInput({ name, task: `Honest use ${i}`, score: 4 }), bearer(honest.token))).status).toBe(201);
    }
    expect((await getResource(name)).json).toMatchObject({ avg_score: 4, reporter_count: 4, experience_count: 4 });
    const puppet = await key("sock-puppet", "write");
    for (let i = 0; i < 20; i += 1) {
      const answer = await post(experienceInput({ name, task: `It never works ${i}`, score: 1 }), bearer(puppet.token));
      expect(answer.status).toBe(201);
    }
    const after = (await getResource(name)).json;
    // Four 4s and one 1: the flood is one voice.
    expect(after).toMatchObject({ avg_score: 3.4, reporter_count: 5, experience_count: 24 });
    expect(after.score_distribution).toEqual({ "1": 1, "2": 0, "3": 0, "4": 4, "5": 0 });
    const stored = await sqlGet(`SELECT score_sum AS s, reporter_count AS r FROM resources WHERE key = 'flooded lib'`);
    expect(stored).toEqual({ s: 17, r: 5 });
  });

  it("counts a key's latest published report; hiding it falls back to its report before", async () => {
    const name = "Changing Mind Lib";
    const writer = await key("changes-mind", "write");
    const first = await post(experienceInput({ name, task: "First try", score: 2 }), bearer(writer.token));
    await new Promise((r) => setTimeout(r, 5));
    const second = await post(experienceInput({ name, task: "Second try", score: 5 }), bearer(writer.token));
    expect((await getResource(name)).json).toMatchObject({ avg_score: 5, reporter_count: 1, experience_count: 2 });
    await sqlRun(`UPDATE experiences SET status = 'hidden' WHERE id = ?`, [second.json.experience.id]);
    expect((await getResource(name)).json).toMatchObject({ avg_score: 2, reporter_count: 1, experience_count: 1 });
    await sqlRun(`UPDATE experiences SET status = 'hidden' WHERE id = ?`, [first.json.experience.id]);
    expect((await getResource(name)).status).toBe(404);
    await sqlRun(`UPDATE experiences SET status = 'published' WHERE id IN (?, ?)`, [first.json.experience.id, second.json.experience.id]);
    expect((await getResource(name)).json).toMatchObject({ avg_score: 5, reporter_count: 1, experience_count: 2 });
  });

  it("counts every report in open mode, as before keys existed", async () => {
    process.env.KNOWHUB_AUTH = "open";
    const name = "Open Mode Lib";
    for (const score of [1, 3, 5]) {
      const answer = await post(experienceInput({ name, task: `Open report ${score}`, score }));
      expect(answer.status).toBe(201);
      expect(answer.json.experience).toMatchObject({ verified: false, key: null });
    }
    expect((await getResource(name)).json).toMatchObject({ avg_score: 3, reporter_count: 3, experience_count: 3 });
  });

  it("limits 100 writes in a second from one key: the excess gets 429 with Retry-After, nothing twice, other keys unaffected", async () => {
    // 60 an hour, not a minute: on PostgreSQL each hit is a statement, and the 100 may take more than
    // a second between them, when 60/min would rightly give one more token back.
    process.env.KNOWHUB_RATE_WRITE = "60/h";
    await resetRateLimits();
    const flooder = await key("flooder", "write");
    const bystander = await key("bystander", "write");
    const before = await count("experiences");
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => post(experienceInput({ name: "Rate Lib", task: `Flood ${i}` }), bearer(flooder.token))),
    );
    const created = answers.filter((a) => a.status === 201);
    const limited = answers.filter((a) => a.status === 429);
    expect(created).toHaveLength(60);
    expect(limited).toHaveLength(40);
    for (const answer of limited) {
      expect(answer.json.error.code).toBe("rate_limited");
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }
    expect(await count("experiences")).toBe(before + 60);
    const tasks = (await sqlGet<{ n: number }>(`SELECT COUNT(DISTINCT task) AS n FROM experiences WHERE task LIKE 'Flood %'`))!;
    expect(tasks.n).toBe(60);
    expect((await post(experienceInput({ name: "Rate Lib", task: "Bystander" }), bearer(bystander.token))).status).toBe(201);
  });

  it("limits searches per caller too", async () => {
    process.env.KNOWHUB_RATE_SEARCH = "5/min";
    await resetRateLimits();
    const reader = await key("searcher", "read");
    const statuses = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await call(searchRoute.GET, `/api/search?q=pdf+${i}`, { headers: bearer(reader.token) })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const other = await key("other searcher", "read");
    expect((await call(searchRoute.GET, "/api/search?q=pdf", { headers: bearer(other.token) })).status).toBe(200);
  });

  it("answers 503 unavailable with Retry-After when the write lock is held, and stores nothing", async () => {
    const writer = await key("blocked", "write");
    const before = await count("experiences");
    const previous = process.env.KNOWHUB_BUSY_TIMEOUT_MS;
    const release = await holdWriterLock();
    try {
      process.env.KNOWHUB_BUSY_TIMEOUT_MS = "50";
      const blockedContent = await postContent(contentInput({ id: "locked-node" }), bearer(writer.token));
      expect(blockedContent.status).toBe(503);
      expect(blockedContent.json.error.code).toBe("unavailable");
      expect(blockedContent.headers.get("retry-after")).toBe("2");
    } finally {
      await release();
      if (previous === undefined) delete process.env.KNOWHUB_BUSY_TIMEOUT_MS;
      else process.env.KNOWHUB_BUSY_TIMEOUT_MS = previous;
    }
    expect(await count("experiences")).toBe(before);
    expect((await postContent(contentInput({ id: "locked-node" }), bearer(writer.token))).status).toBe(201);
  });

  it("keeps no token, nor anything a token can be recovered from, in the database files", async () => {
    const tokens = [await key("file-check-1", "write"), await key("file-check-2", "read"), await key("file-check-3", "moderate")];
    for (const t of tokens) await post(experienceInput({ task: `Uses ${t.id}` }), bearer(t.token)).catch(() => undefined);
    await call(searchRoute.GET, `/api/search?q=${encodeURIComponent(tokens[0].token)}`);
    await call(contentIdRoute.GET, `/api/content/${tokens[1].token}`, { params: { id: [tokens[1].token] } });
    await flushKeyUse();
    await flushSearchLog();
    // SQLite: the database's files, byte for byte. PostgreSQL keeps its files in the server's data
    // folder (not ours to read, nor necessarily on this machine): every row of every table instead.
    let bytes: Buffer[];
    if (db().engine === "sqlite") {
      await db().all("PRAGMA wal_checkpoint(TRUNCATE)");
      const dir = dirname(databasePath());
      bytes = readdirSync(dir).map((f) => readFileSync(`${dir}/${f}`));
    } else {
      bytes = [];
      for (const table of await tableNames()) bytes.push(Buffer.from((await tableRowsAsText(table)).join("\n")));
    }
    for (const { token } of tokens) {
      const raw = Buffer.from(token.slice(3), "base64url");
      const forms = [token, token.slice(3), raw.toString("hex"), raw.toString("base64"), raw.toString("base64url")];
      for (const file of bytes) {
        for (const form of forms) expect(file.includes(Buffer.from(form)), form).toBe(false);
        expect(file.includes(raw)).toBe(false);
      }
    }
  });

  it("refuses a report or a content node that carries a secret, naming the field and the kind, storing nothing", async () => {
    process.env.KNOWHUB_AUTH = "open";
    const leaked = await key("leaked", "write");
    const before = { experiences: await count("experiences"), contents: await count("contents") };
    const withToken = await post(experienceInput({ task: "Leaky report", tips: `export KNOWHUB_TOKEN=${leaked.token}` }));
    expect(withToken.status).toBe(400);
    expect(withToken.json.error.details.issues[0].field).toBe("tips");
    expect(withToken.json.error.message).toContain("knowhub-token");
    expect(withToken.text).not.toContain(leaked.token);
    const withAws = await postContent(contentInput({ id: "leaky", body: "aws_access_key_id = AKIAQ3EGUVN5XK7T2ZPW" }));
    expect(withAws.status).toBe(400);
    expect(withAws.json.error.details.issues[0].field).toBe("body");
    const asId = await postContent(contentInput({ id: leaked.token }));
    expect(asId.status).toBe(400);
    expect({ experiences: await count("experiences"), contents: await count("contents") }).toEqual(before);
    // A search may hold one by mistake: it is answered, and the log keeps it redacted.
    expect((await call(searchRoute.GET, `/api/search?q=${encodeURIComponent(`why does ${leaked.token} fail`)}`)).status).toBe(200);
    await flushSearchLog();
    const logged = (await sqlGet<{ query: string }>(`SELECT query FROM search_logs ORDER BY id DESC LIMIT 1`))!;
    expect(logged.query).toBe("why does [redacted:knowhub-token] fail");
  });

  it("refuses key labels that are invisible, controls or credentials, and controls in a search category", async () => {
    for (const label of ["acme\u3164", "acme\u200b", "a\u001b[31mb", `leak ${generateToken()}`]) {
      expect(() => createKeyInput.parse({ label, scope: "write" }), JSON.stringify(label)).toThrow();
    }
    const answer = await call(searchRoute.GET, `/api/search?q=pdf&category=${encodeURIComponent("\u001b[2Jpwned")}`);
    expect(answer.status).toBe(400);
    expect(answer.json.error.details.issues[0].field).toBe("category");
  });
});
