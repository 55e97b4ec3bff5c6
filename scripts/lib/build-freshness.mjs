// Whether a Next build is older than the sources it was built from. Shared by `npm start`, the
// eval, the browser tests and the benchmark: a stale build serves old code and gives wrong figures.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const SOURCES = ["app", "components", "lib", "skill", "generated", "proxy.ts", "next.config.ts", "package.json", "postcss.config.mjs", "tsconfig.json"];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Missing, or built before the newest source file changed. */
export function isBuildStale(root, distDir) {
  const buildId = join(root, distDir, "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(root, source)) > built);
}

/** Whether any build is there at all (a stale one beats none when the tree does not build). */
export function hasBuild(root, distDir) {
  return existsSync(join(root, distDir, "BUILD_ID"));
}
