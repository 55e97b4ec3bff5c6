// Database failures a client should retry, translated by their codes (never by message text): a
// write that could not get SQLite's write lock within the busy timeout, a database that has become
// read-only, a full disk or a failing one is 503 unavailable with Retry-After and the cause, not a
// 500. Each such failure is also remembered for /api/health (lib/health/check-health.ts), which
// keeps answering 503 naming the cause until a write gets through again.
import { dirname } from "node:path";
import { Prisma } from "../generated/prisma/client";
import { databasePath } from "./db-migrate";
import { DomainError } from "./errors";

const RETRY_AFTER_SECONDS = 2;

/** Why the database cannot take writes now. */
export type DbUnavailableCause = "busy" | "read_only" | "disk_full" | "io_error";

const CAUSE_MESSAGES: Record<DbUnavailableCause, string> = {
  busy: "The database is busy with another write; nothing was stored. Retry shortly.",
  read_only: "The database is read-only on this server (file or file system permissions); nothing was stored. Retry later; the operator is told by /api/health.",
  disk_full: "The disk holding the database is full; nothing was stored. Retry later; the operator is told by /api/health.",
  io_error: "The database could not be written (an I/O error); nothing was stored. Retry later; the operator is told by /api/health.",
};

// better-sqlite3 raises SqliteError with the extended result code as `code`.
function sqliteCause(code: string): DbUnavailableCause | null {
  if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return "busy";
  if (code.startsWith("SQLITE_READONLY")) return "read_only";
  if (code === "SQLITE_FULL") return "disk_full";
  if (code.startsWith("SQLITE_IOERR") || code.startsWith("SQLITE_CANTOPEN")) return "io_error";
  return null;
}

// Prisma's driver adapter reports a lock wait that ran out as P1008 ("operations timed out"); other
// SQLite failures arrive as a driver adapter error whose cause carries SQLite's extended code.
function prismaCause(error: unknown): DbUnavailableCause | null {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P1008") return "busy";
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && cause && typeof cause === "object"; depth += 1) {
    // The adapter's error payload keeps better-sqlite3's code as `originalCode`.
    const c = cause as { code?: unknown; originalCode?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
    for (const code of [c.code, c.originalCode]) if (typeof code === "string" && code.startsWith("SQLITE_")) return sqliteCause(code);
    cause = c.meta?.driverAdapterError ?? c.cause;
  }
  return null;
}

const state = globalThis as unknown as { knowhubDbTrouble?: { cause: DbUnavailableCause; at: number } | null };

/** The last write failure that made the database unavailable, until a write succeeds again. */
export function lastDbTrouble(): { cause: DbUnavailableCause; at: number } | null {
  return state.knowhubDbTrouble ?? null;
}

/** A write got through: the database takes writes again. */
export function clearDbTrouble(): void {
  state.knowhubDbTrouble = null;
}

// Opening the database also touches the file system (its folder, the file's mode): a system error
// on the database's own files says the same as SQLite's codes.
const ERRNO_CAUSES: Record<string, DbUnavailableCause> = { EROFS: "read_only", EACCES: "read_only", EPERM: "read_only", ENOSPC: "disk_full", EDQUOT: "disk_full", EIO: "io_error" };

function fileSystemCause(error: NodeJS.ErrnoException): DbUnavailableCause | null {
  const cause = ERRNO_CAUSES[error.code ?? ""];
  if (!cause || typeof error.path !== "string") return null;
  try {
    return error.path.startsWith(dirname(databasePath())) ? cause : null;
  } catch {
    return null;
  }
}

/** The cause, when the error is the database refusing work for a reason a retry may outlive. */
export function dbUnavailableCause(error: unknown): DbUnavailableCause | null {
  if (error instanceof Error && error.name === "SqliteError") return sqliteCause(String((error as Error & { code?: string }).code ?? ""));
  if (error instanceof Error && "errno" in error) return fileSystemCause(error as NodeJS.ErrnoException);
  return prismaCause(error);
}

/**
 * Remembers a lasting reason the database refused a write, for /api/health; returns the cause. A
 * held lock is a moment's contention, not a condition of the server: it is not remembered.
 */
export function noteDbTrouble(error: unknown): DbUnavailableCause | null {
  const cause = dbUnavailableCause(error);
  if (cause && cause !== "busy") state.knowhubDbTrouble = { cause, at: Date.now() };
  return cause;
}

export function translateDbError(error: unknown): DomainError | null {
  const cause = noteDbTrouble(error);
  if (!cause) return null;
  return new DomainError("unavailable", CAUSE_MESSAGES[cause], { cause, retry_after_seconds: RETRY_AFTER_SECONDS });
}
