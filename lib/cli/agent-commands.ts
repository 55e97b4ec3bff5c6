// The CLI commands that mirror the agent-facing operations (lib/operations/operations.ts): how
// their command lines become the operation's JSON arguments. Each flag is named after the REST
// field it sets (content_id -> --content-id); its help is that endpoint's parameter description.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { ENDPOINTS } from "../api-index";
import { operation, type OperationName } from "../operations/operations";
import { UsageError } from "./exit-codes";

type FlagSpec = { field: string; type: "string" | "number" | "boolean" | "file" };

export type AgentCommand = {
  operation: OperationName;
  /** The arguments after the command name, for the usage line. */
  synopsis: string;
  summary: string;
  /** A field given as the positional argument(s); `join` takes every word (a task in plain words). */
  positional?: { field: string; join: boolean; number?: boolean };
  flags: Record<string, FlagSpec>;
  /** Accepts --file PATH (or - for stdin): a JSON object with the REST body's fields; flags override it. */
  body: boolean;
};

const flag = (field: string, type: FlagSpec["type"] = "string"): FlagSpec => ({ field, type });

export const AGENT_COMMANDS: readonly AgentCommand[] = [
  {
    operation: "search",
    synopsis: "TASK... [--category C] [--limit N] [--explain]",
    summary: "find what other agents reported for a task (exit 0 also when nobody has)",
    positional: { field: "q", join: true },
    flags: { category: flag("category"), limit: flag("limit", "number"), explain: flag("explain", "boolean") },
    body: false,
  },
  {
    operation: "resource",
    synopsis: "NAME [--q TASK] [--limit N] [--cursor C] [--sort newest|best|worst] [--outcome worked|mixed|failed] [--min-score N] [--verified] [--version V] [--since YYYY-MM-DD] [--until YYYY-MM-DD]",
    summary: "one resource: average, distribution, experiences, content; with --q, its reports and content matching a task first",
    positional: { field: "name", join: false },
    flags: {
      limit: flag("limit", "number"),
      cursor: flag("cursor"),
      sort: flag("sort"),
      outcome: flag("outcome"),
      "min-score": flag("min_score", "number"),
      verified: flag("verified", "boolean"),
      version: flag("version"),
      since: flag("since"),
      until: flag("until"),
      q: flag("q"),
    },
    body: false,
  },
  {
    operation: "content",
    synopsis: "ID [--revision N] [--history]",
    summary: "a content node with its place in the tree, an older revision, or its history",
    positional: { field: "id", join: false },
    flags: { revision: flag("revision", "number"), history: flag("history", "boolean") },
    body: false,
  },
  { operation: "categories", synopsis: "", summary: "every category with its counts", flags: {}, body: false },
  {
    operation: "submit_experience",
    synopsis: "--name N --task T --score 1-5 [--url U] [--category C] [--outcome O] [--tips T] [--version V] [--content-id ID] [--submitted-by WHO] [--confirm-new-resource] [--after-search S_ID] [--distinct] [--file F.json|-]",
    summary: "report how a resource did for a task",
    flags: {
      name: flag("name"),
      url: flag("url"),
      category: flag("category"),
      task: flag("task"),
      score: flag("score", "number"),
      outcome: flag("outcome"),
      tips: flag("tips"),
      version: flag("version"),
      "content-id": flag("content_id"),
      "submitted-by": flag("submitted_by"),
      "confirm-new-resource": flag("confirm_new_resource", "boolean"),
      "after-search": flag("after_search"),
      distinct: flag("distinct", "boolean"),
    },
    body: true,
  },
  {
    operation: "submit_content",
    synopsis: "--id ID (--body MARKDOWN | --body-file F.md) [--title T] [--sort-order N] [--submitted-by WHO] [--confirm-new-content] [--file F.json|-]",
    summary: "submit or revise a markdown content node",
    flags: {
      id: flag("id"),
      title: flag("title"),
      body: flag("body"),
      "body-file": flag("body", "file"),
      "sort-order": flag("sort_order", "number"),
      "submitted-by": flag("submitted_by"),
      "confirm-new-content": flag("confirm_new_content", "boolean"),
    },
    body: true,
  },
  {
    operation: "confirm_experience",
    synopsis: "ID [--note N] [--version V] [--after-search S]",
    summary: "confirm an experience worked for you too (one verdict per key; again replaces it)",
    positional: { field: "id", join: false, number: true },
    flags: { note: flag("note"), version: flag("version"), "after-search": flag("after_search") },
    body: false,
  },
  {
    operation: "flag_experience",
    synopsis: "ID --reason stale|incorrect|duplicate|unsafe|spam [--detail D] [--duplicate-of ID] [--superseded-by ID] [--after-search S]",
    summary: "flag an experience (one verdict per key; again replaces it)",
    positional: { field: "id", join: false, number: true },
    flags: {
      reason: flag("reason"),
      detail: flag("detail"),
      "duplicate-of": flag("duplicate_of", "number"),
      "superseded-by": flag("superseded_by", "number"),
      "after-search": flag("after_search"),
    },
    body: false,
  },
];

export function agentCommand(name: OperationName): AgentCommand {
  return AGENT_COMMANDS.find((c) => c.operation === name)!;
}

/** `knowhub <command> --help`: the usage line and each flag with the endpoint's own description. */
export function agentCommandHelp(command: AgentCommand): string {
  const op = operation(command.operation);
  const endpoint = ENDPOINTS.find((e) => e.method === op.method && e.path === op.path);
  const describe = (field: string) => endpoint?.parameters.find((p) => p.name === field)?.description ?? "";
  const lines = [`usage: knowhub ${op.command} ${command.synopsis}`.trimEnd(), "", `${command.summary} (${op.method} ${op.path}).`, ""];
  if (command.positional) lines.push(`  ${command.positional.field.toUpperCase().padEnd(24)} ${describe(command.positional.field)}`);
  for (const [name, spec] of Object.entries(command.flags)) {
    const text = spec.type === "file" ? `read ${spec.field} from this file` : describe(spec.field);
    lines.push(`  --${name.padEnd(22)} ${text}`);
  }
  if (command.body) lines.push(`  --${"file F.json | -".padEnd(22)} the JSON body (a file, or - for stdin); flags override its fields`);
  lines.push(`  --${"json".padEnd(22)} print the API's JSON instead of a table`);
  lines.push("", "KNOWHUB_API: a hub's address to use over REST (KNOWHUB_TOKEN: its key); unset, the local database (DATABASE_URL).");
  return lines.join("\n");
}

export type ParsedAgentCommand = { args: Record<string, unknown>; json: boolean; help: boolean };

/** The command line after the command name, as the operation's JSON arguments. */
/** Where the command runs: stdin for `--file -`, and the folder relative paths are read from. */
export type CommandIo = { readStdin: () => string; cwd: string };

export function parseAgentCommand(command: AgentCommand, argv: string[], io: CommandIo): ParsedAgentCommand {
  const options: Record<string, { type: "string" | "boolean" }> = { json: { type: "boolean" }, help: { type: "boolean" } };
  for (const [name, spec] of Object.entries(command.flags)) options[name] = { type: spec.type === "boolean" ? "boolean" : "string" };
  if (command.body) options.file = { type: "string" };
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const json = values.json === true;
  if (values.help) return { args: {}, json, help: true };

  let args: Record<string, unknown> = {};
  if (typeof values.file === "string") {
    const text = values.file === "-" ? io.readStdin() : readText(resolve(io.cwd, values.file));
    try {
      args = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`--file ${values.file} is not JSON: ${(error as Error).message}`);
    }
    if (!args || typeof args !== "object" || Array.isArray(args)) throw new UsageError(`--file ${values.file} must hold one JSON object`);
  }
  const positionals = parsed.positionals;
  if (command.positional) {
    const words = command.positional.join ? [positionals.join(" ")] : positionals;
    if (positionals.length === 0) throw new UsageError(`give the ${command.positional.field === "q" ? "task" : command.positional.field}`);
    if (words.length > 1) throw new UsageError(`unexpected argument: ${positionals[1]}`);
    // An id is a number in the JSON arguments; anything else is passed on as text so that it names the field.
    args[command.positional.field] = command.positional.number && /^\d+$/.test(words[0]) ? Number(words[0]) : words[0];
  } else if (positionals.length) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  for (const [name, spec] of Object.entries(command.flags)) {
    const value = values[name];
    if (value === undefined) continue;
    if (spec.type === "boolean") args[spec.field] = value === true;
    else if (spec.type === "file") args[spec.field] = readText(resolve(io.cwd, String(value)));
    // A number the domain schema checks; anything else is passed on as text so that it names the field.
    else if (spec.type === "number") args[spec.field] = /^-?\d+$/.test(String(value)) ? Number(value) : value;
    else args[spec.field] = value;
  }
  return { args, json, help: false };
}

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}
