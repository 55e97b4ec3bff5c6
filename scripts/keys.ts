// npm run keys -- create --label NAME --scope read|write|moderate [--trusted] [--db file:PATH]
// npm run keys -- list [--db file:PATH]
// npm run keys -- revoke ID [--db file:PATH]
// Maintainers manage API keys from the shell. Output is JSON, one object per line, on stdout:
// `create` prints {"id","label","scope","token"} (the only time the token is shown), `list` one
// line per key (never a token), `revoke` the revoked key. Errors go to stderr, exit code 1 (2 for usage).
import { parseArgs } from "node:util";
import { closeDb } from "../lib/db";
import { isDomainError } from "../lib/errors";
import { createKey } from "../lib/keys/create-key";
import { listKeys } from "../lib/keys/list-keys";
import { revokeKey } from "../lib/keys/revoke-key";
import { createKeyInput } from "../lib/keys/schema";
import { parseInput } from "../lib/validation";

const USAGE = `usage:
  npm run keys -- create --label NAME --scope read|write|moderate [--trusted]
  npm run keys -- list
  npm run keys -- revoke ID
options: --db file:PATH (default DATABASE_URL, or file:./data/knowhub.db)`;

function usage(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function main(): void {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        label: { type: "string" },
        scope: { type: "string" },
        trusted: { type: "boolean", default: false },
        db: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    usage((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (values.db) process.env.DATABASE_URL = values.db;
  const [command, ...rest] = positionals;
  if (command === "create") {
    if (rest.length) usage(`unexpected argument: ${rest[0]}`);
    if (values.label === undefined || values.scope === undefined) usage("create needs --label and --scope");
    const input = parseInput(createKeyInput, { label: values.label, scope: values.scope, trusted: values.trusted }, "key");
    console.log(JSON.stringify(createKey(input)));
  } else if (command === "list") {
    if (rest.length) usage(`unexpected argument: ${rest[0]}`);
    for (const key of listKeys()) console.log(JSON.stringify(key));
  } else if (command === "revoke") {
    if (rest.length !== 1) usage("revoke needs exactly one key id");
    console.log(JSON.stringify(revokeKey(rest[0])));
  } else {
    usage(command ? `unknown command: ${command}` : "name a command");
  }
}

try {
  main();
} catch (error) {
  if (isDomainError(error)) {
    console.error(JSON.stringify({ error: { code: error.code, message: error.message, details: error.details } }));
    process.exitCode = 1;
  } else {
    throw error;
  }
} finally {
  void closeDb();
}
