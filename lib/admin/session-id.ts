// Session ids: 32 random bytes in base64url (43 characters), the cookie's value. Only their
// SHA-256 is stored: a hash of 256 random bits cannot be turned back into the cookie.
import { createHash, randomBytes } from "node:crypto";

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
