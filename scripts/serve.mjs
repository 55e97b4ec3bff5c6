// The production server: the built app, as `next start` serves it, plus one thing `next start`
// cannot do: tell the app who is calling. Next keeps a client-supplied X-Forwarded-For (it only
// fills it in when absent), so any client could pose as any address through it. This server sets
// x-knowhub-peer on every request, overwriting whatever the client sent, to the socket's peer
// address; lib/limits/client-address.ts reads that header and nothing else.
//
// Behind a reverse proxy every request comes from the proxy. KNOWHUB_TRUST_PROXY lists the proxies
// (addresses, comma-separated, and/or `loopback`); for a request from one of them the client is the
// rightmost X-Forwarded-For entry that is not itself a trusted proxy: entries further left were
// written by the client and prove nothing.
//
//   node scripts/serve.mjs [-H host] [-p port]     (HOST, PORT; defaults 127.0.0.1:3000)
//
// NEXT_DIST_DIR selects the build (next.config.ts reads it).
//
// KNOWHUB_WORKERS (default: one per core) serves with that many processes (node:cluster) on one
// port: a request costs a few ms of CPU, which one process spends on one core, and SQLite in WAL mode
// lets several processes read at once. With 1 this is a single process, as before, and the database
// is migrated on first use. With more, this process (the primary) migrates the database once, forks
// the workers (each one the single-process server below, peer header and all), restarts a worker
// that crashes (with backoff; it gives up and exits 1 after MAX_RESTARTS crashes in RESTART_WINDOW_MS),
// exits 1 if a worker cannot start, and on SIGINT/SIGTERM stops every worker before it exits. The
// kernel hands each new connection to the workers in turn (round-robin): a kept-alive connection
// stays with its worker. Rate limits stay exact: on SQLite the primary holds every worker's buckets
// and answers each hit over the cluster channel (KNOWHUB_RATE_BUCKETS=primary, see
// lib/limits/rate-limit.ts); on PostgreSQL every process draws on the database's table.
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import { createServer } from "node:http";
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createTokenBuckets, MAX_BUCKETS, TAKE_MESSAGE, TAKEN_MESSAGE } from "../lib/limits/token-buckets.mjs";

const PEER_HEADER = "x-knowhub-peer";
// A signal this soon after the first is the same Ctrl-C forwarded by a parent, not a second one.
const SIGNAL_ECHO_MS = 1000;
// In-flight requests get this long to finish after SIGINT/SIGTERM before connections are cut.
const SHUTDOWN_GRACE_MS = 10_000;
// Workers: at most this many; a crashed one is restarted after a backoff that doubles from
// RESTART_BACKOFF_MS up to RESTART_BACKOFF_MAX_MS; more than MAX_RESTARTS crashes within
// RESTART_WINDOW_MS and the server gives up (exit 1) rather than crash-loop.
const WORKERS_ENV = "KNOWHUB_WORKERS";
const MAX_WORKERS = 64;
const RESTART_BACKOFF_MS = 500;
const RESTART_BACKOFF_MAX_MS = 30_000;
const RESTART_WINDOW_MS = 60_000;
const MAX_RESTARTS = 5;
// Set for each worker: the primary holds the rate-limit buckets (lib/limits/rate-limit.ts).
const RATE_BUCKETS_ENV = "KNOWHUB_RATE_BUCKETS";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

function fail(message) {
  console.error(`serve: ${message}`);
  process.exit(1);
}

function parseArgs(argv) {
  const options = { host: process.env.HOST || "127.0.0.1", port: process.env.PORT || "3000" };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => inline ?? argv[++i] ?? fail(`${flag} needs a value`);
    if (flag === "-H" || flag === "--hostname") options.host = value() || fail(`${flag} needs an address (an empty one would bind every interface)`);
    else if (flag === "-p" || flag === "--port") options.port = value();
    else fail(`unknown argument ${JSON.stringify(argv[i])}; usage: node scripts/serve.mjs [-H host] [-p port]`);
  }
  const port = Number(options.port);
  if (!/^\d+$/.test(String(options.port)) || port > 65535) fail(`port ${JSON.stringify(options.port)} is not a port number (0-65535)`);
  return { host: options.host, port };
}

/** KNOWHUB_WORKERS: unset or blank = 1 (rate limits exact); `auto` = one per core; otherwise a whole number 1-64. Mirrors lib/config/check-settings.ts. */
function readWorkers(setting) {
  const text = (setting ?? "").trim();
  if (text === "") return 1;
  if (text.toLowerCase() === "auto") return Math.min(MAX_WORKERS, availableParallelism());
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_WORKERS) {
    fail(`${WORKERS_ENV}=${JSON.stringify(setting)} is not valid: use a whole number from 1 to ${MAX_WORKERS}, or "auto" (one per core)`);
  }
  return n;
}

// One spelling per address: IPv4-mapped IPv6 (what a dual-stack socket reports) as IPv4, no zone,
// no brackets. Mirrors normalizeAddress in lib/limits/client-address.ts (this file cannot import TS).
function normalizeAddress(value) {
  if (typeof value !== "string") return null;
  let address = value.trim().toLowerCase();
  if (address.startsWith("[") && address.endsWith("]")) address = address.slice(1, -1);
  const zone = address.indexOf("%");
  if (zone >= 0) address = address.slice(0, zone);
  const kind = isIP(address);
  if (kind === 4) return address;
  if (kind !== 6) return null;
  const mapped = /^(?:0{1,4}:){5}ffff:(\d+\.\d+\.\d+\.\d+)$|^::(?:0{1,4}:)?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  return mapped ? (mapped[1] ?? mapped[2]) : address;
}

// An X-Forwarded-For entry may carry a port ("203.0.113.7:51234", "[2001:db8::1]:443").
function forwardedAddress(entry) {
  const text = entry.trim();
  const direct = normalizeAddress(text);
  if (direct) return direct;
  const bracketed = /^\[([^\]]+)\]:\d+$/.exec(text);
  if (bracketed) return normalizeAddress(bracketed[1]);
  const v4port = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(text);
  return v4port ? normalizeAddress(v4port[1]) : null;
}

function isLoopback(address) {
  return address === "::1" || /^127\./.test(address);
}

/** null when unset: no proxy is trusted, the peer is the client. */
function readTrustedProxies(setting) {
  if (setting === undefined || setting.trim() === "") return null;
  let loopback = false;
  const addresses = new Set();
  for (const part of setting.split(",")) {
    const entry = part.trim();
    if (entry === "") continue;
    if (entry.toLowerCase() === "loopback") loopback = true;
    else {
      const address = normalizeAddress(entry);
      if (!address) {
        fail(
          `KNOWHUB_TRUST_PROXY=${JSON.stringify(setting)}: ${JSON.stringify(entry)} is not an IP address; ` +
            `use a comma-separated list of proxy addresses and/or "loopback"`,
        );
      }
      addresses.add(address);
    }
  }
  return (address) => (loopback && isLoopback(address)) || addresses.has(address);
}

/** The caller's address: the peer, or behind trusted proxies the first untrusted hop from the right. */
function clientAddressOf(req, isTrustedProxy) {
  const peer = normalizeAddress(req.socket.remoteAddress);
  if (!peer || !isTrustedProxy || !isTrustedProxy(peer)) return peer;
  const header = req.headers["x-forwarded-for"];
  if (!header) return peer;
  const hops = (Array.isArray(header) ? header.join(",") : header).split(",");
  let leftmost = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = forwardedAddress(hops[i]);
    // A trusted proxy wrote garbage, or the chain is broken: the last trustworthy address is the
    // one before it, never anything further left.
    if (!hop) return leftmost;
    if (!isTrustedProxy(hop)) return hop;
    leftmost = hop;
  }
  // Every hop is a trusted proxy: the request started at the leftmost of them.
  return leftmost;
}

// The same start-up check as `npm start` (lib/config/check-settings.ts: a public bind never opens
// writes silently), for whoever runs this server directly; npm start has run it already.
function checkSettingsOnce() {
  if (process.env.KNOWHUB_SETTINGS_CHECKED === "1") return;
  const result = spawnSync(join(root, "node_modules", ".bin", "tsx"), [join(root, "scripts", "check-settings.ts")], {
    stdio: "inherit",
    env: process.env,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  process.env.KNOWHUB_SETTINGS_CHECKED = "1";
}

// What `npm start` has done already (scripts/start.mjs sets KNOWHUB_MIGRATED): migrate the database,
// and analyze its experiences again after an analyzer change, once, before any worker opens it.
function migrateOnce() {
  if (process.env.KNOWHUB_MIGRATED === "1") return;
  const result = spawnSync(join(root, "node_modules", ".bin", "tsx"), [join(root, "scripts", "migrate.ts")], {
    stdio: "inherit",
    env: process.env,
  });
  if (result.status !== 0) fail(`the database could not be migrated (exit ${result.status ?? result.signal})`);
  process.env.KNOWHUB_MIGRATED = "1";
}

async function main() {
  if (cluster.isWorker) return serve(parseArgs(process.argv.slice(2)), { worker: true });
  const { host, port } = parseArgs(process.argv.slice(2));
  readTrustedProxies(process.env.KNOWHUB_TRUST_PROXY); // refused here, before anything starts
  // The app's Host check (proxy.ts) decides by the address actually bound, whichever way it was given.
  process.env.HOST = host;
  checkSettingsOnce();
  const workers = readWorkers(process.env[WORKERS_ENV]);
  // What `next start` does through its launcher; the build is a production build.
  process.env.NODE_ENV ||= "production";
  process.env.NEXT_TELEMETRY_DISABLED ||= "1";
  if (workers === 1) {
    // One process holds its buckets itself, whatever the environment says.
    delete process.env[RATE_BUCKETS_ENV];
    return serve({ host, port }, { worker: false });
  }
  migrateOnce();
  runPrimary({ host, port, workers });
}

/** The server itself: the whole of it with one process, or one worker of several. */
async function serve({ host, port }, { worker }) {
  const isTrustedProxy = readTrustedProxies(process.env.KNOWHUB_TRUST_PROXY);
  process.env.HOST = host;

  const { default: next } = await import("next");
  let handle = null;
  let closing = false;
  let markReady;
  const ready = new Promise((resolve) => (markReady = resolve));

  const server = createServer((req, res) => {
    const client = clientAddressOf(req, isTrustedProxy);
    // Always overwritten, never passed on from the client.
    if (client) req.headers[PEER_HEADER] = client;
    else delete req.headers[PEER_HEADER];
    if (closing) res.setHeader("connection", "close");
    if (handle) dispatch(req, res);
    else ready.then(() => dispatch(req, res));
  });

  function dispatch(req, res) {
    handle(req, res).catch((error) => {
      console.error(`Failed to handle request for ${req.url}`, error);
      if (!res.headersSent) {
        res.statusCode = 500;
        res.end("Internal Server Error");
      } else res.destroy();
    });
  }

  const app = next({ dev: false, hostname: host, port, dir: root, httpServer: server });

  const listen = () =>
    new Promise((resolve) => {
      const refuse = (error) => {
        if (error.code === "EADDRINUSE") fail(`port ${port} on ${host} is already in use: stop the other server, or choose another port (PORT=... or -p ...)`);
        if (error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND") fail(`cannot listen on ${host}: no such local address (HOST=... or -H ...)`);
        if (error.code === "EACCES") fail(`no permission to listen on ${host}:${port}`);
        fail(`cannot listen on ${host}:${port}: ${error.message}`);
      };
      server.once("error", refuse);
      server.listen(port, host, () => {
        server.off("error", refuse);
        server.on("error", (error) => console.error("server error", error));
        const actualPort = server.address().port;
        const url = `http://${host.includes(":") ? `[${host}]` : host}:${actualPort}`;
        // `next start` publishes both; Next reads the origin for server-action redirects.
        process.env.PORT = String(actualPort);
        process.env.__NEXT_PRIVATE_ORIGIN = url;
        resolve(url);
      });
    });
  const prepare = async () => {
    try {
      await app.prepare();
    } catch (error) {
      console.error(error);
      fail(`the app could not start (is there a build in ${process.env.NEXT_DIST_DIR || ".next"}? run: next build)`);
    }
  };
  let url;
  if (worker) {
    // A worker listens once it is ready: its listen is what makes the primary deal it connections,
    // and a worker restarted after a crash must not keep them waiting while the others could answer.
    await prepare();
    url = await listen();
  } else {
    // Listen before preparing (as `next start` does): a taken port is reported at once, and
    // requests that arrive while the app loads wait for it.
    url = await listen();
    await prepare();
  }
  handle = app.getRequestHandler();
  markReady();
  if (worker) process.send({ type: "knowhub:ready", url });
  else console.log(`KnowHub serving ${url} (build: ${process.env.NEXT_DIST_DIR || ".next"}${isTrustedProxy ? `, trusted proxies: ${process.env.KNOWHUB_TRUST_PROXY}` : ""})`);

  let closingAt = 0;
  const shutdown = (signal) => {
    const code = signal === "SIGINT" ? 130 : 143;
    if (closing) {
      // A second signal: stop waiting. A worker gets every signal twice (Ctrl-C or a kill of the
      // process group reaches it and its primary, which passes it on), so for a worker only the
      // primary says when to stop waiting (knowhub:force).
      if (!worker && Date.now() - closingAt >= SIGNAL_ECHO_MS) process.exit(code);
      return;
    }
    closing = true;
    closingAt = Date.now();
    // Stop accepting; finish what is in flight. Keep-alive connections are closed as soon as they
    // are idle (Node closes only the ones idle at close() time; a busy one would otherwise linger
    // for its keep-alive timeout after its last response), and new responses say Connection: close.
    const force = setTimeout(() => {
      console.error(`serve: requests still running after ${SHUTDOWN_GRACE_MS / 1000} s; closing their connections`);
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      await app.close().catch((error) => console.error(error));
      // The app's buffered background writes (search logs, content misses, key use: lib/db-background.ts)
      // go now: process.exit runs no 'beforeExit' handler, so they would be lost.
      await globalThis.knowhubDrainBackgroundWrites?.().catch((error) => console.error(error));
      process.exit(code);
    });
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 50).unref();
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
  if (worker) {
    process.on("message", (message) => {
      if (message?.type === "knowhub:stop") shutdown(message.signal);
      // Forced: no waiting, not even for the buffered search log.
      else if (message?.type === "knowhub:force") process.exit(message.signal === "SIGINT" ? 130 : 143);
    });
    // If the primary is gone (killed outright), Node's cluster ends this worker on its own.
  }
}

/** The primary of several workers: starts them, restarts a crashed one, stops them all. */
function runPrimary({ host, port, workers }) {
  const live = new Map(); // worker id -> { slot, ready }
  const restartTimers = new Set();
  const crashes = [];
  let started = false;
  let stopping = false;
  let exitCode = 0;
  let servingUrl = null;

  const fork = (slot) => {
    const worker = cluster.fork({ [RATE_BUCKETS_ENV]: "primary" });
    live.set(worker.id, { slot, ready: false });
    worker.on("message", (message) => {
      if (message?.type !== "knowhub:ready") return;
      const entry = live.get(worker.id);
      if (entry) entry.ready = true;
      servingUrl = message.url;
      if (!started && [...live.values()].filter((w) => w.ready).length === workers) {
        started = true;
        console.log(`KnowHub serving ${servingUrl} (build: ${process.env.NEXT_DIST_DIR || ".next"}, ${workers} workers${process.env.KNOWHUB_TRUST_PROXY ? `, trusted proxies: ${process.env.KNOWHUB_TRUST_PROXY}` : ""})`);
      } else if (started) console.log(`serve: worker ${slot} serving again (pid ${worker.process.pid})`);
    });
  };

  const finishIfDone = () => {
    if (stopping && live.size === 0) process.exit(exitCode);
  };

  // Stops every worker: asks them to finish what is in flight, and kills whatever is left after the
  // grace period (plus a little), so that no worker outlives the primary.
  const stopAll = (signal, code) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const timer of restartTimers) clearTimeout(timer);
    restartTimers.clear();
    // Both the message and the signal: a worker that is still starting has no handler yet, and the
    // signal ends it; a serving one starts its graceful shutdown on whichever comes first.
    for (const worker of Object.values(cluster.workers)) {
      try {
        worker.send({ type: "knowhub:stop", signal });
      } catch {
        // its channel is closed: the signal still reaches it
      }
      worker.process.kill(signal);
    }
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers)) worker.process.kill("SIGKILL");
    }, SHUTDOWN_GRACE_MS + 2_000).unref();
    finishIfDone();
  };

  cluster.on("exit", (worker, code, signal) => {
    const entry = live.get(worker.id);
    live.delete(worker.id);
    if (!entry) return;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (stopping) return finishIfDone();
    if (!started) {
      console.error(`serve: worker ${entry.slot} could not start (${how}); stopping`);
      stopAll("SIGTERM", code || 1);
      return;
    }
    const now = Date.now();
    crashes.push(now);
    while (crashes.length > 0 && now - crashes[0] > RESTART_WINDOW_MS) crashes.shift();
    if (crashes.length > MAX_RESTARTS) {
      console.error(`serve: workers crashed ${crashes.length} times within ${RESTART_WINDOW_MS / 1000} s (last: worker ${entry.slot}, ${how}); giving up`);
      stopAll("SIGTERM", 1);
      return;
    }
    const delay = Math.min(RESTART_BACKOFF_MAX_MS, RESTART_BACKOFF_MS * 2 ** (crashes.length - 1));
    console.error(`serve: worker ${entry.slot} (pid ${worker.process.pid}) exited (${how}); restarting it in ${(delay / 1000).toFixed(1)} s`);
    const timer = setTimeout(() => {
      restartTimers.delete(timer);
      if (!stopping) fork(entry.slot);
    }, delay);
    restartTimers.add(timer);
  });

  let signalledAt = 0;
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      const code = signal === "SIGINT" ? 130 : 143;
      if (!signalledAt) {
        signalledAt = Date.now();
        stopAll(signal, code);
        return;
      }
      // Ctrl-C reaches the whole process group, and npm start / knowhub serve forward it once
      // more: a second signal within a second is that echo, not a person insisting.
      if (Date.now() - signalledAt < SIGNAL_ECHO_MS) return;
      // A second signal: stop waiting for requests in flight.
      for (const worker of Object.values(cluster.workers)) {
        try {
          worker.send({ type: "knowhub:force", signal });
        } catch {
          worker.process.kill("SIGKILL");
        }
      }
    });
  }

  // The workers' rate-limit buckets (used on SQLite; on PostgreSQL they are in the database): one
  // answer per hit, on this process's clock, with the limit the worker sends (all read one environment).
  const buckets = createTokenBuckets(MAX_BUCKETS);
  cluster.on("message", (worker, message) => {
    if (message?.type !== TAKE_MESSAGE) return;
    const answer = buckets.take(message.action, message.caller, { capacity: message.capacity, windowMs: message.windowMs }, Date.now());
    try {
      worker.send({ type: TAKEN_MESSAGE, id: message.id, ...answer });
    } catch {
      // the worker is gone: nobody waits for the answer
    }
  });

  for (let slot = 0; slot < workers; slot++) fork(slot);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
