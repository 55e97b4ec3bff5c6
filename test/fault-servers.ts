// The harness of test/faults.test.ts: a PostgreSQL cluster the test controls (its own, not the
// shared one of test/pg-global-setup.ts: the restart fault stops and starts it), real production
// servers (scripts/serve.mjs on the built app, each on its own port and in its own process group)
// and an HTTP client that reports every answer with its status, Retry-After and time.
//
// Readiness is polled (/api/health, pg_ctl -w), never waited for with fixed sleeps; every server
// and the cluster are stopped at the end and on a failure (the caller's afterAll calls stopAll()).
import { spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findPgBinDir, withPgClient } from "../scripts/lib/pg-cluster";
import { startServer, type RunningServer } from "../scripts/lib/server";

export type Answer = {
  /** HTTP status; 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  retryAfter: string | null;
  json: any;
  /** When the request was sent and how long it took, ms (Date.now()). */
  sentAt: number;
  ms: number;
  /** The client-side failure when status is 0. */
  failure?: string;
};

/** A request that gets no answer in this long counts as a hang. */
export const HANG_MS = 30_000;

/** One request; never throws: a failure to get an answer is status 0 with the reason. */
export async function send(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const sentAt = Date.now();
  try {
    const response = await fetch(base + path, {
      method,
      headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(HANG_MS),
    });
    const text = await response.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON: kept as text for the assertion message
    }
    return { status: response.status, retryAfter: response.headers.get("retry-after"), json, sentAt, ms: Date.now() - sentAt };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { status: 0, retryAfter: null, json: null, sentAt, ms: Date.now() - sentAt, failure: cause?.code ?? (error as Error).name };
  }
}

/** A count per key, for printing figures. */
export function tally<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) out[key(item)] = (out[key(item)] ?? 0) + 1;
  return out;
}

/** Polls `condition` until it holds or `ms` passed; whether it held. */
export async function waitUntil(condition: () => boolean | Promise<boolean>, ms: number, pollMs = 50): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return condition();
}

export type FaultCluster = {
  /** The superuser URL of the cluster (database postgres). */
  adminUrl: string;
  /** A fresh database on it: its URL. */
  createDatabase(name: string): Promise<string>;
  /**
   * pg_ctl stop; `immediate` is a crash (no checkpoint: recovery replays the WAL on start).
   * Asynchronous, so that the test's own load keeps running meanwhile.
   */
  stop(mode: "fast" | "immediate"): Promise<void>;
  /** pg_ctl start on the same port and data; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops the cluster and removes its folder. */
  remove(): void;
};

const PG_START_TIMEOUT_S = 60;

/**
 * A PostgreSQL cluster of the test's own on `port` (initdb in a temporary folder, trust
 * authentication on 127.0.0.1, C.UTF-8): unlike the shared test cluster it keeps
 * synchronous_commit on, so that an acknowledged commit survives a crash (fsync stays off: the
 * machine does not lose power during a test, and the kernel keeps what was written).
 */
export function startFaultCluster(port: number): FaultCluster {
  const binDir = findPgBinDir();
  if (!binDir) throw new Error("PostgreSQL's server binaries are not installed (/usr/lib/postgresql/<version>/bin)");
  const stateDir = mkdtempSync(join(tmpdir(), "knowhub-faults-pg-"));
  const data = join(stateDir, "data");
  mkdirSync(data, { mode: 0o700 });
  const root = process.getuid?.() === 0;
  if (root) {
    const id = (flag: string) => Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout.trim());
    for (const dir of [stateDir, data]) chownSync(dir, id("-u"), id("-g"));
  }
  const command = (cmd: string, args: string[]): [string, string[]] =>
    root ? ["runuser", ["-u", "postgres", "--", join(binDir, cmd), ...args]] : [join(binDir, cmd), args];
  const options = { cwd: stateDir, env: { ...process.env, LC_ALL: "C.UTF-8" } };
  const log = join(stateDir, "server.log");
  const failed = (cmd: string, args: string[], status: number | null, output: string) =>
    new Error(`${cmd} ${args.join(" ")} failed (exit ${status}): ${`${output}${existsSync(log) ? readFileSync(log, "utf8") : ""}`.trim().slice(-2000)}`);
  const run = (cmd: string, args: string[]) => {
    const result = spawnSync(...command(cmd, args), { ...options, encoding: "utf8" });
    if (result.status !== 0) throw failed(cmd, args, result.status, `${result.stdout}${result.stderr}`);
  };
  const runAsync = (cmd: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(...command(cmd, args), { ...options, stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout.on("data", (d) => (output += d));
      child.stderr.on("data", (d) => (output += d));
      child.on("error", reject);
      child.on("exit", (status) => (status === 0 ? resolve() : reject(failed(cmd, args, status, output))));
    });
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync", "--no-instructions"]);
  const serverOptions = [`-p ${port}`, `-k ${stateDir}`, "-c listen_addresses=127.0.0.1", "-c fsync=off", "-c full_page_writes=off"].join(" ");
  const startArgs = ["-D", data, "-l", log, "-o", serverOptions, "-w", "-t", String(PG_START_TIMEOUT_S), "start"];
  try {
    run("pg_ctl", startArgs);
  } catch (error) {
    rmSync(stateDir, { recursive: true, force: true });
    throw error;
  }
  const adminUrl = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  return {
    adminUrl,
    async createDatabase(name) {
      await withPgClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
      return `postgresql://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop(mode) {
      await runAsync("pg_ctl", ["-D", data, "-m", mode, "-w", "stop"]);
    },
    async start() {
      await runAsync("pg_ctl", startArgs);
    },
    remove() {
      try {
        if (existsSync(join(data, "postmaster.pid"))) run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(stateDir, { recursive: true, force: true });
      }
    },
  };
}

export type FaultServer = RunningServer & {
  /** SIGKILL to the server's whole process group: no shutdown, requests in flight are cut. */
  kill(): void;
  /** What the server printed (its errors' stacks included), for a failing test's message. */
  log(): string;
};

/** Production servers (one process each) on `ports`, one database; resolves when every one is healthy. */
export async function startServers(ports: number[], databaseUrl: string, env: Record<string, string> = {}): Promise<FaultServer[]> {
  const logs = mkdtempSync(join(tmpdir(), "knowhub-faults-logs-"));
  const logFile = (port: number) => join(logs, `server-${port}.log`);
  let running = ports.length;
  // The logs go with the last of these servers.
  const stopped = () => {
    running -= 1;
    if (running === 0) rmSync(logs, { recursive: true, force: true });
  };
  const started = await Promise.allSettled(ports.map((port) => startServer({ port, databaseUrl, env, logFile: logFile(port) })));
  const servers = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const failed = started.find((s) => s.status === "rejected");
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(logs, { recursive: true, force: true });
    throw (failed as PromiseRejectedResult).reason;
  }
  return servers.map((server, i) => ({
    ...server,
    stop: async () => {
      await server.stop();
      stopped();
    },
    log: () => (existsSync(logFile(ports[i])) ? readFileSync(logFile(ports[i]), "utf8") : ""),
    kill: () => {
      try {
        process.kill(-server.pid, "SIGKILL");
      } catch {
        // already gone
      }
    },
  }));
}
