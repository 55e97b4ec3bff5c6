// Who may read and write, from the environment. Read on every request (a few string compares) so
// that one process can be switched in tests; the start script validates the same settings once.
export type AuthMode = "open" | "keys";
export type AuthConfig = { writes: AuthMode; reads: AuthMode };

export function readAuthConfig(env: Record<string, string | undefined> = process.env): AuthConfig {
  const writes = mode(env, "KNOWHUB_AUTH");
  const reads = mode(env, "KNOWHUB_READ");
  if (reads === "keys" && writes === "open") {
    throw new Error("KNOWHUB_READ=keys needs KNOWHUB_AUTH=keys: a hub whose reads need a key cannot take anonymous writes.");
  }
  return { writes, reads };
}

function mode(env: Record<string, string | undefined>, name: string): AuthMode {
  const value = (env[name] ?? "").trim().toLowerCase();
  if (value === "" || value === "open") return "open";
  if (value === "keys") return "keys";
  throw new Error(`${name} must be "open" or "keys" (got "${env[name]}").`);
}
