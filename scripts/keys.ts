// npm run keys -- create --label NAME --scope read|write|moderate [--trusted] [--db file:PATH]
// npm run keys -- list [--db file:PATH]
// npm run keys -- revoke ID [--db file:PATH]
// (also `knowhub keys ...`: the CLI runs runKeys below.)
// Maintainers manage API keys from the shell. Output is JSON, one object per line, on stdout:
// `create` prints {"id","label","scope","token"} (the only time the token is shown), `list` one
// line per key (never a token), `revoke` the revoked key. Errors go to stderr with the CLI's exit
// codes (lib/cli/exit-codes.ts: 2 bad input or usage, 4 unknown key).
import { parseArgs } from "node:util";
import { closeDb } from "../lib/db";
import { EXIT, UsageError } from "../lib/cli/exit-codes";
import { absoluteDatabaseUrl } from "../lib/cli/paths";
import { printError } from "../lib/cli/print-error";
import { createKey } from "../lib/keys/create-key";
import { listKeys } from "../lib/keys/list-keys";
import { revokeKey } from "../lib/keys/revoke-key";
import { createKeyInput } from "../lib/keys/schema";
import { parseInput } from "../lib/validation";

export const KEYS_USAGE = `usage:
  knowhub keys create --label NAME --scope read|write|moderate [--trusted]   (or npm run -s keys -- create ...)
  knowhub keys list
  knowhub keys revoke ID
options: --db file:PATH (default DATABASE_URL, or file:./data/knowhub.db); output is JSON lines (--json is accepted)`;

function usage(message: string): never {
  throw new UsageError(message);
}

/** The keys command on argv (after "keys"); returns the exit code. */
export async function runKeys(argv: string[], cwd = process.cwd()): Promise<number> {
  try {
    await keys(argv, cwd);
    return EXIT.ok;
  } catch (error) {
    // Failures of the keys themselves are JSON like the output; a usage mistake gets the usage text.
    return printError(error, { json: !(error instanceof UsageError), usage: KEYS_USAGE });
  } finally {
    await closeDb();
  }
}

async function keys(argv: string[], cwd: string): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        label: { type: "string" },
        scope: { type: "string" },
        trusted: { type: "boolean", default: false },
        db: { type: "string" },
        help: { type: "boolean", short: "h" },
        json: { type: "boolean" },
      },
    });
  } catch (error) {
    usage((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(KEYS_USAGE);
    return;
  }
  if (values.db) process.env.DATABASE_URL = absoluteDatabaseUrl(values.db, cwd, cwd);
  const [command, ...rest] = positionals;
  if (command === "create") {
    if (rest.length) usage(`unexpected argument: ${rest[0]}`);
    if (values.label === undefined || values.scope === undefined) usage("create needs --label and --scope");
    const input = parseInput(createKeyInput, { label: values.label, scope: values.scope, trusted: values.trusted }, "key");
    console.log(JSON.stringify(await createKey(input)));
  } else if (command === "list") {
    if (rest.length) usage(`unexpected argument: ${rest[0]}`);
    for (const key of await listKeys()) console.log(JSON.stringify(key));
  } else if (command === "revoke") {
    if (rest.length !== 1) usage("revoke needs exactly one key id");
    console.log(JSON.stringify(await revokeKey(rest[0])));
  } else {
    usage(command ? `unknown command: ${command}` : "name a command");
  }
}

// Run as a script (npm run keys); imported by the CLI, it only exports runKeys.
if (require.main === module) void runKeys(process.argv.slice(2)).then((code) => (process.exitCode = code));
