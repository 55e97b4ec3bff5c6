// Search logging must not add a write to every search's latency: entries are buffered and written
// in one transaction shortly after. A crash can lose at most the last second of log lines, never an
// agent's submission.
import { toDbTime } from "../db-time";
import { insertSearchLogs, type SearchLogEntry } from "./repo";

const FLUSH_AFTER_MS = 500;
const MAX_BUFFER = 500;

const state = globalThis as unknown as { knowhubSearchLog?: { buffer: SearchLogEntry[]; timer: NodeJS.Timeout | null } };
state.knowhubSearchLog ??= { buffer: [], timer: null };
const log = state.knowhubSearchLog;

export function logSearch(entry: Omit<SearchLogEntry, "createdAt">): void {
  log.buffer.push({ ...entry, createdAt: toDbTime(new Date()) });
  if (log.buffer.length >= MAX_BUFFER) flushSearchLog();
  else if (!log.timer) {
    log.timer = setTimeout(flushSearchLog, FLUSH_AFTER_MS);
    log.timer.unref?.();
  }
}

export function flushSearchLog(): void {
  if (log.timer) clearTimeout(log.timer);
  log.timer = null;
  const entries = log.buffer.splice(0);
  try {
    insertSearchLogs(entries);
  } catch (error) {
    console.error("search log flush failed", error);
  }
}
