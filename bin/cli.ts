// The `knowhub` commands (bin/knowhub.mjs loads this file). The agent commands run through
// lib/operations on the local database or, with KNOWHUB_API set, on that hub over REST; keys,
// import, export, backup, restore and migrate-engine are the npm scripts' own implementations; serve is `npm start`.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { agentCommand } from "../lib/cli/agent-commands";
import { cliHelp } from "../lib/cli/cli-help";
import { EXIT, UsageError } from "../lib/cli/exit-codes";
import { absoluteDatabaseUrl } from "../lib/cli/paths";
import { printError } from "../lib/cli/print-error";
import { runAgentCommand } from "../lib/cli/run-agent-command";
import { serveMcpStdio } from "../lib/mcp/serve-mcp-stdio";
import type { Hub } from "../lib/operations/hub";
import { admitToken, localHub } from "../lib/operations/local-hub";
import { remoteHubFromEnv } from "../lib/operations/remote-hub";
import { VERSION } from "../lib/version";
import { runBackup } from "../scripts/backup";
import { runExport } from "../scripts/export";
import { runMigrateEngine } from "../scripts/migrate-engine";
import { runRestore } from "../scripts/restore";
import { runImport } from "../scripts/import";
import { runKeys } from "../scripts/keys";

type Place = { root: string; invokedFrom: string };

function openHub(): Hub {
  return remoteHubFromEnv() ?? localHub(admitToken(process.env.KNOWHUB_TOKEN?.trim() || undefined));
}

export async function main(argv: string[], place: Place): Promise<number> {
  // The app's database by default, whichever folder the command was typed in.
  process.env.DATABASE_URL = absoluteDatabaseUrl(process.env.DATABASE_URL, place.invokedFrom, place.root);
  const io = { readStdin: () => readFileSync(0, "utf8"), cwd: place.invokedFrom };
  const [command, ...rest] = argv;
  switch (command) {
    case undefined:
      process.stderr.write(`${cliHelp()}\n`);
      return EXIT.badInput;
    case "--help":
    case "-h":
    case "help":
      process.stdout.write(`${cliHelp()}\n`);
      return EXIT.ok;
    case "--version":
      process.stdout.write(`${VERSION}\n`);
      return EXIT.ok;
    case "search":
      return runAgentCommand(agentCommand("search"), rest, openHub, io);
    case "resource":
      return runAgentCommand(agentCommand("resource"), rest, openHub, io);
    case "content":
      return runAgentCommand(agentCommand("content"), rest, openHub, io);
    case "categories":
      return runAgentCommand(agentCommand("categories"), rest, openHub, io);
    case "submit":
      return rest[0] === "content"
        ? runAgentCommand(agentCommand("submit_content"), rest.slice(1), openHub, io)
        : runAgentCommand(agentCommand("submit_experience"), rest[0] === "experience" ? rest.slice(1) : rest, openHub, io);
    case "confirm":
      return runAgentCommand(agentCommand("confirm_experience"), rest, openHub, io);
    case "flag":
      return runAgentCommand(agentCommand("flag_experience"), rest, openHub, io);
    case "keys":
      return runKeys(rest, place.invokedFrom);
    case "import":
      return runImport(rest, place.invokedFrom);
    case "export":
      return runExport(rest, place.invokedFrom);
    case "backup":
      return runBackup(rest, place.invokedFrom);
    case "restore":
      return runRestore(rest, place.invokedFrom);
    case "migrate-engine":
      return runMigrateEngine(rest, place.invokedFrom);
    case "serve":
      return serve(rest, place.root);
    case "mcp":
      return mcp(rest);
    default:
      return printError(new UsageError(`unknown command "${command}"; the commands are listed by knowhub --help`), { json: argv.includes("--json") });
  }
}

const SERVE_USAGE = "usage: knowhub serve [--host H] [--port P]   (as npm start: HOST, PORT and every KNOWHUB_* setting apply)";

/** `npm start` (scripts/start.mjs): the same checks, migration, build-when-stale and server. */
async function serve(argv: string[], root: string): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { host: { type: "string" }, port: { type: "string" }, help: { type: "boolean", short: "h" } } }));
  } catch (error) {
    return printError(new UsageError((error as Error).message), { json: false, usage: SERVE_USAGE });
  }
  if (values.help) {
    process.stdout.write(`${SERVE_USAGE}\n`);
    return EXIT.ok;
  }
  const env = { ...process.env, ...(values.host !== undefined ? { HOST: values.host } : {}), ...(values.port !== undefined ? { PORT: values.port } : {}) };
  const child = spawn(process.execPath, [join(root, "scripts", "start.mjs")], { cwd: root, env, stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => child.on("exit", (code) => resolve(code ?? EXIT.failed)));
}

const MCP_USAGE = `usage: knowhub mcp

An MCP server on stdin/stdout (for an agent host: {"command": "npx", "args": ["knowhub", "mcp"]}).
Tools: search_experiences, get_resource, get_content, list_categories, and submit_experience and
submit_content when the caller may write; the guide as resource knowhub://skill.md and prompt knowhub_guide.
Without KNOWHUB_API: the local database (DATABASE_URL), with KNOWHUB_TOKEN as the key when set.
With KNOWHUB_API: that hub over REST, sending KNOWHUB_TOKEN.`;

async function mcp(argv: string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(`${MCP_USAGE}\n`);
    return EXIT.ok;
  }
  if (argv.length) return printError(new UsageError(`unexpected argument: ${argv[0]}`), { json: false, usage: MCP_USAGE.split("\n")[0] });
  let hub: Hub;
  try {
    hub = openHub();
  } catch (error) {
    return printError(error, { json: false });
  }
  // stdout carries the protocol: anything else printed there would break it.
  console.log = console.error;
  console.info = console.error;
  await serveMcpStdio(hub);
  return EXIT.ok;
}
