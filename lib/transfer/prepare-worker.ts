// Worker-thread side of the prepare pool: text analysis (Intl.Segmenter) dominates an import's CPU
// time, so it runs here, off the thread that writes to SQLite.
import { parentPort } from "node:worker_threads";
import { prepareLines } from "./prepare-record";

export type PrepareRequest = { id: number; lines: string[]; firstLine: number; now: string; keys: [string, string][] };

parentPort?.on("message", (request: PrepareRequest) => {
  try {
    // The target hub's keys come with every batch: a handful of entries, cheaper than keeping state.
    const keys = new Map(request.keys);
    parentPort!.postMessage({ id: request.id, results: prepareLines(request.lines, request.firstLine, request.now, keys) });
  } catch (error) {
    parentPort!.postMessage({ id: request.id, error: String((error as Error)?.stack ?? error) });
  }
});
