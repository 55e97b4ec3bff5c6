// The agent-facing operations, once: which MCP tool and which CLI command mirror which REST
// endpoint, with the scope and rate limit each takes. The MCP server, the CLI and the drift test
// (test/mcp-drift.test.ts) read this map; the endpoints themselves are described in lib/api-index.ts.
import type { RateAction } from "../limits/limits-config";

export type OperationName =
  | "search"
  | "resource"
  | "content"
  | "categories"
  | "submit_experience"
  | "submit_content"
  | "confirm_experience"
  | "flag_experience";

export type Operation = {
  name: OperationName;
  /** The MCP tool's name. */
  tool: string;
  /** The CLI command line that runs it (without arguments). */
  command: string;
  method: "GET" | "POST";
  /** As lib/api-index.ts writes it. */
  path: string;
  access: "read" | "write";
  /**
   * Verdicts count once per key: offered (MCP tools) only to a caller with a key, even on a hub open
   * to keyless writes, which would refuse them (401).
   */
  needsKey?: true;
  /** The rate limit the REST route takes for it (lib/limits), or null. */
  rate: RateAction | null;
};

export const OPERATIONS: readonly Operation[] = [
  { name: "search", tool: "search_experiences", command: "search", method: "GET", path: "/api/search", access: "read", rate: "search" },
  // Resource and content reads scan for the closest names on a miss: limited like a search (as the routes).
  { name: "resource", tool: "get_resource", command: "resource", method: "GET", path: "/api/resource/{name}", access: "read", rate: "search" },
  { name: "content", tool: "get_content", command: "content", method: "GET", path: "/api/content/{id}", access: "read", rate: "search" },
  { name: "categories", tool: "list_categories", command: "categories", method: "GET", path: "/api/categories", access: "read", rate: null },
  { name: "submit_experience", tool: "submit_experience", command: "submit", method: "POST", path: "/api/experience", access: "write", rate: "write" },
  { name: "submit_content", tool: "submit_content", command: "submit content", method: "POST", path: "/api/content", access: "write", rate: "write" },
  { name: "confirm_experience", tool: "confirm_experience", command: "confirm", method: "POST", path: "/api/experience/{id}/confirm", access: "write", needsKey: true, rate: "write" },
  { name: "flag_experience", tool: "flag_experience", command: "flag", method: "POST", path: "/api/experience/{id}/flag", access: "write", needsKey: true, rate: "write" },
];

export function operation(name: OperationName): Operation {
  const found = OPERATIONS.find((o) => o.name === name);
  if (!found) throw new Error(`unknown operation ${name}`);
  return found;
}
