import { admitRequest } from "@/lib/auth/admit-request";
import { methodNotAllowed, optionsHandler, withErrors } from "@/lib/http";
import { serveMcpHttp } from "@/lib/mcp/serve-mcp-http";

export const dynamic = "force-dynamic";

// Streamable HTTP, stateless: POST only (no session to resume or delete, no server-initiated stream).
export const POST = withErrors(async (request) => {
  // The door is the REST routes' own: a bad key or a private hub without one never reaches MCP.
  // Each tool call is then admitted for its own scope and rate limit.
  await admitRequest(request, "read");
  return serveMcpHttp(request);
});

const notAllowed = methodNotAllowed(["POST"]);
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
export const OPTIONS = optionsHandler(["POST"]);
