// The CSRF token and the same-origin check, and the door every console form goes through.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isDomainError } from "../errors";
import { authorizeAdminPost } from "./authorize-post";
import { csrfTokenFor, csrfTokenMatches, isSameOrigin, type OriginHeaders } from "./csrf";
import { endSession } from "./end-session";
import { loginInput } from "./schema";
import { newSessionId } from "./session-id";
import { startSession } from "./start-session";

const ADMIN_TOKEN = "bootstrap-admin-token-for-csrf-tests-0123";
const saved = process.env.KNOWHUB_ADMIN_TOKEN;
beforeEach(() => {
  process.env.KNOWHUB_ADMIN_TOKEN = ADMIN_TOKEN;
});
afterEach(() => {
  if (saved === undefined) delete process.env.KNOWHUB_ADMIN_TOKEN;
  else process.env.KNOWHUB_ADMIN_TOKEN = saved;
});

const local = (over: Partial<OriginHeaders> = {}): OriginHeaders => ({
  origin: "http://127.0.0.1:3000",
  referer: null,
  hosts: ["127.0.0.1:3000"],
  https: false,
  ...over,
});

async function codeOf(fn: () => unknown): Promise<string> {
  try {
    await fn();
  } catch (error) {
    if (isDomainError(error)) return `${error.code}:${error.details.reason}`;
    throw error;
  }
  return "ok";
}

describe("CSRF token", () => {
  it("is bound to its session, reveals nothing of it, and is compared whole", () => {
    const a = newSessionId();
    const b = newSessionId();
    const token = csrfTokenFor(a);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).not.toBe(csrfTokenFor(b));
    expect(token).not.toContain(a);
    expect(csrfTokenFor(a)).toBe(token);
    expect(csrfTokenMatches(a, token)).toBe(true);
    expect(csrfTokenMatches(b, token)).toBe(false);
    expect(csrfTokenMatches(a, token.slice(0, -1))).toBe(false);
    expect(csrfTokenMatches(a, `${token}A`)).toBe(false);
    expect(csrfTokenMatches(a, "")).toBe(false);
    expect(csrfTokenMatches(a, undefined)).toBe(false);
    expect(csrfTokenMatches(a, null)).toBe(false);
  });
});

describe("same-origin check", () => {
  it("accepts this site's Origin, or its Referer when there is no Origin", () => {
    expect(isSameOrigin(local())).toBe(true);
    expect(isSameOrigin(local({ origin: null, referer: "http://127.0.0.1:3000/admin/items/experience/3" }))).toBe(true);
    // A reverse proxy that rewrote Host names the public host in X-Forwarded-Host.
    expect(isSameOrigin(local({ origin: "https://hub.example.com", hosts: ["127.0.0.1:3000", "hub.example.com"], https: true }))).toBe(true);
  });

  it("refuses foreign, missing, opaque and downgraded origins", () => {
    expect(isSameOrigin(local({ origin: "http://evil.example" }))).toBe(false);
    expect(isSameOrigin(local({ origin: "http://127.0.0.1:3001" }))).toBe(false);
    expect(isSameOrigin(local({ origin: "null" }))).toBe(false);
    expect(isSameOrigin(local({ origin: null }))).toBe(false);
    expect(isSameOrigin(local({ origin: null, referer: "http://evil.example/admin" }))).toBe(false);
    // A present Origin decides; a matching Referer cannot rescue a foreign one.
    expect(isSameOrigin(local({ origin: "http://evil.example", referer: "http://127.0.0.1:3000/admin" }))).toBe(false);
    expect(isSameOrigin(local({ origin: "http://hub.example.com", hosts: ["hub.example.com"], https: true }))).toBe(false);
    expect(isSameOrigin(local({ origin: "javascript:alert(1)" }))).toBe(false);
    expect(isSameOrigin(local({ hosts: [null] }))).toBe(false);
  });
});

describe("authorizeAdminPost", () => {
  it("lets a same-origin POST with the session's token through, and refuses everything else", async () => {
    const { session_id } = await startSession(loginInput.parse({ token: ADMIN_TOKEN }), null);
    const token = csrfTokenFor(session_id);
    expect((await authorizeAdminPost({ session_id, csrf_token: token, origin: local() })).actor.label).toBe("admin token");
    expect(await codeOf(() => authorizeAdminPost({ session_id, csrf_token: token, origin: local({ origin: "http://evil.example" }) }))).toBe("forbidden:cross_origin");
    expect(await codeOf(() => authorizeAdminPost({ session_id, csrf_token: undefined, origin: local() }))).toBe("forbidden:csrf");
    expect(await codeOf(() => authorizeAdminPost({ session_id, csrf_token: csrfTokenFor(newSessionId()), origin: local() }))).toBe("forbidden:csrf");
    expect(await codeOf(() => authorizeAdminPost({ session_id: null, csrf_token: token, origin: local() }))).toBe("unauthorized:no_session");
    await endSession(session_id);
    expect(await codeOf(() => authorizeAdminPost({ session_id, csrf_token: token, origin: local() }))).toBe("unauthorized:no_session");
  });
});
