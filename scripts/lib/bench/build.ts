// Builds the app for the benchmark when the build is missing or older than the sources, so the
// figures are for the code in the tree. If the tree does not build (someone is mid-edit) an older
// build is used, with a warning, rather than no figures at all.
import { hasBuild, isBuildStale } from "../build-freshness.mjs";
import { distDir, ensureBuild } from "../server";

export function buildIfNeeded(force: boolean): string {
  const built = hasBuild(process.cwd(), distDir());
  if (!force && !isBuildStale(process.cwd(), distDir())) return "up to date";
  try {
    ensureBuild(true);
    return "built";
  } catch (error) {
    if (!built) throw error;
    console.error(`warning: next build failed, benchmarking the previous build: ${(error as Error).message}`);
    return "STALE (build failed)";
  }
}
