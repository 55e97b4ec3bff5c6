// The console's settings, read from the environment on every use (a few string compares and, for
// the token file, one small read) so that a changed token file or a test's environment applies at
// once. The bootstrap token is never a command-line argument: arguments are visible to every user
// of the machine (ps, /proc/*/cmdline); the environment and a 0600 file are not.
import { readFileSync } from "node:fs";

type Env = Record<string, string | undefined>;

export const ADMIN_TOKEN_ENV = "KNOWHUB_ADMIN_TOKEN";
export const ADMIN_TOKEN_FILE_ENV = "KNOWHUB_ADMIN_TOKEN_FILE";
export const SESSION_HOURS_ENV = "KNOWHUB_ADMIN_SESSION_HOURS";
export const DEFAULT_SESSION_HOURS = 8;
const MAX_SESSION_HOURS = 24 * 30;

/** A shorter bootstrap token is ignored: it could be guessed, and it opens everything. */
export const MIN_ADMIN_TOKEN_LENGTH = 16;

/** The cookie's name: `__Host-` over https, where the browser then refuses it unless Secure, Path=/ and host-only. */
export const SESSION_COOKIE = "knowhub_admin";
export const SECURE_SESSION_COOKIE = "__Host-knowhub_admin";

export function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** How long a session lasts, in milliseconds (KNOWHUB_ADMIN_SESSION_HOURS, default 8 h). */
export function sessionLifetimeMs(env: Env = process.env): number {
  const setting = (env[SESSION_HOURS_ENV] ?? "").trim();
  if (setting === "") return DEFAULT_SESSION_HOURS * 3_600_000;
  const hours = /^\d+(\.\d+)?$/.test(setting) ? Number(setting) : NaN;
  // Refused, not replaced by the default: a typo must not silently keep sessions open for longer.
  if (!(hours > 0 && hours <= MAX_SESSION_HOURS)) {
    throw new Error(`${SESSION_HOURS_ENV}=${JSON.stringify(env[SESSION_HOURS_ENV])} is not valid: use a number of hours above 0 and at most ${MAX_SESSION_HOURS} (default ${DEFAULT_SESSION_HOURS}).`);
  }
  return Math.round(hours * 3_600_000);
}

/**
 * The bootstrap admin token, or null when none is configured (or it is unusable: the reason goes
 * to the server log, never to the login page). KNOWHUB_ADMIN_TOKEN wins over KNOWHUB_ADMIN_TOKEN_FILE.
 */
export function readBootstrapToken(env: Env = process.env): string | null {
  let token = env[ADMIN_TOKEN_ENV];
  let source = ADMIN_TOKEN_ENV;
  if (token === undefined || token.trim() === "") {
    const file = (env[ADMIN_TOKEN_FILE_ENV] ?? "").trim();
    if (file === "") return null;
    source = `${ADMIN_TOKEN_FILE_ENV} (${file})`;
    try {
      token = readFileSync(file, "utf8");
    } catch (error) {
      warnOnce(`${source} cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"}); the admin token is off.`);
      return null;
    }
  }
  // A file usually ends with a newline; surrounding whitespace is never part of a token.
  const trimmed = token.trim();
  if (trimmed.length < MIN_ADMIN_TOKEN_LENGTH) {
    warnOnce(`${source} is shorter than ${MIN_ADMIN_TOKEN_LENGTH} characters; the admin token is off (use e.g. openssl rand -base64 32).`);
    return null;
  }
  return trimmed;
}

const warned = new Set<string>();
function warnOnce(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  console.error(`admin console: ${message}`);
}

/**
 * Whether the browser reached us over https: an https request URL (TLS in this process), or
 * X-Forwarded-Proto saying https. Next fills that header from the socket when a request comes
 * without one and builds route handlers' request.url from it, so pages (which see only headers)
 * and route handlers (which see the URL) must decide by the same rule, or a login would set one
 * cookie name and the pages read another. A TLS-terminating proxy sets it; KNOWHUB_TRUST_PROXY is
 * not needed for this, because the header can only make the cookie stricter: a client that fakes
 * it over plain http gets a Secure cookie its own browser will not store (and no one else's).
 */
export function isHttpsRequest(request: { url?: string; forwardedProto: string | null }): boolean {
  if (request.url?.startsWith("https:")) return true;
  return (request.forwardedProto ?? "").toLowerCase().includes("https");
}
