// `npm start`: migrate the database, build when the sources are newer than the last build, then
// serve on 127.0.0.1:3000 (HOST and PORT override). One command on a fresh clone.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = process.cwd();
const host = process.env.HOST ?? "127.0.0.1";
const port = process.env.PORT ?? "3000";
const bin = (name) => join(root, "node_modules", ".bin", name);

function run(cmd, args, env = {}) {
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const SOURCES = ["app", "components", "lib", "skill", "generated", "next.config.ts", "package.json", "postcss.config.mjs", "tsconfig.json"];

function needsBuild() {
  const buildId = join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  return SOURCES.some((s) => newestMtime(join(root, s)) > built);
}

run(bin("tsx"), ["scripts/migrate.ts"]);
if (needsBuild()) run(bin("next"), ["build"], { NEXT_TELEMETRY_DISABLED: "1" });

const server = spawn(bin("next"), ["start", "-H", host, "-p", port], {
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
