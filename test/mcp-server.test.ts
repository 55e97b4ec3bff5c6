// The MCP server through the SDK's own Client: in memory over the local hub, and over Streamable
// HTTP against the /api/mcp route handler (in-process fetch: the same Request/Response a server
// passes). tools/list is pinned by a golden for a caller that may write and for a read-only one.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterEach, describe, expect, it } from "vitest";
import * as confirmRoute from "@/app/api/experience/[id]/confirm/route";
import * as experienceRoute from "@/app/api/experience/route";
import * as mcpRoute from "@/app/api/mcp/route";
import { sqlGet } from "./sql";
import { createKey } from "@/lib/keys/create-key";
import { resetRateLimits } from "@/lib/limits/rate-limit";
import { createMcpServer, GUIDE_URI } from "@/lib/mcp/create-mcp-server";
import { admitToken, localHub } from "@/lib/operations/local-hub";
import { contentInput, experienceInput } from "./factories";
import { call } from "./http";

const GOLDEN = "test/golden/mcp-tools.json";
const WRITE_TOOLS = ["confirm_experience", "flag_experience", "submit_content", "submit_experience"];

async function memoryClient(token?: string): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(localHub(admitToken(token))).connect(serverSide);
  const client = new Client({ name: "knowhub-test", version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}

/** The SDK's Streamable HTTP client, its requests answered by the route handler itself. */
async function httpClient(headers: Record<string, string> = {}): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL("http://127.0.0.1:3000/api/mcp"), {
    requestInit: { headers },
    fetch: async (url, init) => {
      const request = new Request(url, init);
      const handler = request.method === "POST" ? mcpRoute.POST : request.method === "DELETE" ? mcpRoute.DELETE : mcpRoute.GET;
      return handler(request, { params: Promise.resolve({}) });
    },
  });
  const client = new Client({ name: "knowhub-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

const countExperiences = async () => (await sqlGet<{ n: number }>("SELECT count(*) AS n FROM experiences"))!.n;

function withEnv(vars: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(vars)) {
    saved[name] ??= process.env[name];
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}
const saved: Record<string, string | undefined> = {};
afterEach(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
    delete saved[name];
  }
  await resetRateLimits();
});

describe("MCP server", () => {
  it("lists the tools a caller may use, as pinned (write tools only for writers)", async () => {
    const open = await memoryClient();
    const openTools = (await open.listTools()).tools;
    withEnv({ KNOWHUB_AUTH: "keys" });
    const anonymous = await memoryClient();
    const readKey = await createKey({ label: "mcp-reader", scope: "read", trusted: false });
    const reader = await memoryClient(readKey.token);
    const writeKey = await createKey({ label: "mcp-writer", scope: "write", trusted: false });
    const writer = await memoryClient(writeKey.token);
    const readOnlyTools = (await anonymous.listTools()).tools;

    const writerTools = (await writer.listTools()).tools;
    const READS = ["get_content", "get_resource", "list_categories", "search_experiences"];
    expect(writerTools.map((t) => t.name).sort()).toEqual([...WRITE_TOOLS, ...READS].sort());
    // Open mode without a key: it may report, but verdicts count keys, so confirm and flag are not offered.
    expect(openTools.map((t) => t.name).sort()).toEqual([...WRITE_TOOLS.filter((t) => !["confirm_experience", "flag_experience"].includes(t)), ...READS].sort());
    expect(readOnlyTools.map((t) => t.name).sort()).toEqual(READS);
    expect((await reader.listTools()).tools).toEqual(readOnlyTools);

    const seen = {
      "may write with a key": writerTools,
      "may write without a key (open mode: no verdict tools)": openTools,
      "read-only (KNOWHUB_AUTH=keys without a write key)": readOnlyTools,
    };
    // A missing golden is a failure, never written silently: only UPDATE_GOLDEN=1 writes it.
    if (process.env.UPDATE_GOLDEN) writeFileSync(GOLDEN, `${JSON.stringify(seen, null, 2)}\n`);
    expect(existsSync(GOLDEN), `${GOLDEN} is missing: run UPDATE_GOLDEN=1 npx vitest run test/mcp-server.test.ts`).toBe(true);
    expect(seen).toEqual(JSON.parse(readFileSync(GOLDEN, "utf8")));
  });

  it("searches, reads and writes through the same lib as REST, answering the REST JSON", async () => {
    const client = await memoryClient();
    const empty = await client.callTool({ name: "search_experiences", arguments: { q: "train a pigeon to deliver mail" } });
    // A weak or empty search is a success that says so and invites a report afterwards.
    expect(empty.isError).toBeFalsy();
    expect(empty.structuredContent).toMatchObject({ results: [], abstained: true, confidence: "none" });
    expect((empty.content as { text: string }[])[0].text).toMatch(/Nobody has reported[\s\S]*submit_experience/);

    const stored = await client.callTool({ name: "submit_experience", arguments: experienceInput({ content_id: "pymupdf" }) });
    expect(stored.isError).toBeFalsy();
    expect(stored.structuredContent).toMatchObject({ duplicate: false, experience: { name: "PyMuPDF", score: 4, verified: false }, resource: { experience_count: 1 } });
    const again = await client.callTool({ name: "submit_experience", arguments: experienceInput({ content_id: "pymupdf" }) });
    expect(again.structuredContent).toMatchObject({ duplicate: true });
    // The REST answer for the same report is the same JSON.
    const rest = await call(experienceRoute.POST, "/api/experience", { method: "POST", body: experienceInput({ content_id: "pymupdf" }) });
    expect(rest.json).toEqual(again.structuredContent);

    const found = await client.callTool({ name: "search_experiences", arguments: { q: "extract tables from pdf papers", limit: 5, explain: true } });
    expect(found.structuredContent).toMatchObject({ confidence: "high", abstained: false, results: [{ name: "PyMuPDF" }] });
    expect((found.content as { text: string }[])[0].text).toContain("PyMuPDF");

    const content = await client.callTool({ name: "submit_content", arguments: contentInput() });
    expect(content.structuredContent).toMatchObject({ status: "created", id: "pymupdf", revision: 1 });
    await client.callTool({ name: "submit_content", arguments: contentInput({ id: "pymupdf/find-tables", title: "Find tables", body: "page.find_tables()" }) });
    const node = await client.callTool({ name: "get_content", arguments: { id: "pymupdf" } });
    expect(node.structuredContent).toMatchObject({ id: "pymupdf", children: [{ id: "pymupdf/find-tables" }] });
    const history = await client.callTool({ name: "get_content", arguments: { id: "pymupdf", history: true } });
    expect(history.structuredContent).toMatchObject({ id: "pymupdf", revisions: [{ revision: 1 }] });

    const resource = await client.callTool({ name: "get_resource", arguments: { name: "pymupdf", limit: 1, sort: "best" } });
    expect(resource.structuredContent).toMatchObject({ name: "PyMuPDF", limit: 1, sort: "best", contents: [{ id: "pymupdf" }] });
    const categories = await client.callTool({ name: "list_categories", arguments: {} });
    expect(categories.structuredContent).toEqual({ categories: [{ category: "library", resource_count: 1, experience_count: 1 }] });
  });

  it("answers bad input, a miss and a refusal as isError with the REST error body, storing nothing", async () => {
    const client = await memoryClient();
    const before = await countExperiences();
    const bad = await client.callTool({ name: "submit_experience", arguments: experienceInput({ score: 9, extra: 1 }) });
    const rest = await call(experienceRoute.POST, "/api/experience", { method: "POST", body: experienceInput({ score: 9, extra: 1 }) });
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent).toEqual(rest.json);
    expect(rest.json.error.code).toBe("invalid_input");

    const wrongType = await client.callTool({ name: "search_experiences", arguments: { q: "tables", limit: "ten" } });
    expect(wrongType.structuredContent).toMatchObject({ error: { code: "invalid_input", details: { issues: [{ field: "limit" }] } } });
    const missing = await client.callTool({ name: "get_resource", arguments: { name: "nothing-like-it" } });
    expect(missing.structuredContent).toMatchObject({ error: { code: "not_found" } });
    const unknown = await client.callTool({ name: "delete_everything", arguments: {} });
    expect(unknown.structuredContent).toMatchObject({ error: { code: "not_found", details: { tool: "delete_everything" } } });

    withEnv({ KNOWHUB_AUTH: "keys" });
    const anonymous = await memoryClient();
    const refused = await anonymous.callTool({ name: "submit_experience", arguments: experienceInput({ task: "never stored" }) });
    expect(refused.structuredContent).toMatchObject({ error: { code: "unauthorized", details: { reason: "missing_token" } } });
    const readKey = await createKey({ label: "mcp-reader-2", scope: "read", trusted: false });
    const reader = await memoryClient(readKey.token);
    const forbidden = await reader.callTool({ name: "submit_content", arguments: contentInput({ id: "never" }) });
    expect(forbidden.structuredContent).toMatchObject({ error: { code: "forbidden", details: { scope: "read", needed: "write" } } });
    expect(await countExperiences()).toBe(before);
  });

  it("takes the REST rate limits and records the key's provenance", async () => {
    withEnv({ KNOWHUB_RATE_WRITE: "1/min" });
    await resetRateLimits();
    const key = await createKey({ label: "mcp-provenance", scope: "write", trusted: false });
    const client = await memoryClient(key.token);
    const first = await client.callTool({ name: "submit_experience", arguments: experienceInput({ task: "Merge PDF files into one" }) });
    expect(first.structuredContent).toMatchObject({ experience: { verified: true, key: { id: key.id, label: "mcp-provenance" } } });
    const second = await client.callTool({ name: "submit_experience", arguments: experienceInput({ task: "Split a PDF into pages" }) });
    expect(second.structuredContent).toMatchObject({ error: { code: "rate_limited", details: { action: "write" } } });
  });

  it("serves the skill guide as a resource and a prompt", async () => {
    const client = await memoryClient();
    const guide = readFileSync("skill/knowhub.md", "utf8");
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual([GUIDE_URI]);
    const read = await client.readResource({ uri: GUIDE_URI });
    expect(read.contents[0]).toMatchObject({ mimeType: "text/markdown", text: guide });
    const prompt = await client.getPrompt({ name: "knowhub_guide" });
    expect(prompt.messages[0].content).toEqual({ type: "text", text: guide });
  });
});

describe("MCP over Streamable HTTP (/api/mcp)", () => {
  it("serves a guide that names the hub's public address, not the local default", async () => {
    withEnv({ KNOWHUB_PUBLIC_URL: "https://hub.example.org" });
    const client = await httpClient();
    const read = await client.readResource({ uri: GUIDE_URI });
    const text = String((read.contents[0] as { text: string }).text);
    expect(text).toContain("KNOWHUB_API:-https://hub.example.org}");
    expect(text).not.toContain("127.0.0.1:3000");
  });

  it("admits callers as the REST routes do: a read key sees no write tools and cannot write", async () => {
    const open = await httpClient();
    expect((await open.listTools()).tools.map((t) => t.name)).toContain("submit_experience");
    const stored = await open.callTool({ name: "submit_experience", arguments: experienceInput({ task: "Convert PDF to markdown over HTTP" }) });
    expect(stored.structuredContent).toMatchObject({ duplicate: false, experience: { task: "Convert PDF to markdown over HTTP" } });

    withEnv({ KNOWHUB_AUTH: "keys" });
    const readKey = await createKey({ label: "http-reader", scope: "read", trusted: false });
    const reader = await httpClient({ authorization: `Bearer ${readKey.token}` });
    expect((await reader.listTools()).tools.map((t) => t.name).sort()).toEqual(["get_content", "get_resource", "list_categories", "search_experiences"]);
    const refused = await reader.callTool({ name: "submit_experience", arguments: experienceInput({ task: "Never stored over HTTP" }) });
    expect(refused).toMatchObject({ isError: true, structuredContent: { error: { code: "forbidden" } } });
    const search = await reader.callTool({ name: "search_experiences", arguments: { q: "convert pdf to markdown" } });
    expect(search.structuredContent).toMatchObject({ results: [{ name: "PyMuPDF" }] });

    const writeKey = await createKey({ label: "http-writer", scope: "write", trusted: false });
    const writer = await httpClient({ authorization: `Bearer ${writeKey.token}` });
    expect((await writer.listTools()).tools.map((t) => t.name)).toContain("submit_content");
  });

  it("refuses a bad key and a private hub without one with the REST 401, before any MCP", async () => {
    const body = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };
    const headers = { accept: "application/json, text/event-stream" };
    const badKey = await call(mcpRoute.POST, "/api/mcp", { method: "POST", body, headers: { ...headers, authorization: "Bearer kh_nope" } });
    expect(badKey.status).toBe(401);
    expect(badKey.json.error.code).toBe("unauthorized");
    withEnv({ KNOWHUB_AUTH: "keys", KNOWHUB_READ: "keys" });
    const anonymous = await call(mcpRoute.POST, "/api/mcp", { method: "POST", body, headers });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toContain("Bearer");
    expect((await call(mcpRoute.GET, "/api/mcp")).status).toBe(405);
  });
});

// Last in the file: its reports would change the categories and counts the tests above pin.
describe("MCP verdict tools", () => {
  it("confirm_experience and flag_experience: a key's verdict through the SDK client, replaced by its next one, refused without a key", async () => {
    const authorKey = await createKey({ label: "mcp-author", scope: "write", trusted: false });
    const verifierKey = await createKey({ label: "mcp-verifier", scope: "write", trusted: false });
    const author = await memoryClient(authorKey.token);
    const stored = await author.callTool({ name: "submit_experience", arguments: experienceInput({ name: "Verdict Tool", task: "resize images in bulk", version: "3.1" }) });
    const id = (stored.structuredContent as { experience: { id: number } }).experience.id;
    const verifier = await memoryClient(verifierKey.token);
    const confirmed = await verifier.callTool({ name: "confirm_experience", arguments: { id, note: "same here", version: "3.2" } });
    expect(confirmed.isError).toBeFalsy();
    expect(confirmed.structuredContent).toMatchObject({ change: "created", verdict: { verdict: "confirm", key: { label: "mcp-verifier" } }, experience: { id, confirmations: 1, version: "3.1" } });
    expect((confirmed.content as { text: string }[])[0].text).toMatch(/Recorded your confirmation of experience \d+\. It now has 1 confirmation from distinct keys, confidence 0\.342/);
    // The REST answer for the same verdict again: unchanged, the same JSON otherwise.
    const rest = await call(confirmRoute.POST, `/api/experience/${id}/confirm`, {
      method: "POST", body: { note: "same here", version: "3.2" }, headers: { authorization: `Bearer ${verifierKey.token}` }, params: { id: String(id) },
    });
    expect(rest.json).toMatchObject({ change: "unchanged", experience: { confirmations: 1 } });
    const flagged = await verifier.callTool({ name: "flag_experience", arguments: { id, reason: "incorrect", detail: "fails on png" } });
    expect(flagged.structuredContent).toMatchObject({ change: "changed", experience: { confirmations: 0, flags: { incorrect: 1 } } });
    const own = await author.callTool({ name: "confirm_experience", arguments: { id } });
    expect(own).toMatchObject({ isError: true, structuredContent: { error: { code: "forbidden" } } });
    const keyless = await memoryClient();
    const refused = await keyless.callTool({ name: "confirm_experience", arguments: { id } });
    expect(refused).toMatchObject({ isError: true, structuredContent: { error: { code: "unauthorized" } } });
    const bad = await verifier.callTool({ name: "flag_experience", arguments: { id, reason: "meh" } });
    expect(bad).toMatchObject({ isError: true, structuredContent: { error: { code: "invalid_input" } } });
  });
});
