// Every setting the hub reads from its environment, in one typed object: DATABASE_URL, HOST and
// PORT, and every KNOWHUB_* variable. `readSettings` parses them all at once and names every bad
// value (start refuses to serve on one: lib/config/check-settings.ts); each domain keeps the parser
// of its own settings (auth-config, limits-config, ...), and this is where they meet, so a new
// variable is either listed here or fails test/settings-drift.test.ts.
import { readAuthConfig, type AuthConfig } from "../auth/auth-config";
import { existsSync } from "node:fs";
import { parseWholeSetting } from "../count-setting";
import { ADMIN_TOKEN_ENV, ADMIN_TOKEN_FILE_ENV, MIN_ADMIN_TOKEN_LENGTH, readBootstrapToken, sessionLifetimeMs } from "../admin/session-config";
import { databasePath, DEFAULT_DATABASE_URL } from "../db-migrate";
import { readLimitsConfig, readLogRetentionConfig, type LogRetentionConfig, type RateLimitsConfig } from "../limits/limits-config";
import { normalizeAddress } from "../limits/client-address";
import { readModerationMode, type ModerationMode } from "../moderation/moderation-config";
import { readPublicUrl } from "../public-url";
import { readSearchSwitches, type SearchSwitches } from "../search/search-config";
import { hostPolicy, type AllowedHost } from "../security/host-check";

type Env = Record<string, string | undefined>;

export type Settings = {
  databaseUrl: string;
  host: string;
  port: number;
  workers: number | "auto";
  auth: AuthConfig;
  allowOpenWrites: boolean;
  allowedHosts: AllowedHost[];
  publicUrl: string | null;
  trustProxy: string[];
  rateLimits: RateLimitsConfig;
  logRetention: LogRetentionConfig;
  busyTimeoutMs: number;
  moderation: ModerationMode;
  /** Whether a bootstrap admin token is configured (the token itself never leaves its reader). */
  adminToken: boolean;
  adminSessionMs: number;
  searchCache: number;
  /** PostgreSQL: the search generation kept from LISTEN/NOTIFY (1) or read per search (0). */
  pgListen: boolean;
  pgMemoryIndex: boolean;
  importTextCache: number;
  searchSwitches: SearchSwitches;
};

/**
 * The variables this hub reads, with what reads them. `client`: read by the CLI and the MCP server
 * as a client of a hub, not by the server; `internal`: set by the hub's own scripts for their
 * children, never by an operator; `testing`: read by `npm test` and its harness.
 */
export const SETTING_NAMES = {
  server: [
    "DATABASE_URL", "HOST", "PORT", "KNOWHUB_WORKERS", "KNOWHUB_AUTH", "KNOWHUB_READ", "KNOWHUB_ALLOW_OPEN_WRITES",
    "KNOWHUB_ALLOWED_HOSTS", "KNOWHUB_PUBLIC_URL", "KNOWHUB_TRUST_PROXY", "KNOWHUB_RATE_WRITE", "KNOWHUB_RATE_SEARCH",
    "KNOWHUB_LOG_DAYS", "KNOWHUB_LOG_MAX_ROWS", "KNOWHUB_BUSY_TIMEOUT_MS", "KNOWHUB_MODERATION", "KNOWHUB_ADMIN_TOKEN",
    "KNOWHUB_ADMIN_TOKEN_FILE", "KNOWHUB_ADMIN_SESSION_HOURS", "KNOWHUB_SEARCH_CACHE", "KNOWHUB_IMPORT_TEXT_CACHE",
    "KNOWHUB_SEARCH_OFF", "KNOWHUB_PG_LISTEN", "KNOWHUB_PG_MEMORY_INDEX",
  ],
  client: ["KNOWHUB_API", "KNOWHUB_TOKEN"],
  internal: ["KNOWHUB_MIGRATED", "KNOWHUB_SETTINGS_CHECKED", "KNOWHUB_RATE_BUCKETS"],
  /** Read by `npm test` and its harness only. */
  testing: ["KNOWHUB_REQUIRE_POSTGRES"],
} as const;

/** `settings` holds the defaults in place of the bad values; with any problem the hub must not start. */
export type SettingsResult = { settings: Settings; problems: string[] };

/** Parses every setting; each bad one is a problem naming the variable and the fix. */
export function readSettings(env: Env = process.env): SettingsResult {
  const problems: string[] = [];
  const attempt = <T>(read: () => T, fallback: T): T => {
    try {
      return read();
    } catch (error) {
      problems.push((error as Error).message);
      return fallback;
    }
  };
  const policy = hostPolicy(env);
  if (policy.invalid.length) problems.push(`KNOWHUB_ALLOWED_HOSTS has entries that are not host names: ${policy.invalid.join(", ")}`);
  const settings: Settings = {
    databaseUrl: attempt(() => readDatabaseUrl(env), DEFAULT_DATABASE_URL),
    host: env.HOST || "127.0.0.1",
    port: attempt(() => parseWholeSetting(env, "PORT", 3000, 1, 65_535), 3000),
    workers: attempt(() => readWorkers(env), 1),
    auth: attempt(() => readAuthConfig(env), { writes: "open", reads: "open" }),
    allowOpenWrites: env.KNOWHUB_ALLOW_OPEN_WRITES === "1",
    allowedHosts: policy.allowed,
    publicUrl: attempt(() => readPublicUrl(env), null),
    trustProxy: attempt(() => readTrustProxy(env), []),
    rateLimits: attempt(() => readLimitsConfig(env), { write: null, search: null }),
    logRetention: attempt(() => readLogRetentionConfig(env), { maxAgeDays: 30, maxRows: 100_000 }),
    busyTimeoutMs: attempt(() => parseWholeSetting(env, "KNOWHUB_BUSY_TIMEOUT_MS", 5000, 0, 600_000), 5000),
    moderation: attempt(() => readModerationMode(env), "post"),
    adminToken: attempt(() => readAdminToken(env), false),
    adminSessionMs: attempt(() => sessionLifetimeMs(env), 8 * 3_600_000),
    searchCache: attempt(() => parseWholeSetting(env, "KNOWHUB_SEARCH_CACHE", 500, 0, 1_000_000), 500),
    pgListen: attempt(() => parseWholeSetting(env, "KNOWHUB_PG_LISTEN", 1, 0, 1), 1) === 1,
    pgMemoryIndex: attempt(() => parseWholeSetting(env, "KNOWHUB_PG_MEMORY_INDEX", 1, 0, 1), 1) === 1,
    importTextCache: attempt(() => parseWholeSetting(env, "KNOWHUB_IMPORT_TEXT_CACHE", 20_000, 0, 10_000_000), 20_000),
    searchSwitches: attempt(() => readSearchSwitches(env), { lexicon: true, wordLists: true, gate: true }),
  };
  return { settings, problems };
}

function readDatabaseUrl(env: Env): string {
  const url = env.DATABASE_URL || DEFAULT_DATABASE_URL;
  try {
    if (/^postgres(ql)?:\/\//.test(url)) new URL(url);
    else databasePath(url);
  } catch {
    throw new Error(
      `DATABASE_URL=${JSON.stringify(url)} is not a database this hub can open: use file:PATH (SQLite), e.g. file:./data/knowhub.db, or postgres://USER:PASSWORD@HOST:PORT/DATABASE (PostgreSQL)`,
    );
  }
  return url;
}

/** KNOWHUB_WORKERS (scripts/serve.mjs reads it the same way): blank or `auto`, or 1 to 64. */
function readWorkers(env: Env): number | "auto" {
  const raw = (env.KNOWHUB_WORKERS ?? "").trim();
  if (raw.toLowerCase() === "auto") return "auto";
  if (raw === "") return 1;
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > 64) {
    throw new Error(`KNOWHUB_WORKERS=${JSON.stringify(env.KNOWHUB_WORKERS)} is not valid: use a whole number from 1 to 64, or "auto" (one per core).`);
  }
  return n;
}

/** KNOWHUB_TRUST_PROXY (scripts/serve.mjs applies it): proxy addresses and/or `loopback`, comma-separated. */
function readTrustProxy(env: Env): string[] {
  const raw = env.KNOWHUB_TRUST_PROXY ?? "";
  const entries = raw.split(",").map((e) => e.trim()).filter((e) => e !== "");
  for (const entry of entries) {
    if (entry.toLowerCase() !== "loopback" && !normalizeAddress(entry)) {
      throw new Error(`KNOWHUB_TRUST_PROXY=${JSON.stringify(raw)}: ${JSON.stringify(entry)} is not an IP address; use a comma-separated list of proxy addresses and/or "loopback".`);
    }
  }
  return entries;
}

/**
 * Whether the console's bootstrap token is on. At run time a token that is too short or a file that
 * cannot be read turns the token off with a warning (readBootstrapToken); at start it is a mistake
 * to fix, since the operator who set it means to log in with it.
 */
function readAdminToken(env: Env): boolean {
  const token = (env[ADMIN_TOKEN_ENV] ?? "").trim();
  const file = (env[ADMIN_TOKEN_FILE_ENV] ?? "").trim();
  if (token !== "" && token.length < MIN_ADMIN_TOKEN_LENGTH) {
    throw new Error(`${ADMIN_TOKEN_ENV} is shorter than ${MIN_ADMIN_TOKEN_LENGTH} characters: use a long random one, e.g. openssl rand -base64 32.`);
  }
  if (token === "" && file !== "" && !existsSync(file)) throw new Error(`${ADMIN_TOKEN_FILE_ENV}=${JSON.stringify(file)}: no such file.`);
  const on = readBootstrapToken(env) !== null;
  if (token === "" && file !== "" && !on) {
    throw new Error(`${ADMIN_TOKEN_FILE_ENV}=${JSON.stringify(file)} cannot be read or holds fewer than ${MIN_ADMIN_TOKEN_LENGTH} characters.`);
  }
  return on;
}
