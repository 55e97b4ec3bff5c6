// Session ids: 32 random bytes in base64url (43 characters), the cookie's value. Only their
// SHA-256 is stored: a hash of 256 random bits cannot be turned back into the cookie.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newSessionId(): string {
  return randomBytes(32).toString("base64url");
}

export function hashSessionId(sessionId: string): string {
  return createHash("sha256").update(sessionId, "utf8").digest("hex");
}

/** What the audit log names a session by: enough to pair a login with its logout, useless as a cookie. */
export function sessionAuditId(idHash: string): string {
  return idHash.slice(0, 16);
}

const TOKEN_FINGERPRINT_CONTEXT = "knowhub-admin-token:";

/**
 * Which admin token opened a session, as stored with it: HMAC-SHA256 of the token keyed by the
 * session id. Only the holder of the cookie can recompute it, so the stored value lets nobody test
 * guesses of the token (a plain hash of a chosen token could be guessed offline from a database copy).
 */
export function tokenFingerprint(sessionId: string, token: string): string {
  return createHmac("sha256", sessionId).update(TOKEN_FINGERPRINT_CONTEXT + token, "utf8").digest("hex");
}

/** Whether `token` is the one that opened the session (constant time); false for a session without a fingerprint. */
export function tokenOpenedSession(sessionId: string, token: string, stored: string): boolean {
  const expected = Buffer.from(tokenFingerprint(sessionId, token), "utf8");
  const given = Buffer.from(stored, "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
