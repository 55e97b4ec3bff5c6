// Builds (when needed) and starts the production server on a fresh SQLite file, then seeds it
// through the API. The server's process group id goes to a state file for global-teardown.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureBuild, startServer } from "../scripts/lib/server";
import { seed } from "./seed";
import { ADMIN_TOKEN, E2E_PORT, STATE_FILE } from "./settings";

export default async function globalSetup(): Promise<void> {
  // Never build into the default .next: other work builds there at the same time.
  process.env.NEXT_DIST_DIR ||= ".next-ui";
  ensureBuild(process.env.E2E_REBUILD === "1");
  const dir = mkdtempSync(join(tmpdir(), "knowhub-e2e-"));
  // The server's output is kept: e2e/tokens.spec.ts proves no token ever reaches it.
  const log = join(dir, "server.log");
  // The admin token goes through the environment, never the command line (e2e/admin.spec.ts logs in with it).
  const server = await startServer({ port: E2E_PORT, databaseUrl: `file:${join(dir, "e2e.db")}`, logFile: log, env: { KNOWHUB_ADMIN_TOKEN: ADMIN_TOKEN } });
  writeFileSync(STATE_FILE, JSON.stringify({ pid: server.pid, dir, log }));
  try {
    await seed(server.url);
  } catch (error) {
    await server.stop();
    throw error;
  }
}
