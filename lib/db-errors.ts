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
export type DbUnavailableCause = "busy" | "read_only" | "disk_full" | "io_error" | "unreachable";

const CAUSE_MESSAGES: Record<DbUnavailableCause, string> = {
  busy: "The database is busy with another write; nothing was stored. Retry shortly.",
  read_only: "The database is read-only on this server (file or file system permissions, or a read-only PostgreSQL server); nothing was stored. Retry later; the operator is told by /api/health.",
  disk_full: "The disk holding the database is full; nothing was stored. Retry later; the operator is told by /api/health.",
  io_error: "The database could not be written (an I/O error); nothing was stored. Retry later; the operator is told by /api/health.",
  unreachable: "The database server does not answer (restarting, or the network is down); nothing was stored. Retry shortly.",
};

// better-sqlite3 raises SqliteError with the extended result code as `code`.
function sqliteCause(code: string): DbUnavailableCause | null {
  if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return "busy";
  if (code.startsWith("SQLITE_READONLY")) return "read_only";
  if (code === "SQLITE_FULL") return "disk_full";
  if (code.startsWith("SQLITE_IOERR") || code.startsWith("SQLITE_CANTOPEN")) return "io_error";
  return null;
}

// PostgreSQL's SQLSTATE codes (the pg driver's `code`, kept by Prisma's adapter as `originalCode`):
// a lock or pool wait that ran out and a write conflict are contention; a read-only server, a full
// disk and failing storage are conditions; the connection classes mean the server is not there.
function pgCause(code: string): DbUnavailableCause | null {
  if (code === "55P03" || code === "40001" || code === "40P01" || code === "57014" || code === "53300") return "busy";
  if (code === "25006") return "read_only";
  if (code === "53100") return "disk_full";
  if (code === "58030" || code === "XX001" || code === "XX002") return "io_error";
  if (code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03") return "unreachable";
  return null;
}

// The adapter's own kinds for failures that carry no SQLSTATE (a socket that would not connect).
const KIND_CAUSES: Record<string, DbUnavailableCause> = {
  DatabaseNotReachable: "unreachable",
  ConnectionClosed: "unreachable",
  SocketTimeout: "unreachable",
  TooManyConnections: "busy",
  TransactionWriteConflict: "busy",
};

// Prisma codes: P1008 a lock wait that ran out (SQLite), P1001 and P1017 a server not reached or
// gone, P2024 no pool connection within the wait, P2028 a transaction the engine gave up on.
const PRISMA_CAUSES: Record<string, DbUnavailableCause> = { P1008: "busy", P2024: "busy", P2028: "busy", P1001: "unreachable", P1017: "unreachable" };

/** The codes a database failure carries, wherever Prisma and its adapter put them. */
export function dbErrorCodes(error: unknown): { prisma?: string; sqlite?: string; sqlstate?: string; kind?: string; errno?: string } {
  const found: { prisma?: string; sqlite?: string; sqlstate?: string; kind?: string; errno?: string } = {};
  let cause: unknown = error;
  for (let depth = 0; depth < 6 && cause && typeof cause === "object"; depth += 1) {
    const c = cause as { code?: unknown; originalCode?: unknown; kind?: unknown; errno?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
    if (cause instanceof Prisma.PrismaClientKnownRequestError) found.prisma ??= cause.code;
    for (const code of [c.originalCode, c.code]) {
      if (typeof code !== "string") continue;
      if (code.startsWith("SQLITE_")) found.sqlite ??= code;
      else if (/^[0-9A-Z]{5}$/.test(code) && !code.startsWith("P")) found.sqlstate ??= code;
      else if (/^E[A-Z]+$/.test(code)) found.errno ??= code;
    }
    if (typeof c.kind === "string") found.kind ??= c.kind;
    cause = c.meta?.driverAdapterError ?? c.cause;
  }
  return found;
}

/** A unique key refused the write (either engine). */
export function isUniqueViolation(error: unknown): boolean {
  const codes = dbErrorCodes(error);
  return (
    codes.prisma === "P2002" ||
    codes.kind === "UniqueConstraintViolation" ||
    codes.sqlstate === "23505" ||
    codes.sqlite === "SQLITE_CONSTRAINT_UNIQUE" ||
    codes.sqlite === "SQLITE_CONSTRAINT_PRIMARYKEY"
  );
}

function prismaCause(error: unknown): DbUnavailableCause | null {
  const codes = dbErrorCodes(error);
  if (codes.sqlite) return sqliteCause(codes.sqlite);
  if (codes.sqlstate) return pgCause(codes.sqlstate);
  if (codes.kind && KIND_CAUSES[codes.kind]) return KIND_CAUSES[codes.kind];
  if (codes.errno === "ECONNREFUSED" || codes.errno === "ECONNRESET" || codes.errno === "ETIMEDOUT") return "unreachable";
  if (codes.prisma && PRISMA_CAUSES[codes.prisma]) return PRISMA_CAUSES[codes.prisma];
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
  if (error instanceof DomainError && error.code === "unavailable") {
    const cause = (error.details as { cause?: DbUnavailableCause } | undefined)?.cause;
    return cause && cause in CAUSE_MESSAGES ? cause : null;
  }
  if (error instanceof Error && error.name === "SqliteError") return sqliteCause(String((error as Error & { code?: string }).code ?? ""));
  if (error instanceof Error && "errno" in error && "syscall" in error && !("address" in error)) {
    // A socket's failure looks the same (read ECONNRESET from PostgreSQL going away): it is told below.
    const cause = fileSystemCause(error as NodeJS.ErrnoException);
    if (cause) return cause;
  }
  return prismaCause(error);
}

/**
 * Remembers a lasting reason the database refused a write, for /api/health; returns the cause. A
 * held lock is a moment's contention, not a condition of the server: it is not remembered.
 */
export function noteDbTrouble(error: unknown): DbUnavailableCause | null {
  const cause = dbUnavailableCause(error);
  // Contention passes, and a server that does not answer is asked again by every health check.
  if (cause && cause !== "busy" && cause !== "unreachable") state.knowhubDbTrouble = { cause, at: Date.now() };
  return cause;
}

/** A wait for the writer that ran out (the in-process gate, or an advisory lock tried once). */
export function busyUnavailable(): DomainError {
  return new DomainError("unavailable", CAUSE_MESSAGES.busy, { cause: "busy", retry_after_seconds: RETRY_AFTER_SECONDS });
}

export function translateDbError(error: unknown): DomainError | null {
  const cause = noteDbTrouble(error);
  if (!cause) return null;
  return new DomainError("unavailable", CAUSE_MESSAGES[cause], { cause, retry_after_seconds: RETRY_AFTER_SECONDS });
}
