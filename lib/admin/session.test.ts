// Console sessions: who may log in, what is stored, and that every read re-checks what opened it.
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listAudit } from "../audit/list-audit";
import { listAuditInput } from "../audit/schema";
import { isDomainError } from "../errors";
import { createKey } from "../keys/create-key";
import { revokeKey } from "../keys/revoke-key";
import type { KeyScope } from "../keys/schema";
import { resetRateLimits } from "../limits/rate-limit";
import { csrfTokenFor } from "./csrf";
import { endSession } from "./end-session";
import { readSession } from "./read-session";
import { loginInput } from "./schema";
import { sessionCookieName, isHttpsRequest, sessionLifetimeMs } from "./session-config";
import { hashSessionId } from "./session-id";
import { startSession } from "./start-session";
import { countRows, sqlAll, sqlGet, sqlRun } from "@/test/sql";

const ADMIN_TOKEN = "bootstrap-admin-token-for-tests-0123456789";
const ENV = ["KNOWHUB_ADMIN_TOKEN", "KNOWHUB_ADMIN_TOKEN_FILE", "KNOWHUB_ADMIN_SESSION_HOURS", "KNOWHUB_RATE_WRITE"] as const;
const saved = Object.fromEntries(ENV.map((n) => [n, process.env[n]]));

const count = (table: string) => countRows(table);
const key = (label: string, scope: KeyScope) => createKey({ label, scope, trusted: false });
const login = (token: string, address: string | null = "192.0.2.10", now?: Date) => startSession(loginInput.parse({ token }), address, now);
const audit = async (action: string) => (await listAudit(listAuditInput.parse({ action }))).entries;

async function refusal(fn: () => unknown): Promise<{ code: string; message: string }> {
  try {
    await fn();
  } catch (error) {
    if (isDomainError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

beforeEach(() => {
  process.env.KNOWHUB_ADMIN_TOKEN = ADMIN_TOKEN;
  delete process.env.KNOWHUB_ADMIN_TOKEN_FILE;
  delete process.env.KNOWHUB_ADMIN_SESSION_HOURS;
});
afterEach(async () => {
  for (const name of ENV) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await resetRateLimits();
});

describe("logging in", () => {
  it("opens a session for a moderate key, storing only the hash of the id, with an audit entry", async () => {
    const moderator = await key("moderator-one", "moderate");
    const before = (await audit("session.login")).length;
    const started = await login(moderator.token);
    expect(started.session_id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(started.actor).toEqual({ keyId: moderator.id, label: "moderator-one" });
    expect(started.max_age_seconds).toBe(8 * 3600);

    const rows = await sqlAll(`SELECT * FROM admin_sessions`);
    const row = rows.find((r) => r.id_hash === hashSessionId(started.session_id))!;
    expect(row).toMatchObject({ key_id: moderator.id, key_label: "moderator-one", revoked_at: null });
    // The cookie value itself appears nowhere in the table.
    expect(JSON.stringify(rows)).not.toContain(started.session_id);

    const session = (await readSession(started.session_id))!;
    expect(session).toMatchObject({ actor: { keyId: moderator.id, label: "moderator-one" }, key_id: moderator.id });
    expect(session.csrf_token).toBe(csrfTokenFor(started.session_id));

    const entries = await audit("session.login");
    expect(entries.length).toBe(before + 1);
    expect(entries[0]).toMatchObject({ actor: { key_id: moderator.id, label: "moderator-one" }, target: { type: "session" } });
    expect(JSON.stringify(entries[0])).not.toContain(started.session_id);
  });

  it("opens a session for the bootstrap admin token, from the environment or a file", async () => {
    const fromEnv = await login(ADMIN_TOKEN);
    expect(fromEnv.actor).toEqual({ keyId: "", label: "admin token" });
    expect(await readSession(fromEnv.session_id)).toMatchObject({ actor: { keyId: "", label: "admin token" }, key_id: null });

    delete process.env.KNOWHUB_ADMIN_TOKEN;
    const file = join(mkdtempSync(join(tmpdir(), "knowhub-admin-")), "token");
    writeFileSync(file, "file-admin-token-0123456789abcdef\n", { mode: 0o600 });
    process.env.KNOWHUB_ADMIN_TOKEN_FILE = file;
    expect((await login("file-admin-token-0123456789abcdef")).actor.label).toBe("admin token");
    expect((await refusal(() => login(ADMIN_TOKEN))).code).toBe("unauthorized");
  });

  it("gives one answer for unknown, revoked, read, write and lookalike tokens, and stores nothing", async () => {
    const writer = await key("writer-one", "write");
    const reader = await key("reader-one", "read");
    const revoked = await key("revoked-moderator", "moderate");
    await revokeKey(revoked.id);
    const sessions = await count("admin_sessions");
    const entries = await count("audit_log");
    const answers: { code: string; message: string }[] = [];
    for (const t of [
      `kh_${"A".repeat(43)}`,
      revoked.token,
      reader.token,
      writer.token,
      "not a token at all",
      ADMIN_TOKEN.slice(0, -1),
      `${ADMIN_TOKEN}x`,
    ]) answers.push(await refusal(() => login(t)));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0].code).toBe("unauthorized");
    expect(await count("admin_sessions")).toBe(sessions);
    expect(await count("audit_log")).toBe(entries);
  });

  it("ignores a bootstrap token that is too short, and one that is not configured", async () => {
    process.env.KNOWHUB_ADMIN_TOKEN = "short";
    expect((await refusal(() => login("short"))).code).toBe("unauthorized");
    delete process.env.KNOWHUB_ADMIN_TOKEN;
    expect((await refusal(() => login("an-unconfigured-token-0123456789"))).code).toBe("unauthorized");
    expect(loginInput.safeParse({ token: "  " }).success).toBe(false);
  });

  it("limits login attempts per address with the write limit", async () => {
    process.env.KNOWHUB_RATE_WRITE = "3/min";
    await resetRateLimits();
    for (let i = 0; i < 3; i++) expect((await refusal(() => login("wrong", "198.51.100.7"))).code).toBe("unauthorized");
    const limited = await refusal(() => login(ADMIN_TOKEN, "198.51.100.7"));
    expect(limited.code).toBe("rate_limited");
    // Another address has its own bucket.
    expect((await login(ADMIN_TOKEN, "198.51.100.8")).actor.label).toBe("admin token");
  });

  it("lasts KNOWHUB_ADMIN_SESSION_HOURS, and refuses a setting it cannot read", async () => {
    process.env.KNOWHUB_ADMIN_SESSION_HOURS = "1";
    const now = new Date("2026-12-04T10:00:00Z");
    const started = await login(ADMIN_TOKEN, null, now);
    expect(started.expires_at).toBe("2026-12-04T11:00:00.000Z");
    expect(started.max_age_seconds).toBe(3600);
    expect(await readSession(started.session_id, new Date("2026-12-04T10:59:59Z"))).not.toBeNull();
    expect(await readSession(started.session_id, new Date("2026-12-04T11:00:00Z"))).toBeNull();
    for (const bad of ["0", "-1", "eight", "1e3", "100000"]) {
      process.env.KNOWHUB_ADMIN_SESSION_HOURS = bad;
      expect(() => sessionLifetimeMs()).toThrow(/KNOWHUB_ADMIN_SESSION_HOURS/);
    }
  });
});

describe("reading a session", () => {
  it("refuses malformed and unknown ids", async () => {
    expect(await readSession(undefined)).toBeNull();
    expect(await readSession("")).toBeNull();
    expect(await readSession("x".repeat(43))).toBeNull();
    expect(await readSession("short")).toBeNull();
  });

  it("ends at once when its key is revoked", async () => {
    const moderator = await key("moderator-two", "moderate");
    const started = await login(moderator.token);
    expect(await readSession(started.session_id)).not.toBeNull();
    await revokeKey(moderator.id);
    expect(await readSession(started.session_id)).toBeNull();
  });

  it("ends at the next read when the admin token is rotated, in the environment or in the file", async () => {
    const started = await login(ADMIN_TOKEN);
    expect(await readSession(started.session_id)).not.toBeNull();
    const row = (await sqlGet(`SELECT * FROM admin_sessions WHERE id_hash = ?`, [hashSessionId(started.session_id)]))!;
    // A fingerprint is stored, never the token (nor a plain hash of it).
    expect(row.token_fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(ADMIN_TOKEN);
    expect(row.token_fingerprint).not.toBe(createHash("sha256").update(ADMIN_TOKEN).digest("hex"));

    process.env.KNOWHUB_ADMIN_TOKEN = "rotated-admin-token-0123456789abcdef";
    expect(await readSession(started.session_id)).toBeNull();
    // A session opened with the new token works, and the old one stays out.
    const fresh = await login("rotated-admin-token-0123456789abcdef");
    expect(await readSession(fresh.session_id)).not.toBeNull();
    expect(await readSession(started.session_id)).toBeNull();

    // The same with the token in a file: rewriting the file ends the sessions it opened.
    delete process.env.KNOWHUB_ADMIN_TOKEN;
    const file = join(mkdtempSync(join(tmpdir(), "knowhub-admin-")), "token");
    writeFileSync(file, "file-admin-token-one-0123456789abcdef\n", { mode: 0o600 });
    process.env.KNOWHUB_ADMIN_TOKEN_FILE = file;
    const fromFile = await login("file-admin-token-one-0123456789abcdef");
    expect(await readSession(fromFile.session_id)).not.toBeNull();
    expect(await readSession(fresh.session_id)).toBeNull();
    writeFileSync(file, "file-admin-token-two-0123456789abcdef\n");
    expect(await readSession(fromFile.session_id)).toBeNull();
  });

  it("ends a bootstrap session stored without a fingerprint (opened before sessions were tied to the token)", async () => {
    const started = await login(ADMIN_TOKEN);
    await sqlRun(`UPDATE admin_sessions SET token_fingerprint = '' WHERE id_hash = ?`, [hashSessionId(started.session_id)]);
    expect(await readSession(started.session_id)).toBeNull();
  });

  it("ends when the bootstrap token is no longer configured", async () => {
    const started = await login(ADMIN_TOKEN);
    delete process.env.KNOWHUB_ADMIN_TOKEN;
    expect(await readSession(started.session_id)).toBeNull();
    process.env.KNOWHUB_ADMIN_TOKEN = ADMIN_TOKEN;
    expect(await readSession(started.session_id)).not.toBeNull();
  });
});

describe("logging out", () => {
  it("ends the session for good, once, with an audit entry", async () => {
    const moderator = await key("moderator-three", "moderate");
    const started = await login(moderator.token);
    const before = (await audit("session.logout")).length;
    expect(await endSession(started.session_id)).toBe(true);
    expect(await readSession(started.session_id)).toBeNull();
    const row = (await sqlGet<{ revoked_at: string }>(`SELECT revoked_at FROM admin_sessions WHERE id_hash = ?`, [hashSessionId(started.session_id)]))!;
    expect(row.revoked_at).toBeTruthy();
    const entries = await audit("session.logout");
    expect(entries.length).toBe(before + 1);
    expect(entries[0].actor).toEqual({ key_id: moderator.id, label: "moderator-three" });
    expect(await endSession(started.session_id)).toBe(false);
    expect((await audit("session.logout")).length).toBe(before + 1);
  });
});

describe("cookie settings", () => {
  it("uses the __Host- name only over https", async () => {
    expect(sessionCookieName(true)).toBe("__Host-knowhub_admin");
    expect(sessionCookieName(false)).toBe("knowhub_admin");
    expect(isHttpsRequest({ url: "https://hub.example/admin", forwardedProto: null })).toBe(true);
    expect(isHttpsRequest({ url: "http://127.0.0.1/admin", forwardedProto: "https" })).toBe(true);
    expect(isHttpsRequest({ forwardedProto: "https,http" })).toBe(true);
    expect(isHttpsRequest({ url: "http://127.0.0.1/admin", forwardedProto: "http" })).toBe(false);
    expect(isHttpsRequest({ forwardedProto: null })).toBe(false);
  });

  it("forgets sessions that ended more than a day ago when someone logs in", async () => {
    const count = () => countRows("admin_sessions");
    const old = new Date(Date.now() - 3 * 86_400_000);
    await login(ADMIN_TOKEN, "192.0.2.77", old);
    const before = await count();
    await login(ADMIN_TOKEN, "192.0.2.78");
    // The three-day-old session (8 h lifetime) is gone; the new one is there.
    expect(await count()).toBe(before);
  });
});
