// `npm start`: migrate the database, build when the sources are newer than the last build, then
// serve on 127.0.0.1:3000 (HOST and PORT override). One command on a fresh clone.
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { isBuildStale } from "./lib/build-freshness.mjs";

const root = process.cwd();
// An empty HOST is unset (Node would bind every interface to ""); the check below sees the same value.
const host = process.env.HOST || "127.0.0.1";
process.env.HOST = host;
const port = process.env.PORT ?? "3000";
const bin = (name) => join(root, "node_modules", ".bin", name);

function run(cmd, args, env = {}) {
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Refuse a bad or unsafe setting before touching anything (a public bind never opens writes silently).
run(bin("tsx"), ["scripts/check-settings.ts"]);
process.env.KNOWHUB_SETTINGS_CHECKED = "1";
run(bin("tsx"), ["scripts/migrate.ts"]);
process.env.KNOWHUB_MIGRATED = "1"; // serve.mjs would otherwise migrate again before forking its workers
if (isBuildStale(root, process.env.NEXT_DIST_DIR || ".next")) run(bin("next"), ["build"], { NEXT_TELEMETRY_DISABLED: "1" });

// serve.mjs is `next start` plus the one thing it cannot do: a client address nobody can forge.
const server = spawn(process.execPath, ["scripts/serve.mjs", "-H", host, "-p", port], {
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
