// API key tokens: "kh_" + 32 random bytes in base64url (43 characters). The prefix makes a leaked
// token recognizable (secret scanners, our own screening); only its SHA-256 is ever stored, and a
// hash of 256 random bits cannot be turned back into the token.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const TOKEN_PREFIX = "kh_";
export const TOKEN_PATTERN = /^kh_[A-Za-z0-9_-]{43}$/;

export function generateToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Key ids are public (they appear in provenance); random so that they say nothing about order. */
export function generateKeyId(): string {
  return `key_${randomBytes(8).toString("hex")}`;
}

/** Constant-time comparison of two hex digests of equal length. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
