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
// NEXT_DIST_DIR selects the build (next.config.ts reads it). The database is migrated on first use.
import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { isIP } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const PEER_HEADER = "x-knowhub-peer";
// In-flight requests get this long to finish after SIGINT/SIGTERM before connections are cut.
const SHUTDOWN_GRACE_MS = 10_000;

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

async function main() {
  const { host, port } = parseArgs(process.argv.slice(2));
  const isTrustedProxy = readTrustedProxies(process.env.KNOWHUB_TRUST_PROXY);
  // The app's Host check (proxy.ts) decides by the address actually bound, whichever way it was given.
  process.env.HOST = host;
  checkSettingsOnce();
  // What `next start` does through its launcher; the build is a production build.
  process.env.NODE_ENV ||= "production";
  process.env.NEXT_TELEMETRY_DISABLED ||= "1";

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

  // Listen before preparing (as `next start` does): a taken port is reported at once, and requests
  // that arrive while the app loads wait for it.
  await new Promise((resolve) => {
    server.once("error", (error) => {
      if (error.code === "EADDRINUSE") fail(`port ${port} on ${host} is already in use: stop the other server, or choose another port (PORT=... or -p ...)`);
      if (error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND") fail(`cannot listen on ${host}: no such local address (HOST=... or -H ...)`);
      if (error.code === "EACCES") fail(`no permission to listen on ${host}:${port}`);
      fail(`cannot listen on ${host}:${port}: ${error.message}`);
    });
    server.listen(port, host, resolve);
  });
  server.on("error", (error) => console.error("server error", error));
  const actualPort = server.address().port;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${actualPort}`;
  // `next start` publishes both; Next reads the origin for server-action redirects.
  process.env.PORT = String(actualPort);
  process.env.__NEXT_PRIVATE_ORIGIN = url;

  try {
    await app.prepare();
  } catch (error) {
    console.error(error);
    fail(`the app could not start (is there a build in ${process.env.NEXT_DIST_DIR || ".next"}? run: next build)`);
  }
  handle = app.getRequestHandler();
  markReady();
  console.log(`KnowHub serving ${url} (build: ${process.env.NEXT_DIST_DIR || ".next"}${isTrustedProxy ? `, trusted proxies: ${process.env.KNOWHUB_TRUST_PROXY}` : ""})`);

  const shutdown = (signal) => {
    const code = signal === "SIGINT" ? 130 : 143;
    if (closing) process.exit(code); // a second signal: stop waiting
    closing = true;
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
      // 'exit' handlers run here: the app's buffered search log is written (lib/search/log-search.ts).
      process.exit(code);
    });
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 50).unref();
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
