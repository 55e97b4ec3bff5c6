// Database failures a client should retry, translated by their codes (never by message text): a
// write that could not get SQLite's write lock within the busy timeout is 503 unavailable with
// Retry-After, not a 500.
import { Prisma } from "../generated/prisma/client";
import { DomainError } from "./errors";

const RETRY_AFTER_SECONDS = 2;

// better-sqlite3 raises SqliteError with the extended result code as `code`.
const BUSY_CODES = new Set(["SQLITE_BUSY", "SQLITE_BUSY_SNAPSHOT", "SQLITE_BUSY_RECOVERY", "SQLITE_BUSY_TIMEOUT", "SQLITE_LOCKED"]);
// Prisma's driver adapter reports a lock wait that ran out as P1008 ("operations timed out").
const PRISMA_BUSY_CODES = new Set(["P1008"]);

export function translateDbError(error: unknown): DomainError | null {
  const busy =
    (error instanceof Prisma.PrismaClientKnownRequestError && PRISMA_BUSY_CODES.has(error.code)) ||
    (error instanceof Error && error.name === "SqliteError" && BUSY_CODES.has((error as Error & { code?: string }).code ?? ""));
  if (!busy) return null;
  return new DomainError("unavailable", "The database is busy with another write; nothing was stored. Retry shortly.", {
    retry_after_seconds: RETRY_AFTER_SECONDS,
  });
}
