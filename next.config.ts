import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // NEXT_DIST_DIR lets parallel builds (tests, benchmarks) use their own output folder.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Native addon: load it from node_modules at run time instead of bundling it.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3"],
  poweredByHeader: false,
  // Read from disk at run time (lib/search/word-lists.ts, the skill route).
  outputFileTracingIncludes: { "/skill.md": ["./skill/**"], "/**": ["./lib/search/words/*"] },
};

export default nextConfig;
