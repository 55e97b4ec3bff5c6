// Runs `prisma generate` without the schema engine, which cannot be downloaded on these machines.
// /bin/false (not /bin/true) so that any command that really needs the engine fails loudly.
// One client per engine (#19): generated/prisma from prisma/sqlite (what the app runs on) and
// generated/pgsql from prisma/pgsql (groundwork for PostgreSQL, not used by the app yet).
import { spawnSync } from "node:child_process";

const CONFIGS = ["prisma.config.ts", "prisma/pgsql/prisma.config.ts"];

for (const config of CONFIGS) {
  const result = spawnSync("npx", ["prisma", "generate", "--config", config], {
    stdio: "inherit",
    env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? "/bin/false" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
