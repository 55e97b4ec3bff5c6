import type { NextConfig } from "next";
import { DATA_CONTENT_SECURITY_POLICY, STATIC_SECURITY_HEADERS } from "./lib/security/content-security-policy";

const nextConfig: NextConfig = {
  // unauthorized(): the console login answers a refused token with its own page and status 401
  // (app/admin/login/unauthorized.tsx).
  experimental: { authInterrupts: true },
  // NEXT_DIST_DIR lets parallel builds (tests, benchmarks) use their own output folder.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Native addon: load it from node_modules at run time instead of bundling it.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3"],
  poweredByHeader: false,
  // Read from disk at run time (lib/search/word-lists.ts, the skill route).
  outputFileTracingIncludes: { "/skill.md": ["./skill/**"], "/guide": ["./skill/**"], "/**": ["./lib/search/words/*"] },
  // The same security headers on every answer, static files included. The pages' CSP carries a
  // per-request nonce, so proxy.ts sets it; the data answers' CSP is fixed, so it is set here.
  async headers() {
    const dataCsp = [{ key: "Content-Security-Policy", value: DATA_CONTENT_SECURITY_POLICY }];
    return [
      { source: "/:path*", headers: [...STATIC_SECURITY_HEADERS] },
      { source: "/api", headers: dataCsp },
      { source: "/api/:path*", headers: dataCsp },
      { source: "/skill.md", headers: dataCsp },
    ];
  },
};

export default nextConfig;
