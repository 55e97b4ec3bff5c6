// Runs `prisma generate` without the schema engine, which cannot be downloaded on these machines.
// /bin/false (not /bin/true) so that any command that really needs the engine fails loudly.
import { spawnSync } from "node:child_process";

const result = spawnSync("npx", ["prisma", "generate"], {
  stdio: "inherit",
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? "/bin/false" },
});
process.exit(result.status ?? 1);
