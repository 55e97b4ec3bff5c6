// HTTP measurements against the local server (127.0.0.1 only). Every loop is bounded by a request
// count, and the throughput run also by a deadline.
import { summarize, type Latency } from "./stats";

export type Query = { q: string; category: string };

export const searchPath = (q: Query) =>
  `/api/search?q=${encodeURIComponent(q.q)}${q.category ? `&category=${encodeURIComponent(q.category)}` : ""}`;

/** Fetches a path and reads the whole body; returns [status, ms to headers (TTFB), ms to last byte]. */
export async function timedGet(base: string, path: string): Promise<[number, number, number]> {
  const started = performance.now();
  const res = await fetch(base + path);
  const ttfb = performance.now() - started;
  await res.arrayBuffer();
  return [res.status, ttfb, performance.now() - started];
}

/** Sequential latency over `rounds` passes of the paths, after one warm-up pass. Non-2xx count as errors. */
export async function sequential(base: string, paths: string[], rounds: number): Promise<Latency & { errors: number; ttfb: Latency }> {
  let errors = 0;
  for (const path of paths) await timedGet(base, path);
  const total: number[] = [];
  const ttfb: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const path of paths) {
      const [status, first, all] = await timedGet(base, path);
      if (status < 200 || status >= 300) errors++;
      ttfb.push(first);
      total.push(all);
    }
  }
  return { ...summarize(total), errors, ttfb: summarize(ttfb) };
}

/** `clients` concurrent loops over the paths until `maxRequests` are done or `seconds` pass. */
export async function concurrent(
  base: string,
  paths: string[],
  clients: number,
  maxRequests: number,
  seconds: number,
): Promise<{ requests: number; errors: number; perSecond: number; latency: Latency }> {
  const deadline = performance.now() + seconds * 1000;
  const samples: number[] = [];
  let issued = 0;
  let errors = 0;
  const started = performance.now();
  const client = async (offset: number) => {
    for (let i = offset; issued < maxRequests && performance.now() < deadline; i++) {
      issued++;
      const [status, , all] = await timedGet(base, paths[i % paths.length]);
      if (status < 200 || status >= 300) errors++;
      samples.push(all);
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, c) => client(Math.floor((c * paths.length) / clients))));
  const elapsed = (performance.now() - started) / 1000;
  return { requests: samples.length, errors, perSecond: samples.length / elapsed, latency: summarize(samples) };
}
