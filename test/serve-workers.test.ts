// scripts/serve.mjs with several workers (node:cluster), for real: a production build, a temp
// database, requests over fresh connections (so that the primary deals them to every worker in turn).
// Every worker sees every write, cached answers included; rate limits are exact across the workers
// (the primary holds the buckets); a crashed worker comes back; SIGTERM to the primary leaves no process behind; a
// server whose workers cannot start exits 1.
import Database from "better-sqlite3";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkSettings } from "@/lib/config/check-settings";
import { startServer, type RunningServer } from "../scripts/lib/server";
import { experienceInput } from "./factories";
import { buildForServers } from "./production-build";

const PORT = 3641;
const LIMITED_PORT = 3642;

type Reply = { status: number; json: any };

/**
 * One request on a connection of its own (Connection: close), so that each may reach another
 * worker; or on `agent`'s connections (a kept-alive one stays with one worker).
 */
function send(base: string, method: string, path: string, body?: unknown, timeoutMs = 60_000, agent: Agent | false = false): Promise<Reply> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      base + path,
      { method, agent, headers: payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {} },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => {
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = text;
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer to ${method} ${path} within ${timeoutMs / 1000} s`)));
    req.end(payload);
  });
}

/**
 * A GET as a client that retries would send it: a connection node:cluster's primary deals to a
 * worker in the instant that worker dies is never answered (a Node limitation), so clients time out
 * and retry. At most one such loss per crash: the third try must be answered.
 */
async function getWithRetry(url: string, path: string): Promise<Reply> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send(url, "GET", path, undefined, 10_000);
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** The processes of a process group (the server's primary and its workers), from /proc. */
function groupPids(pgid: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // fields[0] is the state: a zombie has ended, it only waits to be reaped.
      if (Number(fields[2]) === pgid && fields[0] !== "Z") pids.push(Number(entry));
    } catch {
      // ended while we looked
    }
  }
  return pids;
}

async function waitFor(condition: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return condition();
}

const search = (base: string, q: string) => send(base, "GET", `/api/search?q=${encodeURIComponent(q)}`);
const found = (reply: Reply, name: string) => reply.status === 200 && reply.json.results.some((r: { name: string }) => r.name === name);

describe("KNOWHUB_WORKERS", () => {
  it("refuses a bad KNOWHUB_WORKERS before starting", () => {
    for (const bad of ["0", "two", "65", "-1"]) expect(checkSettings({ KNOWHUB_WORKERS: bad }).problems.join("\n")).toMatch(/KNOWHUB_WORKERS/);
    for (const good of [undefined, "", "auto", "1", "2"]) expect(checkSettings({ KNOWHUB_WORKERS: good }).problems).toEqual([]);
  });
});

describe("serve.mjs with KNOWHUB_WORKERS=2", () => {
  const dir = mkdtempSync(join(tmpdir(), "knowhub-workers-"));
  let server: RunningServer | null = null;

  beforeAll(async () => {
    await buildForServers();
    server = await startServer({ port: PORT, databaseUrl: `file:${join(dir, "workers.db")}`, workers: 2 });
  }, 900_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("runs a primary and two workers", () => {
    expect(groupPids(server!.pid).length).toBe(3);
  });

  it("every worker finds a write at once, even with the answer cached before it", async () => {
    const base = server!.url;
    const query = "zorblaxian quarkle spreadsheet conversion";
    // Both workers answer (and cache) "nothing yet" first.
    for (let i = 0; i < 8; i++) {
      const reply = await search(base, query);
      expect(reply.status).toBe(200);
      expect(found(reply, "zorblax-converter")).toBe(false);
    }
    const write = await send(base, "POST", "/api/experience", experienceInput({
      name: "zorblax-converter",
      url: "https://github.com/example/zorblax-converter",
      task: "Convert zorblaxian spreadsheets into quarkle reports",
      outcome: "Spreadsheet conversion worked on every zorblaxian file we tried.",
      tips: "Pass --quarkle to keep the formulas.",
    }));
    expect(write.status).toBe(201);
    const replies = await Promise.all(Array.from({ length: 24 }, () => search(base, query)));
    for (const reply of replies) expect(found(reply, "zorblax-converter")).toBe(true);
    for (let i = 0; i < 8; i++) expect(found(await search(base, query), "zorblax-converter")).toBe(true);
  });

  it("restarts a worker that crashes, and keeps serving meanwhile", async () => {
    const [worker] = groupPids(server!.pid).filter((pid) => pid !== server!.pid);
    process.kill(worker, "SIGKILL");
    // Once the primary has seen the crash (and reaped the worker), the other worker takes every
    // connection, and the replacement those dealt to it once it is up. (A connection the primary
    // hands to a worker in the instant it dies is lost: node:cluster's round-robin never gets it back.)
    expect(await waitFor(() => !groupPids(server!.pid).includes(worker), 10_000)).toBe(true);
    for (let i = 0; i < 4; i++) expect((await getWithRetry(server!.url, "/api/health")).status).toBe(200);
    expect(await waitFor(() => groupPids(server!.pid).length === 3, 30_000)).toBe(true);
    for (let i = 0; i < 6; i++) expect((await getWithRetry(server!.url, "/api/health")).status).toBe(200);
  }, 180_000);

  it("SIGTERM to the primary stops every worker: no process is left behind, no buffered search log lost", async () => {
    const pid = server!.pid;
    expect(groupPids(pid).length).toBe(3);
    // Searches logged just before the signal are still in the workers' buffers (written every 500 ms).
    const query = "drained before exit quarkle";
    for (const reply of await Promise.all(Array.from({ length: 10 }, () => search(server!.url, query)))) expect(reply.status).toBe(200);
    process.kill(pid, "SIGTERM");
    expect(await waitFor(() => groupPids(pid).length === 0, 20_000)).toBe(true);
    server = null;
    const file = new Database(join(dir, "workers.db"), { readonly: true });
    try {
      expect(file.prepare(`SELECT count(*) AS n FROM search_logs WHERE query = ?`).get(query)).toEqual({ n: 10 });
    } finally {
      file.close();
    }
  }, 30_000);
});

describe("a rate limit with KNOWHUB_WORKERS=2", () => {
  const dir = mkdtempSync(join(tmpdir(), "knowhub-workers-rate-"));
  let server: RunningServer | null = null;

  beforeAll(async () => {
    await buildForServers();
    server = await startServer({
      port: LIMITED_PORT,
      databaseUrl: `file:${join(dir, "limited.db")}`,
      workers: 2,
      env: { KNOWHUB_RATE_WRITE: "60/min" },
    });
  }, 900_000);

  afterAll(async () => {
    await server?.stop();
  });

  const write = (i: number, agent: Agent | false) =>
    send(server!.url, "POST", "/api/experience", experienceInput({ task: `Extract tables from scanned invoice batch number ${i}` }), 60_000, agent);

  // Accepted writes past the 60 a full bucket holds: one token comes back every second, so a burst
  // that took s seconds may get up to s more (and one for the second it started in).
  function expectAbout60(statuses: number[], seconds: number) {
    expect(statuses.filter((s) => s !== 201 && s !== 429)).toEqual([]);
    const accepted = statuses.filter((s) => s === 201).length;
    expect(accepted).toBeGreaterThanOrEqual(60);
    expect(accepted).toBeLessThanOrEqual(61 + Math.floor(seconds));
    return accepted;
  }

  it("is exact across the workers: 100 quick writes from one address over separate connections, 60 accepted (+1)", async () => {
    const started = performance.now();
    const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => write(i, false)));
    const seconds = (performance.now() - started) / 1000;
    for (const reply of replies) if (reply.status === 429) expect(reply.json.error.code).toBe("rate_limited");
    const accepted = expectAbout60(replies.map((r) => r.status), seconds);
    console.log(`workers=2, 60/min: ${accepted} of 100 concurrent writes accepted in ${seconds.toFixed(2)} s`);
  }, 120_000);

  it("gives one kept-alive connection (one worker) the whole limit, not half of it", async () => {
    // Another address (all of 127/8 is this machine), so another bucket.
    const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: "127.0.0.2" });
    try {
      const started = performance.now();
      const statuses: number[] = [];
      for (let i = 0; i < 100; i++) statuses.push((await write(1000 + i, agent)).status);
      const seconds = (performance.now() - started) / 1000;
      const accepted = expectAbout60(statuses, seconds);
      console.log(`workers=2, 60/min: ${accepted} of 100 writes on one connection accepted in ${seconds.toFixed(2)} s`);
    } finally {
      agent.destroy();
    }
  }, 120_000);
});

describe("serve.mjs whose workers cannot start", () => {
  it("exits 1 when the port is taken", async () => {
    const dir = mkdtempSync(join(tmpdir(), "knowhub-workers-fail-"));
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(3643, "127.0.0.1", resolve));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, KNOWHUB_WORKERS: "2", DATABASE_URL: `file:${join(dir, "x.db")}` };
      env.NEXT_DIST_DIR ||= ".next-bench";
      const result = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
        // Asynchronous: the port's holder lives in this process and must keep answering.
        const child = spawn(process.execPath, ["scripts/serve.mjs", "-H", "127.0.0.1", "-p", "3643"], { env, stdio: ["ignore", "ignore", "pipe"] });
        let stderr = "";
        child.stderr.on("data", (d) => (stderr += d));
        const timer = setTimeout(() => child.kill("SIGKILL"), 90_000);
        child.on("exit", (status) => {
          clearTimeout(timer);
          resolve({ status, stderr });
        });
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain("already in use");
      expect(result.stderr).toContain("could not start");
    } finally {
      blocker.close();
    }
  }, 120_000);

  it("refuses a bad KNOWHUB_WORKERS on the command line too", () => {
    const env: NodeJS.ProcessEnv = { ...process.env, KNOWHUB_WORKERS: "lots", DATABASE_URL: "file:/nonexistent/never.db" };
    delete env.KNOWHUB_SETTINGS_CHECKED;
    const result = spawnSync(process.execPath, ["scripts/serve.mjs", "-H", "127.0.0.1", "-p", "3644"], { env, encoding: "utf8", timeout: 60_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("KNOWHUB_WORKERS");
  });
});
