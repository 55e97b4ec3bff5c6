// Names the database an import or export works on, for what the CLI prints: SQLite's file path, or
// PostgreSQL's database and host (never the URL itself, which may carry a password).
import { databaseUrl, dbEngine } from "../db";
import { databasePath } from "../db-migrate";

export function describeTarget(): string {
  if (dbEngine() === "sqlite") return databasePath(databaseUrl());
  const url = new URL(databaseUrl());
  return `PostgreSQL database ${decodeURIComponent(url.pathname.slice(1))} on ${url.host}`;
}
