// Paste-ready MCP client configurations for this hub, written once here and shown in three places:
// GET /api (mcp.configs), the API reference page and the agent's guide (skill/knowhub.md, whose
// copy test/mcp-client-configs.test.ts keeps equal to these). Each names the hub's public address
// (lib/public-url.ts), so a developer pastes it as it is, adding only their key.

/** Where the Streamable HTTP MCP endpoint lives under the hub's address. */
export const MCP_PATH = "/api/mcp";

/** The placeholder a config shows where the developer's key goes (the hub's keys start with kh_). */
export const KEY_PLACEHOLDER = "kh_your_key";

export type McpClientConfig = {
  /** A stable id, for anchors and tests. */
  id: "http" | "http-key" | "stdio" | "stdio-key";
  title: string;
  /** When to use it, in one sentence. */
  use: string;
  /** The JSON object to paste (under mcpServers in the client's config file). */
  config: { mcpServers: { knowhub: Record<string, unknown> } };
};

/**
 * The configurations for a hub at `baseUrl` (no trailing slash). The HTTP ones use the shape most
 * clients take for a remote server (Claude Code's .mcp.json, Cursor, Windsurf: url, headers, and
 * type "http" for the clients that need it told); the stdio ones run the published package, which
 * talks to the hub over REST when KNOWHUB_API is set.
 */
export function mcpClientConfigs(baseUrl: string): McpClientConfig[] {
  const url = `${baseUrl}${MCP_PATH}`;
  const stdio = { command: "npx", args: ["-y", "knowhub", "mcp"] };
  return [
    {
      id: "http",
      title: "HTTP, without a key",
      use: "A client that speaks Streamable HTTP, on a hub whose reads (and writes) are open.",
      config: { mcpServers: { knowhub: { type: "http", url } } },
    },
    {
      id: "http-key",
      title: "HTTP, with a key",
      use: "The same with your key: needed on a private hub or to write where writes need keys; it makes your reports verified.",
      config: { mcpServers: { knowhub: { type: "http", url, headers: { Authorization: `Bearer ${KEY_PLACEHOLDER}` } } } },
    },
    {
      id: "stdio",
      title: "stdio, without a key",
      use: "A client that only starts local commands: the knowhub package runs on your machine and forwards to this hub.",
      config: { mcpServers: { knowhub: { ...stdio, env: { KNOWHUB_API: baseUrl } } } },
    },
    {
      id: "stdio-key",
      title: "stdio, with a key",
      use: "The same, sending your key with every call.",
      config: { mcpServers: { knowhub: { ...stdio, env: { KNOWHUB_API: baseUrl, KNOWHUB_TOKEN: KEY_PLACEHOLDER } } } },
    },
  ];
}

/** A config as pasted: two-space JSON. */
export const configText = (config: McpClientConfig): string => JSON.stringify(config.config, null, 2);

/** The configurations as the guide's markdown shows them (one fenced JSON block each). */
export function mcpConfigsMarkdown(baseUrl: string): string {
  return mcpClientConfigs(baseUrl)
    .map((c) => `**${c.title}.** ${c.use}\n\n\`\`\`json\n${configText(c)}\n\`\`\``)
    .join("\n\n");
}
