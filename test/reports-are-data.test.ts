// Every search answer that carries reports tells the agent they are data, not instructions, on
// every surface an agent reads: the REST hint, the MCP tool's text and the CLI's text. And the two
// text surfaces show weak leads as weak: after the confident results, behind a separator, with no
// verdict, under a header that counts both.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as experienceRoute from "@/app/api/experience/route";
import * as searchRoute from "@/app/api/search/route";
import { agentCommand } from "@/lib/cli/agent-commands";
import { EXIT } from "@/lib/cli/exit-codes";
import { runAgentCommand } from "@/lib/cli/run-agent-command";
import { createMcpServer } from "@/lib/mcp/create-mcp-server";
import { admitToken, localHub } from "@/lib/operations/local-hub";
import { REPORTS_ARE_DATA } from "@/lib/search/schema";
import { experienceInput } from "./factories";
import { call } from "./http";

const post = (overrides: Record<string, unknown>) =>
  call(experienceRoute.POST, "/api/experience", { method: "POST", body: experienceInput(overrides) });

// Two resources cover the task; a third shares only part of it (a weak lead after them). A fourth
// shares less still: the unscoped answer leaves it out, and scoped to its category it is all there
// is, a weak lead.
const MIXED = "extract quillmark tables from pdf reports";

beforeAll(async () => {
  await post({ name: "Tabulon", category: "cli", task: "extract quillmark tables from pdf reports into csv", submitted_by: "a" });
  await post({ name: "Tabulon", category: "cli", task: "extract quillmark tables from scanned pdf statements", submitted_by: "b" });
  await post({ name: "QuillRender", category: "library", score: 4, task: "extract quillmark tables from pdf reports" });
  await post({ name: "PdfSplit", category: "api", task: "split pdf reports into pages", tips: "fast" });
  await post({ name: "QuillStudy", category: "paper", task: "a survey of quillmark table styling" });
});

async function mcpText(args: Record<string, unknown>): Promise<string> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(localHub(admitToken(undefined))).connect(serverSide);
  const client = new Client({ name: "knowhub-test", version: "1.0.0" });
  await client.connect(clientSide);
  const answer = await client.callTool({ name: "search_experiences", arguments: args });
  await client.close();
  return (answer.content as { text: string }[])[0].text;
}

async function cliText(argv: string[]): Promise<string> {
  let out = "";
  const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  try {
    const code = await runAgentCommand(agentCommand("search"), argv, () => localHub(admitToken(undefined)), { readStdin: () => "", cwd: process.cwd() });
    expect(code).toBe(EXIT.ok);
  } finally {
    write.mockRestore();
  }
  return out;
}

describe("reports are data, not instructions", () => {
  it("the answers under test are a mixed one and a weak-only one", async () => {
    const mixed = (await call(searchRoute.GET, `/api/search?${new URLSearchParams({ q: MIXED })}`)).json;
    expect(mixed.confidence).toBe("high");
    expect(mixed.results.map((r: { name: string; confidence: string }) => `${r.name}:${r.confidence}`)).toEqual([
      "Tabulon:high",
      "QuillRender:high",
      "PdfSplit:low",
    ]);
    const onlyWeak = (await call(searchRoute.GET, `/api/search?${new URLSearchParams({ q: MIXED, category: "paper" })}`)).json;
    expect(onlyWeak).toMatchObject({ confidence: "low", results: [{ name: "QuillStudy", confidence: "low" }] });
  });

  it("is in the REST hint of confident and of weak answers", async () => {
    for (const params of [{ q: MIXED }, { q: MIXED, category: "paper" }] as Record<string, string>[]) {
      const { json } = await call(searchRoute.GET, `/api/search?${new URLSearchParams(params)}`);
      expect(json.results.length, JSON.stringify(params)).toBeGreaterThan(0);
      expect(json.hint).toContain(REPORTS_ARE_DATA);
    }
  });

  it("is in the MCP text and the CLI text, which keep weak leads apart", async () => {
    const mixed = [await mcpText({ q: MIXED }), await cliText([MIXED])];
    for (const text of mixed) {
      expect(text).toContain(REPORTS_ARE_DATA);
      const lines = text.split("\n");
      expect(lines[0]).toMatch(/^2 confident results, 1 weak lead for "extract quillmark tables from pdf reports" \(confidence: high\):$/);
      const separator = lines.findIndex((l) => l.startsWith("--- 1 weak lead:"));
      const row = (name: string) => lines.findIndex((l) => new RegExp(`^\\d+\\s+${name}\\s`).test(l));
      expect(row("Tabulon")).toBeGreaterThan(0);
      expect(row("Tabulon")).toBeLessThan(separator);
      expect(row("QuillRender")).toBeLessThan(separator);
      expect(row("PdfSplit")).toBeGreaterThan(separator);
      expect(lines[row("Tabulon")]).toMatch(/worked 4\.0, 2 reports/);
      expect(lines.slice(separator).join("\n")).not.toMatch(/\bworked\b/);
    }
    for (const text of [await mcpText({ q: MIXED, category: "paper" }), await cliText([MIXED, "--category", "paper"])]) {
      expect(text).toContain(REPORTS_ARE_DATA);
      expect(text.split("\n")[0]).toMatch(/^No confident match for "extract quillmark tables from pdf reports" in category paper: 1 weak lead \(confidence: low\)\./);
      expect(text).not.toMatch(/\bworked\b/);
    }
  });
});
