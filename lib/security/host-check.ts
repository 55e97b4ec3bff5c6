// DNS rebinding guard. A web page on evil.example can point its own name at 127.0.0.1 and then
// read a server on this machine as same-origin; the only trace is the Host header, which still
// says evil.example. A server bound to loopback therefore answers only to loopback names and the
// names the operator lists in KNOWHUB_ALLOWED_HOSTS. Pure functions: proxy.ts applies them.

export type AllowedHost = { hostname: string; port: string | null };

export type HostPolicy = {
  /** false: every Host passes (bound to a public address and no list given). */
  check: boolean;
  /** Besides the loopback names, which always pass when checking. */
  allowed: AllowedHost[];
};

export const ALLOWED_HOSTS_ENV = "KNOWHUB_ALLOWED_HOSTS";

const LOOPBACK_BINDINGS = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);
// As they appear in a Host header (IPv6 in brackets).
const LOOPBACK_NAMES = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** `HOST` unset or a loopback address: only this machine can connect directly. */
export function isLoopbackBinding(host: string | undefined): boolean {
  const value = (host ?? "").trim().toLowerCase();
  return value === "" || LOOPBACK_BINDINGS.has(value);
}

/**
 * "name", "name:port", "[v6]" or "[v6]:port", lower-cased, without a trailing dot; null when
 * the value is anything else (userinfo, paths, spaces...): such a Host is refused, not guessed at.
 */
export function parseHost(value: string): AllowedHost | null {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::(\d{1,5}))?$/i.exec(value.trim());
  if (!match) return null;
  const hostname = match[1].toLowerCase().replace(/\.$/, "");
  if (!hostname || hostname.startsWith(".")) return null;
  return { hostname, port: match[2] ?? null };
}

/**
 * Entries are comma-separated hostnames with an optional port ("hub.example.com,hub.internal:8080");
 * without a port any port passes. Entries it cannot read come back in `invalid` (to be logged):
 * they allow nothing, so a typo refuses that name rather than opening the check.
 */
export function parseAllowedHosts(list: string | undefined): { allowed: AllowedHost[]; invalid: string[] } {
  const allowed: AllowedHost[] = [];
  const invalid: string[] = [];
  for (const entry of (list ?? "").split(",")) {
    if (!entry.trim()) continue;
    const parsed = parseHost(entry);
    if (parsed) allowed.push(parsed);
    else invalid.push(entry.trim());
  }
  return { allowed, invalid };
}

export function hostPolicy(env: { HOST?: string; KNOWHUB_ALLOWED_HOSTS?: string }): HostPolicy & { invalid: string[] } {
  const { allowed, invalid } = parseAllowedHosts(env.KNOWHUB_ALLOWED_HOSTS);
  // On a public address there is no loopback-only service to protect; check only when asked to.
  const check = isLoopbackBinding(env.HOST) || (env.KNOWHUB_ALLOWED_HOSTS ?? "").trim() !== "";
  return { check, allowed, invalid };
}

/** Whether a request with this Host header may be answered. A missing or unreadable Host fails. */
export function isHostAllowed(hostHeader: string | null | undefined, policy: HostPolicy): boolean {
  if (!policy.check) return true;
  if (!hostHeader) return false;
  const host = parseHost(hostHeader);
  if (!host) return false;
  if (LOOPBACK_NAMES.has(host.hostname)) return true;
  return policy.allowed.some((a) => a.hostname === host.hostname && (a.port === null || a.port === host.port));
}

/** The refusal text: names the host and says how to allow it. */
export function hostRefusalMessage(hostHeader: string | null | undefined): string {
  const shown = hostHeader ? `"${hostHeader.slice(0, 200)}"` : "(none)";
  return (
    `Host ${shown} is not allowed: this server answers only to 127.0.0.1, localhost, [::1] and the names in ` +
    `${ALLOWED_HOSTS_ENV} (a guard against DNS rebinding). To serve it under this name, add it to ` +
    `${ALLOWED_HOSTS_ENV}, comma-separated with an optional port, e.g. ${ALLOWED_HOSTS_ENV}=hub.example.com,hub.internal:8080.`
  );
}
