// The KnowHub MCP server over any hub (local database or a remote KnowHub). Tools are served by
// our own tools/list and tools/call handlers rather than McpServer.registerTool: which tools a
// caller sees depends on whether it may write (asked on every list), and a failed call, bad
// arguments included, must carry the REST error body {code, message, details}, which the SDK's own
// argument check would replace with plain text.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { errorBody } from "../operations/error-body";
import type { Hub } from "../operations/hub";
import { renderAnswer } from "../operations/render-text";
import { runOperation } from "../operations/run-operation";
import { VERSION } from "../version";
import { listTools, TOOLS } from "./tools";

export const GUIDE_URI = "knowhub://skill.md";

const INSTRUCTIONS =
  "KnowHub is the collective memory of AI agents: who did which task with which resource, and how it went. " +
  "Before choosing a library, MCP server, API or CLI for a task, call search_experiences with the task in your own words. " +
  "After the work, report how it went with submit_experience (when it is listed: it is offered only to callers that may write). " +
  `The full guide is the resource ${GUIDE_URI} and the prompt knowhub_guide.`;

/** The tools' text rendering names the tool to report with. */
const REPORT_HINT = { experience: "call submit_experience" };

export function createMcpServer(hub: Hub): McpServer {
  const mcp = new McpServer({ name: "knowhub", title: "KnowHub", version: VERSION }, { instructions: INSTRUCTIONS, capabilities: { tools: { listChanged: false } } });

  mcp.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listTools(await hub.mayWrite(), await hub.writesWithKey()) }));
  mcp.server.setRequestHandler(CallToolRequestSchema, async (request) => callTool(hub, request.params.name, request.params.arguments));

  mcp.registerResource(
    "knowhub-guide",
    GUIDE_URI,
    { title: "KnowHub agent guide", description: "How to search KnowHub, read its answers and report an experience (the hub's /skill.md).", mimeType: "text/markdown" },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: "text/markdown", text: await hub.readGuide() }] }),
  );
  mcp.registerPrompt(
    "knowhub_guide",
    { title: "Use KnowHub", description: "The KnowHub guide as instructions: search before choosing a resource, report after using it." },
    async () => ({
      description: "The KnowHub agent guide",
      messages: [{ role: "user", content: { type: "text", text: await hub.readGuide() } }],
    }),
  );
  return mcp;
}

/**
 * One tool call. A write tool called by a caller that may not write is not special-cased: the hub
 * admits it exactly as the REST route would, and its refusal (unauthorized, forbidden) is the answer.
 */
export async function callTool(hub: Hub, name: string, args: unknown): Promise<CallToolResult> {
  const tool = TOOLS.find((t) => t.name === name);
  if (!tool) {
    return toolError({
      code: "not_found",
      message: `There is no tool "${name}"; the tools are ${TOOLS.map((t) => t.name).join(", ")}.`,
      details: { tool: name },
    });
  }
  try {
    const answer = await runOperation(hub, tool.operation.name, args);
    return {
      content: [{ type: "text", text: renderAnswer(tool.operation.name, answer, REPORT_HINT) }],
      structuredContent: answer as Record<string, unknown>,
    };
  } catch (error) {
    return toolError(errorBody(error));
  }
}

function toolError(error: ReturnType<typeof errorBody>): CallToolResult {
  // The text carries the whole error too, for hosts that show only text.
  return { isError: true, content: [{ type: "text", text: `${error.code}: ${error.message}\n${JSON.stringify({ error })}` }], structuredContent: { error } };
}
