// Health says whether the hub can do its job, and if not why, so an operator (or a load balancer)
// learns it before the users do: the database must answer a query, and take writes: its file and
// folder writable, room on the disk, and no write refused for one of those reasons in the last
// minute (lib/db-errors.ts remembers them). A write lock held by another process is not a fault:
// health answers at once, without waiting for it.
import { accessSync, constants, statfsSync } from "node:fs";
import { dirname } from "node:path";
import { databaseUrl, db, dbEngine } from "../db";
import { dbUnavailableCause, lastDbTrouble, type DbUnavailableCause } from "../db-errors";
import { databasePath } from "../db-migrate";
import { VERSION } from "../version";
import type { HealthDto } from "./schema";

export type { HealthDto } from "./schema";

const HEALTH_TUNING = {
  /** Below this much free space the disk counts as full: SQLite needs room for the WAL and new pages. */
  minFreeBytes: 1024 * 1024,
  /** How long a write refused for a lasting reason keeps health unavailable without another. */
  troubleMemoryMs: 60_000,
} as const;

type Cause = NonNullable<HealthDto["cause"]>;

const MESSAGES: Record<Cause, string> = {
  read_only: "The database is read-only: writes are refused. Check the file system and the database file's owner and mode (SQLite), or the server's read-only setting (PostgreSQL).",
  disk_full: "The disk holding the database is full: writes are refused. Free space on it.",
  io_error: "The database reported I/O errors: writes may fail. Check the disk.",
  unreachable: "The database does not answer queries.",
};

export async function checkHealth(): Promise<HealthDto> {
  // SQLite's file is on this machine: its folder and disk can be looked at. PostgreSQL's are the
  // server's: a read-only or full server shows in the writes it refuses (remembered below).
  let path: string | null = null;
  try {
    if (dbEngine() === "sqlite") path = databasePath(databaseUrl());
  } catch (error) {
    console.error("health check failed", error);
    return unavailable("unreachable");
  }
  try {
    const row = await db().get<{ n: number }>(`SELECT COUNT(*) AS n FROM resources`);
    if (typeof row?.n !== "number") throw new Error("unexpected answer");
  } catch (error) {
    console.error("health check failed", error);
    // A database that cannot be opened on a read-only file system says so, not just "no answer".
    return unavailable((path ? writeTrouble(path) : null) ?? asHealthCause(dbUnavailableCause(error)) ?? "unreachable");
  }
  const cause = path ? writeTrouble(path) : rememberedTrouble();
  return cause ? unavailable(cause) : { status: "ok", db: "ok", version: VERSION };
}

function writeTrouble(path: string): Cause | null {
  try {
    accessSync(dirname(path), constants.W_OK);
    accessSync(path, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EROFS" || code === "EACCES" || code === "EPERM") return "read_only";
  }
  try {
    const disk = statfsSync(dirname(path));
    if (Number(disk.bavail) * Number(disk.bsize) < HEALTH_TUNING.minFreeBytes) return "disk_full";
  } catch {
    // statfs unsupported here: the remembered write failures below still tell.
  }
  return rememberedTrouble();
}

function rememberedTrouble(): Cause | null {
  const trouble = lastDbTrouble();
  if (trouble && Date.now() - trouble.at < HEALTH_TUNING.troubleMemoryMs) return asHealthCause(trouble.cause);
  return null;
}

function asHealthCause(cause: DbUnavailableCause | null): Cause | null {
  return cause === null || cause === "busy" ? null : cause;
}

function unavailable(cause: Cause): HealthDto {
  return { status: "unavailable", db: "error", cause, message: MESSAGES[cause], version: VERSION };
}
