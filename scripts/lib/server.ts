// Starts the production server (next start) on a port and database of the caller's choosing, for
// the eval, the browser tests and the benchmark. Builds first when the build is missing or stale.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import { join } from "node:path";
import { isBuildStale } from "./build-freshness.mjs";

const root = process.cwd();
const nextBin = join(root, "node_modules", ".bin", "next");

export function distDir(): string {
  return process.env.NEXT_DIST_DIR || ".next";
}

/** Builds the app into NEXT_DIST_DIR (default .next) unless an up-to-date build is already there. */
export function ensureBuild(force = false): void {
  if (!force && !isBuildStale(root, distDir())) return;
  const result = spawnSync(nextBin, ["build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error(`next build failed (exit ${result.status})`);
}

export type RunningServer = { url: string; pid: number; stop: () => Promise<void> };

/** Starts the production server (scripts/serve.mjs) in its own process group so that stop() ends it all. */
export async function startServer(opts: {
  port: number;
  databaseUrl: string;
  env?: Record<string, string>;
  /** Also append everything the server prints to this file (the browser tests read it back). */
  logFile?: string;
  /**
   * KNOWHUB_WORKERS: server processes (node:cluster), or "auto" for one per core as `npm start` runs.
   * Default 1: the eval and the browser tests want one process (half the memory, per-process state
   * as simple as it gets); the benchmark and the cluster test choose.
   */
  workers?: number | "auto";
}): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, [join(root, "scripts", "serve.mjs"), "-H", "127.0.0.1", "-p", String(opts.port)], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    // The eval, the browser tests and the benchmark load whole corpora through the API and measure
    // search at full speed from one address: rate limits off unless the caller asks for them.
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: "1",
      KNOWHUB_RATE_WRITE: "off",
      KNOWHUB_RATE_SEARCH: "off",
      KNOWHUB_WORKERS: String(opts.workers ?? 1),
      DATABASE_URL: opts.databaseUrl,
      ...opts.env,
    },
  });
  let output = "";
  const log = opts.logFile ? createWriteStream(opts.logFile, { flags: "a" }) : null;
  child.stdout?.on("data", (d) => {
    output += d;
    log?.write(d);
  });
  child.stderr?.on("data", (d) => {
    output += d;
    log?.write(d);
  });
  const url = `http://127.0.0.1:${opts.port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {
          // already gone
        }
        resolve();
      }, 5000);
      child.once("exit", () => {
        clearTimeout(timer);
        resolve();
      });
    });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return { url, pid: child.pid!, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`server did not become healthy within 60 s:\n${output}`);
}
