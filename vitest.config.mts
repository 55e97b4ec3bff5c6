import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    include: ["lib/**/*.test.ts", "test/**/*.test.ts"],
    setupFiles: ["test/setup-db.ts"],
    // Plans the PostgreSQL server for the PostgreSQL tests; starts nothing until one asks (test/pg-cluster.ts).
    globalSetup: ["test/pg-global-setup.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
