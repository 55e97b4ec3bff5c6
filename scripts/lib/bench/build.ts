// Builds the app for the benchmark when the build is missing or older than the sources, so the
// figures are for the code in the tree. If the tree does not build (someone is mid-edit) an older
// build is used, with a warning, rather than no figures at all.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { distDir, ensureBuild } from "../server";

const SOURCES = ["app", "lib", "components", "next.config.ts", "package.json", "skill"];

function newestSource(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestSource(join(path, entry)));
  }
  return newest;
}

export function buildIfNeeded(force: boolean): string {
  const buildId = join(process.cwd(), distDir(), "BUILD_ID");
  const built = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  const stale = built === 0 || SOURCES.some((s) => newestSource(join(process.cwd(), s)) > built);
  if (!force && !stale) return "up to date";
  try {
    ensureBuild(true);
    return "built";
  } catch (error) {
    if (built === 0) throw error;
    console.error(`warning: next build failed, benchmarking the previous build: ${(error as Error).message}`);
    return "STALE (build failed)";
  }
}
