// Real clients against a running production server: the MCP SDK's Client over Streamable HTTP
// (/api/mcp) and over stdio (`knowhub mcp` with KNOWHUB_API), and the `knowhub` CLI as a child
// process with KNOWHUB_API. The server is our own (keys mode, a small write limit) on the build
// global-setup made; no browser.
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect, test } from "@playwright/test";
import { startServer, type RunningServer } from "../scripts/lib/server";
import { E2E_PORT } from "./settings";

/** POSTs JSON on a connection of its own (agent: false) and resolves with the status. */
function postJson(url: string, token: string, body: unknown): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: "POST", agent: false, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload), authorization: `Bearer ${token}` } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

const PORT = E2E_PORT + 8;
const READ_TOOLS = ["get_content", "get_resource", "list_categories", "search_experiences"];
// A write key also sees the verdict tools (confirm and flag count keys).
const ALL_TOOLS = [...READ_TOOLS, "confirm_experience", "flag_experience", "submit_content", "submit_experience"].sort();
const REPORT = {
  name: "Zephyrine",
  url: "https://example.org/zephyrine",
  category: "library",
  task: "convert scanned invoices to structured JSON",
  score: 4,
  outcome: "worked on 40 invoices",
  tips: "deskew first",
};

type Cli = { status: number | null; stdout: string; stderr: string };

let server: RunningServer;
let databaseUrl: string;
const keys: Record<string, string> = {};

function knowhub(args: string[], env: Record<string, string> = {}, input?: string): Cli {
  const result = spawnSync(process.execPath, ["bin/knowhub.mjs", ...args], {
    env: { ...process.env, KNOWHUB_API: server.url, DATABASE_URL: databaseUrl, ...env },
    encoding: "utf8",
    input,
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function httpClient(token?: string): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), {
    requestInit: { headers: token ? { authorization: `Bearer ${token}` } : {} },
  });
  const client = new Client({ name: "knowhub-e2e", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, testInfo) => {
  // One server for the file; the phone project would only repeat it.
  test.skip(testInfo.project.name !== "desktop", "runs once, in the desktop project");
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), "knowhub-e2e-mcp-"));
  databaseUrl = `file:${join(dir, "mcp.db")}`;
  // Keys made with the CLI itself, on the server's database, before it starts.
  for (const [label, scope] of [["e2e-writer", "write"], ["e2e-reader", "read"], ["e2e-flood", "write"]]) {
    const made = spawnSync(process.execPath, ["bin/knowhub.mjs", "keys", "create", "--label", label, "--scope", scope, "--db", databaseUrl], { encoding: "utf8" });
    expect(made.status, made.stderr).toBe(0);
    keys[label] = JSON.parse(made.stdout).token;
  }
  server = await startServer({ port: PORT, databaseUrl, env: { KNOWHUB_AUTH: "keys", KNOWHUB_RATE_WRITE: "6/h" } });
});

test.afterAll(async () => {
  await server?.stop();
});

test("MCP over Streamable HTTP: a write key searches, reads and submits; a read key sees no write tools", async () => {
  const writer = await httpClient(keys["e2e-writer"]);
  expect((await writer.listTools()).tools.map((t) => t.name).sort()).toEqual(ALL_TOOLS);
  const empty = await writer.callTool({ name: "search_experiences", arguments: { q: REPORT.task } });
  expect(empty).toMatchObject({ structuredContent: { confidence: "none", results: [] } });
  expect(empty.isError).toBeFalsy();
  const stored = await writer.callTool({ name: "submit_experience", arguments: REPORT });
  expect(stored.structuredContent).toMatchObject({ duplicate: false, experience: { verified: true, key: { label: "e2e-writer" } } });
  await writer.callTool({ name: "submit_content", arguments: { id: "zephyrine", title: "Zephyrine", body: "# Zephyrine\n\nGuides." } });
  const found = await writer.callTool({ name: "search_experiences", arguments: { q: REPORT.task, limit: 3 } });
  expect(found.structuredContent).toMatchObject({ confidence: "high", results: [{ name: "Zephyrine" }] });
  expect(await writer.callTool({ name: "get_resource", arguments: { name: "zephyrine" } })).toMatchObject({ structuredContent: { name: "Zephyrine" } });
  expect(await writer.callTool({ name: "get_content", arguments: { id: "zephyrine" } })).toMatchObject({ structuredContent: { id: "zephyrine" } });
  expect(await writer.callTool({ name: "list_categories", arguments: {} })).toMatchObject({ structuredContent: { categories: [{ category: "library" }] } });

  const reader = await httpClient(keys["e2e-reader"]);
  expect((await reader.listTools()).tools.map((t) => t.name).sort()).toEqual(READ_TOOLS);
  const refused = await reader.callTool({ name: "submit_experience", arguments: { ...REPORT, task: "never stored" } });
  expect(refused).toMatchObject({ isError: true, structuredContent: { error: { code: "forbidden" } } });
  const anonymous = await httpClient();
  expect((await anonymous.listTools()).tools.map((t) => t.name).sort()).toEqual(READ_TOOLS);
  await Promise.all([writer.close(), reader.close(), anonymous.close()]);
});

test("MCP over stdio with KNOWHUB_API talks to the hub over REST", async () => {
  test.setTimeout(120_000);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["bin/knowhub.mjs", "mcp"],
    env: { PATH: process.env.PATH ?? "", KNOWHUB_API: server.url, KNOWHUB_TOKEN: keys["e2e-writer"] },
    stderr: "pipe",
  });
  const client = new Client({ name: "knowhub-e2e-stdio", version: "1.0.0" });
  await client.connect(transport);
  try {
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(ALL_TOOLS);
    const found = await client.callTool({ name: "search_experiences", arguments: { q: REPORT.task } });
    expect(found.structuredContent).toMatchObject({ results: [{ name: "Zephyrine" }] });
    const missing = await client.callTool({ name: "get_content", arguments: { id: "zephyrine/nope" } });
    expect(missing).toMatchObject({ isError: true, structuredContent: { error: { code: "not_found" } } });
  } finally {
    await client.close();
  }
});

test("the CLI against the server: --json parses, exit codes as documented", async () => {
  // About twenty CLI processes, each compiling its TypeScript on a cold cache (a fresh machine) while
  // the browser tests share the cores: the server is up (beforeAll waited for its health), only the
  // clients are slow, so the test gets the time they take instead of the default 60 s.
  test.setTimeout(240_000);
  const asWriter = { KNOWHUB_TOKEN: keys["e2e-writer"] };
  const search = knowhub(["search", REPORT.task, "--json"]);
  expect(search.status, search.stderr).toBe(0);
  expect(JSON.parse(search.stdout)).toMatchObject({ results: [{ name: "Zephyrine" }] });
  expect(JSON.parse(knowhub(["resource", "Zephyrine", "--json"]).stdout)).toMatchObject({ name: "Zephyrine" });
  expect(JSON.parse(knowhub(["content", "zephyrine", "--json"]).stdout)).toMatchObject({ id: "zephyrine" });
  expect(JSON.parse(knowhub(["categories", "--json"]).stdout)).toMatchObject({ categories: [{ category: "library" }] });
  const none = knowhub(["search", "teach a parrot to play chess", "--json"]);
  expect(none.status).toBe(0);
  expect(JSON.parse(none.stdout)).toMatchObject({ abstained: true });

  const submitted = knowhub(["submit", "--file", "-", "--json"], asWriter, JSON.stringify({ ...REPORT, task: "rotate scanned invoices upright" }));
  expect(submitted.status, submitted.stderr).toBe(0);
  expect(JSON.parse(submitted.stdout)).toMatchObject({ experience: { verified: true } });
  const content = knowhub(["submit", "content", "--id", "zephyrine/deskew", "--body", "Deskew first.", "--json"], asWriter);
  expect(JSON.parse(content.stdout)).toMatchObject({ status: "created" });

  const bad = knowhub(["submit", "--name", "X", "--task", "t", "--score", "0", "--json"], asWriter);
  expect(bad.status).toBe(2);
  expect(JSON.parse(bad.stderr)).toMatchObject({ error: { code: "invalid_input" } });
  const noKey = knowhub(["submit", "--name", "X", "--task", "t", "--score", "3", "--json"]);
  expect(noKey.status).toBe(3);
  expect(JSON.parse(noKey.stderr)).toMatchObject({ error: { code: "unauthorized" } });
  expect(knowhub(["categories", "--json"], { KNOWHUB_TOKEN: "kh_not_a_real_key" }).status).toBe(3);
  const missing = knowhub(["resource", "no-such-resource-anywhere", "--json"]);
  expect(missing.status).toBe(4);
  expect(JSON.parse(missing.stderr)).toMatchObject({ error: { code: "not_found" } });

  // KNOWHUB_RATE_WRITE=6/h per key: the flood key spends its writes over REST, then the CLI's is refused.
  // A fresh connection per request: the spawnSync calls above held this process's event loop for
  // seconds, so a pooled keep-alive socket the server has since closed may not be known closed yet.
  for (let i = 0; i < 6; i++) {
    const status = await postJson(`${server.url}/api/experience`, keys["e2e-flood"], { name: "Flood", task: `flood task ${i}`, score: 3, distinct: true });
    expect(status).toBe(201);
  }
  const limited = knowhub(["submit", "--name", "Flood", "--task", "one too many", "--score", "3", "--json"], { KNOWHUB_TOKEN: keys["e2e-flood"] });
  expect(limited.status).toBe(5);
  expect(JSON.parse(limited.stderr)).toMatchObject({ error: { code: "rate_limited", details: { retry_after_seconds: expect.any(Number) } } });

  const down = knowhub(["search", "anything", "--json"], { KNOWHUB_API: "http://127.0.0.1:9" });
  expect(down.status).toBe(6);
  expect(JSON.parse(down.stderr)).toMatchObject({ error: { code: "unreachable" } });
});
