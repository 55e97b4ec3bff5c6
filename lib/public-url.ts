// The address this hub is reached at, for the answers that tell callers where to send requests
// (the served skill guide, the OpenAPI document's server). It never echoes a Host header the DNS
// rebinding guard has not vetted: a page on evil.example that rebinds to this server would
// otherwise get a guide telling agents to send their reports (and keys) to evil.example.
import { ALLOWED_HOSTS_ENV, hostPolicy, isHostAllowed, parseHost } from "./security/host-check";

export const PUBLIC_URL_ENV = "KNOWHUB_PUBLIC_URL";

type Env = Record<string, string | undefined>;

/**
 * KNOWHUB_PUBLIC_URL, checked: an absolute http(s) origin with an optional path prefix, no query,
 * fragment or credentials. Returned without a trailing slash; null when unset.
 */
export function readPublicUrl(env: Env = process.env): string | null {
  const raw = (env[PUBLIC_URL_ENV] ?? "").trim();
  if (raw === "") return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${PUBLIC_URL_ENV}=${JSON.stringify(raw)} is not an absolute URL; give the address agents reach this hub at, e.g. https://hub.example.com`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`${PUBLIC_URL_ENV} must use http or https (got ${url.protocol})`);
  if (url.username || url.password || url.search || url.hash || raw.includes("?") || raw.includes("#")) {
    throw new Error(`${PUBLIC_URL_ENV} must be an origin with an optional path, without credentials, query or fragment (got ${JSON.stringify(raw)})`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

/**
 * The base address for this request: KNOWHUB_PUBLIC_URL when set; else http:// and the request's
 * Host when the Host check vets it (a loopback name, or one listed in KNOWHUB_ALLOWED_HOSTS); else
 * (a public bind that checks no Host) the loopback address of this server's port, the one address
 * that is known to be this server.
 */
export function publicBaseUrl(request: Request, env: Env = process.env): string {
  return publicBaseUrlForHost(request.headers.get("host"), env);
}

/** The same from the Host header alone: for the pages, which see headers but no Request. */
export function publicBaseUrlForHost(header: string | null, env: Env = process.env): string {
  const configured = readPublicUrl(env);
  if (configured) return configured;
  const policy = hostPolicy({ HOST: env.HOST, KNOWHUB_ALLOWED_HOSTS: env[ALLOWED_HOSTS_ENV] });
  if (policy.check && header && isHostAllowed(header, policy)) {
    const host = parseHost(header);
    if (host) return `http://${host.hostname}${host.port ? `:${host.port}` : ""}`;
  }
  return `http://127.0.0.1:${env.PORT || "3000"}`;
}
