// Prepares batches of lines either in-process (workers = 0: tests, small files) or on worker threads.
// Batches come back as promises; the caller awaits them in submission order, so line order (and
// therefore "first one wins" for duplicates and revision order) is preserved.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { prepareLines, type KnownKeys, type Prepared } from "./prepare-record";
import type { PrepareRequest } from "./prepare-worker";

export type Preparer = {
  prepare(lines: string[], firstLine: number): Promise<Prepared[]>;
  close(): Promise<void>;
};

/** `keys`: the target hub's keys (id -> label), the only ones a line may claim. */
export function createPreparer(workers: number, now: string, keys: KnownKeys = new Map()): Preparer {
  if (workers <= 0) {
    return { prepare: async (lines, firstLine) => prepareLines(lines, firstLine, now, keys), close: async () => {} };
  }
  const knownKeys = [...keys];
  const pool = Array.from({ length: workers }, () => spawnWorker());
  const pending = new Map<number, { resolve: (r: Prepared[]) => void; reject: (e: Error) => void }>();
  for (const worker of pool) {
    worker.on("message", (m: { id: number; results?: Prepared[]; error?: string }) => {
      const waiter = pending.get(m.id);
      pending.delete(m.id);
      if (m.error !== undefined) waiter?.reject(new Error(`prepare worker failed: ${m.error}`));
      else waiter?.resolve(m.results!);
    });
    worker.on("error", (error) => {
      for (const waiter of pending.values()) waiter.reject(error);
      pending.clear();
    });
  }
  let next = 0;
  return {
    prepare(lines, firstLine) {
      const id = next++;
      const request: PrepareRequest = { id, lines, firstLine, now, keys: knownKeys };
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        pool[id % pool.length].postMessage(request);
      });
    },
    async close() {
      await Promise.all(pool.map((w) => w.terminate()));
    },
  };
}

// Under tsx the worker is TypeScript source and needs tsx's require hook inside the thread too
// (workers do not inherit the --import loader on Node 20); compiled builds load the .js file.
function spawnWorker(): Worker {
  const ts = join(__dirname, "prepare-worker.ts");
  const file = existsSync(ts) ? ts : join(__dirname, "prepare-worker.js");
  const code = `${file.endsWith(".ts") ? 'require("tsx/cjs");' : ""} require(${JSON.stringify(file)});`;
  return new Worker(code, { eval: true, execArgv: [] });
}
