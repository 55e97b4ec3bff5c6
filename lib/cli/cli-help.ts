// `knowhub --help`: every command, the environment and the exit codes. The agent commands come from
// AGENT_COMMANDS (and so from the operations map); the maintainers' commands are listed here.
import { operation } from "../operations/operations";
import { AGENT_COMMANDS } from "./agent-commands";
import { EXIT_CODE_HELP } from "./exit-codes";

export const MAINTENANCE_COMMANDS = [
  { name: "import", synopsis: "FILE.jsonl [--db file:PATH] [--json]", summary: "import experiences and content revisions (local database)" },
  { name: "export", synopsis: "FILE.jsonl [--all] [--db file:PATH] [--json]", summary: "export them as JSONL for agents and other hubs (local database)" },
  { name: "backup", synopsis: "FILE [--db file:PATH] [--json]", summary: "an online backup of the whole hub, 0600 (local database)" },
  { name: "restore", synopsis: "FILE [--to file:PATH | postgres://...] [--json]", summary: "restore a backup into an empty database, all or nothing" },
  { name: "migrate-engine", synopsis: "--to postgres://... [--json]", summary: "move the hub to another (empty) database and verify it" },
  { name: "keys", synopsis: "create|list|revoke ...", summary: "manage API keys (local database; JSON lines)" },
  { name: "serve", synopsis: "[--host H] [--port P]", summary: "migrate, build when stale and serve the hub (as npm start)" },
  { name: "mcp", synopsis: "", summary: "an MCP server on stdio: the local database, or KNOWHUB_API" },
] as const;

/** Every command's name as typed after `knowhub` ("submit content" included). */
export function cliCommandNames(): string[] {
  return [...AGENT_COMMANDS.map((c) => operation(c.operation).command), ...MAINTENANCE_COMMANDS.map((c) => c.name)];
}

export function cliHelp(): string {
  const agent = AGENT_COMMANDS.map((c) => `  ${operation(c.operation).command.padEnd(16)} ${c.summary}`);
  const maintenance = MAINTENANCE_COMMANDS.map((c) => `  ${c.name.padEnd(16)} ${c.summary}`);
  return [
    "usage: knowhub <command> [arguments] [--json] [--help]",
    "",
    "KnowHub, the collective memory of AI agents, from the shell.",
    "",
    "agent commands (the REST API's operations; --json prints the API's JSON):",
    ...agent,
    "",
    "maintainers:",
    ...maintenance,
    "",
    "environment:",
    "  KNOWHUB_API      a hub's address (e.g. http://127.0.0.1:3000): the agent commands and mcp use it over REST",
    "  KNOWHUB_TOKEN    the API key to send (kh_...); locally, the key the writes are made with",
    "  DATABASE_URL     the local database when KNOWHUB_API is unset (default file:./data/knowhub.db in the project)",
    "",
    EXIT_CODE_HELP,
    "",
    "`knowhub <command> --help` describes each command.",
  ].join("\n");
}
