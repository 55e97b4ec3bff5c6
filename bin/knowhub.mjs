#!/usr/bin/env node
// `knowhub`, the package's command (`npx knowhub ...` in the project after `npm install`). It runs
// the TypeScript sources as they are, no build step: tsx's require hook compiles each file on load,
// as `npm run` does for the scripts. The commands are in bin/cli.ts.
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/cjs/api";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const invokedFrom = process.cwd();
// lib/ reads its migrations, word lists and the guide from the project folder; paths a person
// types are resolved against invokedFrom (bin/cli.ts).
process.chdir(root);
register();
const { main } = createRequire(import.meta.url)("./cli.ts");
process.exitCode = await main(process.argv.slice(2), { root, invokedFrom });
