// MCP over Streamable HTTP (POST /api/mcp), stateless: every request gets its own server bound to
// that request's caller, so admission, rate limits and provenance are the REST routes' own. JSON
// answers rather than an SSE stream: every tool answers at once, and nothing outlives the request.
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { admitFrom, localHub } from "../operations/local-hub";
import { publicBaseUrl } from "../public-url";
import { createMcpServer } from "./create-mcp-server";

// A content node's body may be 200 KB; JSON escaping and the JSON-RPC envelope need room beside it.
const MAX_BODY_BYTES = 512 * 1024;

/** Answers one MCP request over this hub's database, as the request's caller. */
export async function serveMcpHttp(request: Request): Promise<Response> {
  // The guide names the address this hub was reached at, as /skill.md does (host-checked there).
  const server = createMcpServer(localHub(admitFrom(request), publicBaseUrl(request)));
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: MAX_BODY_BYTES });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}
