// One source, no drift: every MCP tool and CLI command mirrors a REST endpoint of lib/api-index.ts
// (lib/operations/operations.ts says which), takes exactly that endpoint's parameters, and the docs
// that name them (docs/api.md, docs/mcp.md, docs/cli.md, skill/knowhub.md, README.md) agree.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "@/lib/api-index";
import { AGENT_COMMANDS, agentCommand } from "@/lib/cli/agent-commands";
import { cliCommandNames, cliHelp } from "@/lib/cli/cli-help";
import { EXIT } from "@/lib/cli/exit-codes";
import { listTools, TOOLS } from "@/lib/mcp/tools";
import { OPERATIONS } from "@/lib/operations/operations";

const endpointOf = (method: string, path: string) => ENDPOINTS.find((e) => e.method === method && e.path === path);
const read = (file: string) => readFileSync(file, "utf8");

describe("MCP tools, CLI commands and REST endpoints", () => {
  it.each(OPERATIONS.map((op) => [op.tool, op] as const))("%s mirrors a listed endpoint with its scope and rate limit", (_tool, op) => {
    const endpoint = endpointOf(op.method, op.path);
    expect(endpoint, `${op.method} ${op.path} is not in lib/api-index.ts`).toBeDefined();
    expect(endpoint!.auth).toBe(op.access);
    expect(endpoint!.rateLimited ?? null).toBe(op.rate);
  });

  it("every agent-facing endpoint has a tool and a command", () => {
    const mirrored = new Set(OPERATIONS.map((op) => `${op.method} ${op.path}`));
    const agentFacing = ENDPOINTS.filter((e) => (e.auth === "read" || e.auth === "write") && e.path !== "/api/mcp");
    for (const e of agentFacing) expect(mirrored.has(`${e.method} ${e.path}`), `${e.method} ${e.path} has no MCP tool or CLI command`).toBe(true);
    expect(listTools(true).map((t) => t.name)).toEqual(OPERATIONS.map((op) => op.tool));
    expect(AGENT_COMMANDS.map((c) => c.operation)).toEqual(OPERATIONS.map((op) => op.name));
  });

  it.each(TOOLS.map((t) => [t.name, t] as const))("tool %s takes exactly its endpoint's parameters", (_name, tool) => {
    const endpoint = endpointOf(tool.operation.method, tool.operation.path)!;
    expect(Object.keys(tool.inputSchema.properties).sort()).toEqual(endpoint.parameters.map((p) => p.name).sort());
    expect([...(tool.inputSchema.required ?? [])].sort()).toEqual(endpoint.parameters.filter((p) => p.required).map((p) => p.name).sort());
    expect(tool.annotations.readOnlyHint).toBe(tool.operation.access === "read");
  });

  it.each(OPERATIONS.map((op) => [op.command, op] as const))("command %s sets exactly its endpoint's parameters", (_command, op) => {
    const command = agentCommand(op.name);
    const fields = new Set([...(command.positional ? [command.positional.field] : []), ...Object.values(command.flags).map((f) => f.field)]);
    expect([...fields].sort()).toEqual(endpointOf(op.method, op.path)!.parameters.map((p) => p.name).sort());
  });
});

describe("the documents name the same operations", () => {
  it("docs/api.md and docs/mcp.md map each tool to its command and endpoint, row by row", () => {
    for (const file of ["docs/api.md", "docs/mcp.md"]) {
      const text = read(file);
      for (const op of OPERATIONS) {
        const row = `| \`${op.tool}\` | \`knowhub ${op.command}\` | \`${op.method} ${op.path}\` |`;
        expect(text.includes(row), `${file} lacks the row ${row}`).toBe(true);
      }
    }
  });

  it("docs/cli.md, README.md and knowhub --help list every command", () => {
    const help = cliHelp();
    for (const name of cliCommandNames()) {
      expect(help).toContain(`  ${name} `);
      expect(read("docs/cli.md"), `docs/cli.md lacks knowhub ${name}`).toContain(`knowhub ${name}`);
      expect(read("README.md"), `README.md lacks knowhub ${name}`).toContain(`knowhub ${name}`);
    }
  });

  it("skill/knowhub.md and README.md name every tool", () => {
    for (const file of ["skill/knowhub.md", "README.md"]) for (const op of OPERATIONS) expect(read(file), `${file} lacks ${op.tool}`).toContain(op.tool);
  });

  it("the exit codes are the same in knowhub --help, docs/cli.md and README.md", () => {
    const rows = (text: string) => [...text.matchAll(/^\| `?(\d)`? \|/gm)].map((m) => Number(m[1]));
    const codes = Object.values(EXIT).sort();
    expect([...cliHelp().matchAll(/^ {2}(\d) {2}/gm)].map((m) => Number(m[1])).sort()).toEqual(codes);
    for (const file of ["docs/cli.md", "README.md"]) expect(rows(read(file)).sort(), `${file}'s exit code table`).toEqual(codes);
  });
});
