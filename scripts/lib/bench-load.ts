// Throughput runs for the benchmark, with where the CPU went: the server's process group (primary
// and workers, from /proc) and this process (the load generator shares the cores), and what the
// server itself logged for each search (search_logs.latency_ms: the in-server search time, with an
// answer from the cache taking a few microseconds).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import Database from "better-sqlite3";
import { concurrent } from "./bench/http-load";
import { summarize, type Latency } from "./bench/stats";

// A search answered from the result cache costs a map lookup and one generation read (tens of µs);
// one that is searched costs a query plan and FTS reads (a few ms, rarely below half a ms).
export const CACHE_HIT_BELOW_MS = 0.2;

let ticksPerSecond = 0;
function clockTicks(): number {
  if (!ticksPerSecond) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** CPU time (user + system, ms) used so far by the live processes of a process group. */
export function groupCpuMs(pgid: number): number {
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // After the name: state(0) ppid(1) pgrp(2) ... utime(11) stime(12).
      if (Number(fields[2]) !== pgid) continue;
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // ended while we looked
    }
  }
  return (ticks * 1000) / clockTicks();
}

export type Throughput = {
  requests: number;
  errors: number;
  perSecond: number;
  latency: Latency;
  /** Server CPU (all its processes) per request, ms. */
  serverCpuMs: number;
  /** The load generator's CPU per request, ms. */
  clientCpuMs: number;
};

/**
 * `clients` concurrent kept-alive clients over `paths` for `seconds`, after `warmSeconds` of the
 * same over the paths in reverse order (every worker loads its code and warms its caches);
 * `afterWarm` runs between the two. Several servers (bases, with their process groups): the
 * clients are spread over them and the server CPU is theirs together.
 */
export async function throughput(
  base: string | string[],
  pgid: number | number[],
  paths: string[],
  clients: number,
  seconds: number,
  opts: { warmSeconds?: number; afterWarm?: () => void } = {},
): Promise<Throughput> {
  const warmSeconds = opts.warmSeconds ?? 2;
  if (warmSeconds > 0) await concurrent(base, paths.slice().reverse(), clients, 1_000_000, warmSeconds);
  // Let the warm-up's search log be written before the measured run starts.
  await new Promise((r) => setTimeout(r, 700));
  opts.afterWarm?.();
  const groups = typeof pgid === "number" ? [pgid] : pgid;
  const serverCpuMs = () => groups.reduce((sum, group) => sum + groupCpuMs(group), 0);
  const cpu0 = serverCpuMs();
  const own0 = process.cpuUsage();
  const run = await concurrent(base, paths, clients, 1_000_000, seconds);
  const own = process.cpuUsage(own0);
  const serverCpu = serverCpuMs() - cpu0;
  return {
    ...run,
    serverCpuMs: serverCpu / Math.max(1, run.requests),
    clientCpuMs: (own.user + own.system) / 1000 / Math.max(1, run.requests),
  };
}

/** The id of the newest search-log row (0 for none): what a run's rows come after. */
export function lastSearchLogId(dbPath: string): number {
  const db = new Database(dbPath, { readonly: true, timeout: 10_000 });
  try {
    return (db.prepare(/* sql */ `SELECT coalesce(max(id), 0) AS id FROM search_logs`).get() as { id: number }).id;
  } finally {
    db.close();
  }
}

export type ServerSearches = { n: number; meanMs: number; hitRate: number; searched: Latency & { mean: number } };

/**
 * What the server logged for the searches after row `afterId` (its buffer is written 0.5 s after a
 * search, so wait that long after a run): mean in-server time, and the share answered from the
 * cache (under CACHE_HIT_BELOW_MS), with the figures of the ones that were searched.
 */
export async function serverSearchesSince(dbPath: string, afterId: number): Promise<ServerSearches> {
  await new Promise((r) => setTimeout(r, 800));
  const db = new Database(dbPath, { readonly: true, timeout: 10_000 });
  try {
    const rows = db.prepare(/* sql */ `SELECT latency_ms AS ms FROM search_logs WHERE id > ?`).all(afterId) as { ms: number }[];
    const all = rows.map((r) => r.ms);
    const searched = all.filter((ms) => ms >= CACHE_HIT_BELOW_MS);
    const mean = (list: number[]) => (list.length ? list.reduce((a, b) => a + b, 0) / list.length : NaN);
    return {
      n: all.length,
      meanMs: mean(all),
      hitRate: all.length ? (all.length - searched.length) / all.length : NaN,
      searched: { ...summarize(searched), mean: mean(searched) },
    };
  } finally {
    db.close();
  }
}
