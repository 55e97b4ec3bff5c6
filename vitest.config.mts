import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { hasPostgres, POSTGRES_EXCLUDE, POSTGRES_INCLUDE } from "./test/engines.mjs";

const resolve = { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } };
// What both projects share. Each names its engine in KNOWHUB_TEST_ENGINE, which test/setup-db.ts
// reads to give every test file a fresh database of that engine.
const shared = {
  setupFiles: ["test/setup-db.ts"],
  pool: "forks" as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// Without PostgreSQL (no TEST_DATABASE_URL, no server binaries) the "postgres" project is left out:
// test/pg-global-setup.ts prints the one loud line, or fails the run under KNOWHUB_REQUIRE_POSTGRES=1.

export default defineConfig({
  resolve,
  test: {
    // In the root config, so that it runs once per run for both projects: one plan, one lazily
    // started cluster, which the projects inherit through inject("knowhubPg") (test/pg-cluster.ts).
    globalSetup: ["test/pg-global-setup.ts"],
    projects: [
      {
        resolve,
        test: {
          ...shared,
          name: "sqlite",
          include: ["lib/**/*.test.ts", "test/**/*.test.ts"],
          env: { KNOWHUB_TEST_ENGINE: "sqlite" },
        },
      },
      ...(hasPostgres()
        ? [
            {
              resolve,
              test: {
                ...shared,
                name: "postgres",
                // Every integration test again, on a fresh PostgreSQL database per file; the
                // exceptions and their reasons are in test/engines.ts.
                include: POSTGRES_INCLUDE,
                exclude: POSTGRES_EXCLUDE,
                env: { KNOWHUB_TEST_ENGINE: "postgres" },
              },
            },
          ]
        : []),
    ],
  },
});
