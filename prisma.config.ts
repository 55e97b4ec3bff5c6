import { defineConfig } from "prisma/config";

// Used only by the Prisma CLI (generate), for the SQLite schema the app runs on; the PostgreSQL
// schema has its own (prisma/pgsql/prisma.config.ts). The app opens the database through lib/db.ts.
export default defineConfig({
  schema: "prisma/sqlite/schema.prisma",
  migrations: { path: "prisma/sqlite/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "file:./data/knowhub.db" },
});
