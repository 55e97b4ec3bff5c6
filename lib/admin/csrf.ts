// Cross-site request forgery defence for the console's forms, two independent checks:
// 1. A token bound to the session: base64url(HMAC-SHA256(key = session id, "knowhub-admin-csrf")).
//    Only a page rendered for this session holds it (in a hidden field of every form); a forged
//    form on another site cannot read it, and the token reveals nothing about the session id.
// 2. Origin (or, without one, Referer) must be this site: a browser sets them, a page cannot.
// The cookie is SameSite=Strict as well; either check alone would stop a forged POST.
import { createHmac, timingSafeEqual } from "node:crypto";

const CSRF_CONTEXT = "knowhub-admin-csrf";

export function csrfTokenFor(sessionId: string): string {
  return createHmac("sha256", sessionId).update(CSRF_CONTEXT).digest("base64url");
}

/** Constant-time comparison with the session's token; anything that is not a string fails. */
export function csrfTokenMatches(sessionId: string, token: unknown): boolean {
  if (typeof token !== "string") return false;
  const expected = Buffer.from(csrfTokenFor(sessionId), "utf8");
  const given = Buffer.from(token, "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type OriginHeaders = {
  origin: string | null;
  referer: string | null;
  /** The Host header, and X-Forwarded-Host when a reverse proxy rewrote Host. */
  hosts: (string | null)[];
  https: boolean;
};

/**
 * Whether a POST comes from a page of this site. A victim's browser cannot be made to send a
 * foreign X-Forwarded-Host on a cross-site form, so accepting it as a name of this site (for a
 * proxy that rewrites Host) opens nothing. Over https an http origin is refused: on an https hub
 * an http page of the same name is a network attacker's. Neither header at all is refused too:
 * every current browser sends Origin on a form POST.
 */
export function isSameOrigin(headers: OriginHeaders): boolean {
  const source = headers.origin ?? headers.referer;
  if (!source || source === "null") return false;
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return false;
  if (headers.https && url.protocol !== "https:") return false;
  const host = url.host.toLowerCase();
  return headers.hosts.some((h) => h !== null && h.split(",")[0].trim().toLowerCase() === host);
}
