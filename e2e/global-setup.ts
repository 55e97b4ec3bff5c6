// Builds (when needed) and starts the production server on a fresh SQLite file, then seeds it
// through the API. The server's process group id goes to a state file for global-teardown.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureBuild, startServer } from "../scripts/lib/server";
import { seed, type SeedKeys } from "./seed";
import { VERDICT_KEYS } from "./seed-data";
import { ADMIN_TOKEN, E2E_PORT, STATE_FILE } from "./settings";

export default async function globalSetup(): Promise<void> {
  // Never build into the default .next: other work builds there at the same time.
  process.env.NEXT_DIST_DIR ||= ".next-ui";
  ensureBuild(process.env.E2E_REBUILD === "1");
  const dir = mkdtempSync(join(tmpdir(), "knowhub-e2e-"));
  // The server's output is kept: e2e/tokens.spec.ts proves no token ever reaches it.
  const log = join(dir, "server.log");
  const databaseUrl = `file:${join(dir, "e2e.db")}`;
  // Verdicts need API keys: made with the CLI on the server's database before it starts.
  const keys: SeedKeys = {};
  for (const label of VERDICT_KEYS) {
    const made = spawnSync(process.execPath, ["bin/knowhub.mjs", "keys", "create", "--label", label, "--scope", "write", "--db", databaseUrl], { encoding: "utf8" });
    if (made.status !== 0) throw new Error(`keys create ${label} failed: ${made.stderr}`);
    keys[label] = (JSON.parse(made.stdout) as { token: string }).token;
  }
  // The admin token goes through the environment, never the command line (e2e/admin.spec.ts logs in with it).
  const server = await startServer({ port: E2E_PORT, databaseUrl, logFile: log, env: { KNOWHUB_ADMIN_TOKEN: ADMIN_TOKEN } });
  writeFileSync(STATE_FILE, JSON.stringify({ pid: server.pid, dir, log }));
  try {
    await seed(server.url, keys);
  } catch (error) {
    await server.stop();
    throw error;
  }
}
