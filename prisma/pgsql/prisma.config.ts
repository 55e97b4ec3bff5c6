import { defineConfig } from "prisma/config";

// Used only by the Prisma CLI (generate) for the PostgreSQL schema (#19); the app does not run on
// PostgreSQL yet, and its migrations are applied by lib/db-migrate-pg.ts. Paths are relative to
// this file. No datasource: generating a client does not connect to a database.
export default defineConfig({
  schema: "schema.prisma",
  migrations: { path: "migrations" },
});
