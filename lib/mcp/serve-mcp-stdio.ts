// MCP over stdio (`knowhub mcp`): the local database as this shell's caller (KNOWHUB_TOKEN, when
// set, as its key), or with KNOWHUB_API set that remote hub over REST.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Hub } from "../operations/hub";
import { createMcpServer } from "./create-mcp-server";

/** Serves until stdin closes. stdout belongs to the protocol: nothing else may write there. */
export async function serveMcpStdio(hub: Hub): Promise<void> {
  const server = createMcpServer(hub);
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = () => resolve();
    // The host closing our stdin is how a stdio server is told to stop.
    process.stdin.once("end", () => resolve());
  });
  await server.connect(new StdioServerTransport());
  await closed;
  await server.close();
}
