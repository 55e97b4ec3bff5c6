// HTTP measurements against the local server (127.0.0.1 only). Every loop is bounded by a request
// count, and the throughput run also by a deadline.
import { Agent, request } from "node:http";
import { summarize, type Latency } from "./stats";

export type Query = { q: string; category: string };

export const searchPath = (q: Query) =>
  `/api/search?q=${encodeURIComponent(q.q)}${q.category ? `&category=${encodeURIComponent(q.category)}` : ""}`;

// node:http with kept-alive sockets, sending no Accept-Encoding, as curl does: the client shares
// the two cores with the server, and fetch() costs it several times more CPU per request.
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** Fetches a path and reads the whole body; returns [status, ms to headers (TTFB), ms to last byte]. */
export function timedGet(base: string, path: string): Promise<[number, number, number]> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(base + path, { agent }, (res) => {
      const ttfb = performance.now() - started;
      res.on("data", () => {});
      res.on("end", () => resolve([res.statusCode ?? 0, ttfb, performance.now() - started]));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * Sequential latency over `rounds` passes of the paths, after one warm-up pass (`first`: what each
 * path cost the first time the server saw it). Non-2xx count as errors.
 */
export async function sequential(base: string, paths: string[], rounds: number): Promise<Latency & { errors: number; ttfb: Latency; first: Latency }> {
  let errors = 0;
  const first: number[] = [];
  for (const path of paths) first.push((await timedGet(base, path))[2]);
  const total: number[] = [];
  const ttfb: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const path of paths) {
      const [status, head, all] = await timedGet(base, path);
      if (status < 200 || status >= 300) errors++;
      ttfb.push(head);
      total.push(all);
    }
  }
  return { ...summarize(total), errors, ttfb: summarize(ttfb), first: summarize(first) };
}

/**
 * `clients` concurrent loops over the paths until `maxRequests` are done or `seconds` pass. Given
 * several bases (servers), client c sends to base c mod n: the load spread evenly over them.
 */
export async function concurrent(
  base: string | string[],
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
  const bases = typeof base === "string" ? [base] : base;
  const client = async (offset: number, target: string) => {
    for (let i = offset; issued < maxRequests && performance.now() < deadline; i++) {
      issued++;
      const [status, , all] = await timedGet(target, paths[i % paths.length]);
      if (status < 200 || status >= 300) errors++;
      samples.push(all);
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, c) => client(Math.floor((c * paths.length) / clients), bases[c % bases.length])));
  const elapsed = (performance.now() - started) / 1000;
  return { requests: samples.length, errors, perSecond: samples.length / elapsed, latency: summarize(samples) };
}
