// Console sessions: who may log in, what is stored, and that every read re-checks what opened it.
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listAudit } from "../audit/list-audit";
import { listAuditInput } from "../audit/schema";
import { getSqlite } from "../db";
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

const ADMIN_TOKEN = "bootstrap-admin-token-for-tests-0123456789";
const ENV = ["KNOWHUB_ADMIN_TOKEN", "KNOWHUB_ADMIN_TOKEN_FILE", "KNOWHUB_ADMIN_SESSION_HOURS", "KNOWHUB_RATE_WRITE"] as const;
const saved = Object.fromEntries(ENV.map((n) => [n, process.env[n]]));

const count = (table: string) => (getSqlite().prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
const key = (label: string, scope: KeyScope) => createKey({ label, scope, trusted: false });
const login = (token: string, address: string | null = "192.0.2.10", now?: Date) => startSession(loginInput.parse({ token }), address, now);
const audit = (action: string) => listAudit(listAuditInput.parse({ action })).entries;

function refusal(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
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
afterEach(() => {
  for (const name of ENV) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetRateLimits();
});

describe("logging in", () => {
  it("opens a session for a moderate key, storing only the hash of the id, with an audit entry", () => {
    const moderator = key("moderator-one", "moderate");
    const before = audit("session.login").length;
    const started = login(moderator.token);
    expect(started.session_id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(started.actor).toEqual({ keyId: moderator.id, label: "moderator-one" });
    expect(started.max_age_seconds).toBe(8 * 3600);

    const rows = getSqlite().prepare(`SELECT * FROM admin_sessions`).all() as Record<string, unknown>[];
    const row = rows.find((r) => r.id_hash === hashSessionId(started.session_id))!;
    expect(row).toMatchObject({ key_id: moderator.id, key_label: "moderator-one", revoked_at: null });
    // The cookie value itself appears nowhere in the table.
    expect(JSON.stringify(rows)).not.toContain(started.session_id);

    const session = readSession(started.session_id)!;
    expect(session).toMatchObject({ actor: { keyId: moderator.id, label: "moderator-one" }, key_id: moderator.id });
    expect(session.csrf_token).toBe(csrfTokenFor(started.session_id));

    const entries = audit("session.login");
    expect(entries.length).toBe(before + 1);
    expect(entries[0]).toMatchObject({ actor: { key_id: moderator.id, label: "moderator-one" }, target: { type: "session" } });
    expect(JSON.stringify(entries[0])).not.toContain(started.session_id);
  });

  it("opens a session for the bootstrap admin token, from the environment or a file", () => {
    const fromEnv = login(ADMIN_TOKEN);
    expect(fromEnv.actor).toEqual({ keyId: "", label: "admin token" });
    expect(readSession(fromEnv.session_id)).toMatchObject({ actor: { keyId: "", label: "admin token" }, key_id: null });

    delete process.env.KNOWHUB_ADMIN_TOKEN;
    const file = join(mkdtempSync(join(tmpdir(), "knowhub-admin-")), "token");
    writeFileSync(file, "file-admin-token-0123456789abcdef\n", { mode: 0o600 });
    process.env.KNOWHUB_ADMIN_TOKEN_FILE = file;
    expect(login("file-admin-token-0123456789abcdef").actor.label).toBe("admin token");
    expect(refusal(() => login(ADMIN_TOKEN)).code).toBe("unauthorized");
  });

  it("gives one answer for unknown, revoked, read, write and lookalike tokens, and stores nothing", () => {
    const writer = key("writer-one", "write");
    const reader = key("reader-one", "read");
    const revoked = key("revoked-moderator", "moderate");
    revokeKey(revoked.id);
    const sessions = count("admin_sessions");
    const entries = count("audit_log");
    const answers = [
      `kh_${"A".repeat(43)}`,
      revoked.token,
      reader.token,
      writer.token,
      "not a token at all",
      ADMIN_TOKEN.slice(0, -1),
      `${ADMIN_TOKEN}x`,
    ].map((t) => refusal(() => login(t)));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0].code).toBe("unauthorized");
    expect(count("admin_sessions")).toBe(sessions);
    expect(count("audit_log")).toBe(entries);
  });

  it("ignores a bootstrap token that is too short, and one that is not configured", () => {
    process.env.KNOWHUB_ADMIN_TOKEN = "short";
    expect(refusal(() => login("short")).code).toBe("unauthorized");
    delete process.env.KNOWHUB_ADMIN_TOKEN;
    expect(refusal(() => login("an-unconfigured-token-0123456789")).code).toBe("unauthorized");
    expect(loginInput.safeParse({ token: "  " }).success).toBe(false);
  });

  it("limits login attempts per address with the write limit", () => {
    process.env.KNOWHUB_RATE_WRITE = "3/min";
    resetRateLimits();
    for (let i = 0; i < 3; i++) expect(refusal(() => login("wrong", "198.51.100.7")).code).toBe("unauthorized");
    const limited = refusal(() => login(ADMIN_TOKEN, "198.51.100.7"));
    expect(limited.code).toBe("rate_limited");
    // Another address has its own bucket.
    expect(login(ADMIN_TOKEN, "198.51.100.8").actor.label).toBe("admin token");
  });

  it("lasts KNOWHUB_ADMIN_SESSION_HOURS, and refuses a setting it cannot read", () => {
    process.env.KNOWHUB_ADMIN_SESSION_HOURS = "1";
    const now = new Date("2026-12-04T10:00:00Z");
    const started = login(ADMIN_TOKEN, null, now);
    expect(started.expires_at).toBe("2026-12-04T11:00:00.000Z");
    expect(started.max_age_seconds).toBe(3600);
    expect(readSession(started.session_id, new Date("2026-12-04T10:59:59Z"))).not.toBeNull();
    expect(readSession(started.session_id, new Date("2026-12-04T11:00:00Z"))).toBeNull();
    for (const bad of ["0", "-1", "eight", "1e3", "100000"]) {
      process.env.KNOWHUB_ADMIN_SESSION_HOURS = bad;
      expect(() => sessionLifetimeMs()).toThrow(/KNOWHUB_ADMIN_SESSION_HOURS/);
    }
  });
});

describe("reading a session", () => {
  it("refuses malformed and unknown ids", () => {
    expect(readSession(undefined)).toBeNull();
    expect(readSession("")).toBeNull();
    expect(readSession("x".repeat(43))).toBeNull();
    expect(readSession("short")).toBeNull();
  });

  it("ends at once when its key is revoked", () => {
    const moderator = key("moderator-two", "moderate");
    const started = login(moderator.token);
    expect(readSession(started.session_id)).not.toBeNull();
    revokeKey(moderator.id);
    expect(readSession(started.session_id)).toBeNull();
  });

  it("ends at the next read when the admin token is rotated, in the environment or in the file", () => {
    const started = login(ADMIN_TOKEN);
    expect(readSession(started.session_id)).not.toBeNull();
    const row = getSqlite().prepare(`SELECT * FROM admin_sessions WHERE id_hash = ?`).get(hashSessionId(started.session_id)) as Record<string, unknown>;
    // A fingerprint is stored, never the token (nor a plain hash of it).
    expect(row.token_fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(ADMIN_TOKEN);
    expect(row.token_fingerprint).not.toBe(createHash("sha256").update(ADMIN_TOKEN).digest("hex"));

    process.env.KNOWHUB_ADMIN_TOKEN = "rotated-admin-token-0123456789abcdef";
    expect(readSession(started.session_id)).toBeNull();
    // A session opened with the new token works, and the old one stays out.
    const fresh = login("rotated-admin-token-0123456789abcdef");
    expect(readSession(fresh.session_id)).not.toBeNull();
    expect(readSession(started.session_id)).toBeNull();

    // The same with the token in a file: rewriting the file ends the sessions it opened.
    delete process.env.KNOWHUB_ADMIN_TOKEN;
    const file = join(mkdtempSync(join(tmpdir(), "knowhub-admin-")), "token");
    writeFileSync(file, "file-admin-token-one-0123456789abcdef\n", { mode: 0o600 });
    process.env.KNOWHUB_ADMIN_TOKEN_FILE = file;
    const fromFile = login("file-admin-token-one-0123456789abcdef");
    expect(readSession(fromFile.session_id)).not.toBeNull();
    expect(readSession(fresh.session_id)).toBeNull();
    writeFileSync(file, "file-admin-token-two-0123456789abcdef\n");
    expect(readSession(fromFile.session_id)).toBeNull();
  });

  it("ends a bootstrap session stored without a fingerprint (opened before sessions were tied to the token)", () => {
    const started = login(ADMIN_TOKEN);
    getSqlite().prepare(`UPDATE admin_sessions SET token_fingerprint = '' WHERE id_hash = ?`).run(hashSessionId(started.session_id));
    expect(readSession(started.session_id)).toBeNull();
  });

  it("ends when the bootstrap token is no longer configured", () => {
    const started = login(ADMIN_TOKEN);
    delete process.env.KNOWHUB_ADMIN_TOKEN;
    expect(readSession(started.session_id)).toBeNull();
    process.env.KNOWHUB_ADMIN_TOKEN = ADMIN_TOKEN;
    expect(readSession(started.session_id)).not.toBeNull();
  });
});

describe("logging out", () => {
  it("ends the session for good, once, with an audit entry", () => {
    const moderator = key("moderator-three", "moderate");
    const started = login(moderator.token);
    const before = audit("session.logout").length;
    expect(endSession(started.session_id)).toBe(true);
    expect(readSession(started.session_id)).toBeNull();
    const row = getSqlite().prepare(`SELECT revoked_at FROM admin_sessions WHERE id_hash = ?`).get(hashSessionId(started.session_id)) as { revoked_at: string };
    expect(row.revoked_at).toBeTruthy();
    const entries = audit("session.logout");
    expect(entries.length).toBe(before + 1);
    expect(entries[0].actor).toEqual({ key_id: moderator.id, label: "moderator-three" });
    expect(endSession(started.session_id)).toBe(false);
    expect(audit("session.logout").length).toBe(before + 1);
  });
});

describe("cookie settings", () => {
  it("uses the __Host- name only over https", () => {
    expect(sessionCookieName(true)).toBe("__Host-knowhub_admin");
    expect(sessionCookieName(false)).toBe("knowhub_admin");
    expect(isHttpsRequest({ url: "https://hub.example/admin", forwardedProto: null })).toBe(true);
    expect(isHttpsRequest({ url: "http://127.0.0.1/admin", forwardedProto: "https" })).toBe(true);
    expect(isHttpsRequest({ forwardedProto: "https,http" })).toBe(true);
    expect(isHttpsRequest({ url: "http://127.0.0.1/admin", forwardedProto: "http" })).toBe(false);
    expect(isHttpsRequest({ forwardedProto: null })).toBe(false);
  });

  it("forgets sessions that ended more than a day ago when someone logs in", () => {
    const count = () => (getSqlite().prepare(`SELECT COUNT(*) AS n FROM admin_sessions`).get() as { n: number }).n;
    const old = new Date(Date.now() - 3 * 86_400_000);
    login(ADMIN_TOKEN, "192.0.2.77", old);
    const before = count();
    login(ADMIN_TOKEN, "192.0.2.78");
    // The three-day-old session (8 h lifetime) is gone; the new one is there.
    expect(count()).toBe(before);
  });
});
