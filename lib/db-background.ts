// Writes that no request waits for (search logs, content misses, key use): buffered, then written
// in one transaction shortly after, without waiting for the writer (transaction with waitMs 0).
// While an import or another process holds the lock, the batch stays buffered and is tried again
// with growing pauses: the event loop never blocks on the lock, so searches and /api/health keep
// answering. The buffer is bounded: past `maxPending` the oldest entries are dropped and counted
// (a log line says how many), never an agent's submission, which is not written this way.
import { clearDbTrouble, noteDbTrouble } from "./db-errors";
import { transaction } from "./db";

export type BackgroundBatch<T> = {
  /**
   * Buffers one entry; the batch is written `flushAfterMs` later, or at once when `maxBuffer` is
   * reached (then the promise settles when that write is done or deferred; it never rejects).
   */
  add(entry: T): Promise<void>;
  /** Writes what is buffered now, if the writer is free within `waitMs` (default 0: tests, and before the process exits). */
  flush(waitMs?: number): Promise<void>;
  /** Entries waiting to be written. */
  pending(): number;
};

export type BackgroundBatchOptions = {
  flushAfterMs: number;
  maxBuffer: number;
  /** Entries kept while the database is locked; older ones are dropped beyond it. */
  maxPending: number;
  /** Called after each successful write (e.g. to schedule pruning). */
  afterWrite?: () => void;
};

export const BACKGROUND_TUNING = {
  /** First pause after a busy database, doubled after each busy try up to maxRetryMs. */
  firstRetryMs: 250,
  maxRetryMs: 4_000,
  /**
   * Before a server exits, a flush waits this long for the writer (not 0: the other workers of the
   * server, stopping at the same moment, are writing their own buffers).
   */
  drainWaitMs: 2_000,
} as const;

// What a server writes before it exits on a signal: scripts/serve.mjs calls
// globalThis.knowhubDrainBackgroundWrites() after the last request and before process.exit, which
// does not run 'beforeExit' (the hook below serves scripts and tests, which run out of work).
// Each drainer flushes its buffer waiting up to `waitMs` for the writer.
type Drainer = (waitMs: number) => Promise<void>;
const drainHolder = globalThis as unknown as { knowhubDrainers?: Set<Drainer>; knowhubDrainBackgroundWrites?: () => Promise<void> };
drainHolder.knowhubDrainers ??= new Set();
drainHolder.knowhubDrainBackgroundWrites ??= drainBackgroundWrites;

/** Writes `flush` runs before the server exits (each background buffer registers its own once). */
export function drainBeforeExit(flush: Drainer): void {
  drainHolder.knowhubDrainers!.add(flush);
}

/** Writes every background buffer now, if the writer is free; never throws. */
export async function drainBackgroundWrites(): Promise<void> {
  for (const flush of drainHolder.knowhubDrainers!) {
    try {
      await flush(BACKGROUND_TUNING.drainWaitMs);
    } catch (error) {
      console.error("writing buffered background entries before exit failed", error);
    }
  }
}

type State<T> = { buffer: T[]; timer: NodeJS.Timeout | null; retryMs: number; dropped: number; exitHook: boolean };

/** One batch per name per process, kept on globalThis: Next bundles route modules separately. */
export function backgroundBatch<T>(name: string, write: (entries: T[]) => Promise<void>, options: BackgroundBatchOptions): BackgroundBatch<T> {
  const holder = globalThis as unknown as { knowhubBatches?: Map<string, State<unknown>> };
  holder.knowhubBatches ??= new Map();
  let state = holder.knowhubBatches.get(name) as State<T> | undefined;
  if (!state) {
    state = { buffer: [], timer: null, retryMs: 0, dropped: 0, exitHook: false };
    holder.knowhubBatches.set(name, state as State<unknown>);
  }
  const s = state;

  const schedule = (ms: number) => {
    if (s.timer) return;
    s.timer = setTimeout(() => void flush(), ms);
    s.timer.unref?.();
  };

  async function flush(waitMs = 0): Promise<void> {
    if (s.timer) clearTimeout(s.timer);
    s.timer = null;
    const entries = s.buffer.splice(0);
    if (entries.length === 0) return;
    try {
      await transaction(() => write(entries), { waitMs });
    } catch (error) {
      // Remembered for /api/health when the database cannot take writes (read-only, full disk).
      if (noteDbTrouble(error) !== "busy") {
        console.error(`${name}: writing ${entries.length} entries failed`, error);
        return;
      }
      // Locked by another writer: keep them (the newest maxPending) and try again later.
      s.buffer.unshift(...entries);
      const excess = s.buffer.length - options.maxPending;
      if (excess > 0) {
        s.buffer.splice(0, excess);
        if (s.dropped === 0) console.error(`${name}: the database stayed locked; dropping the oldest entries beyond ${options.maxPending}`);
        s.dropped += excess;
      }
      s.retryMs = Math.min(BACKGROUND_TUNING.maxRetryMs, s.retryMs ? s.retryMs * 2 : BACKGROUND_TUNING.firstRetryMs);
      schedule(s.retryMs);
      return;
    }
    if (s.dropped > 0) console.error(`${name}: ${s.dropped} entries were dropped while the database was locked`);
    s.dropped = 0;
    s.retryMs = 0;
    clearDbTrouble();
    options.afterWrite?.();
  }

  if (!s.exitHook) {
    s.exitHook = true;
    // The last buffered entries are written when the process runs out of work (scripts, tests), or
    // when scripts/serve.mjs stops on a signal (drainBeforeExit); a crash may lose up to
    // flushAfterMs of them, never a submission.
    process.on("beforeExit", () => void flush());
    drainBeforeExit(flush);
  }

  return {
    add(entry) {
      s.buffer.push(entry);
      if (s.buffer.length >= options.maxBuffer && s.retryMs === 0) return flush();
      schedule(s.retryMs || options.flushAfterMs);
      return Promise.resolve();
    },
    flush,
    pending: () => s.buffer.length,
  };
}
