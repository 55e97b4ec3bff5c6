// Run by `npm start` before anything else: refuses to start on a bad or unsafe setting (exit 1,
// with the fix), otherwise prints who may read and write.
import { checkSettings } from "../lib/config/check-settings";
import { countActiveKeys } from "../lib/keys/repo";
import { closeDb } from "../lib/db";
import { readAuthConfig } from "../lib/auth/auth-config";

const { problems, summary } = checkSettings();
if (problems.length) {
  console.error(`knowhub: not starting.\n\n${problems.map((p) => `- ${p}`).join("\n\n")}\n`);
  process.exit(1);
}
for (const line of summary) console.log(`knowhub: ${line}`);

async function noteMissingKeys(): Promise<void> {
  if (readAuthConfig().writes === "keys" && (await countActiveKeys()) === 0) {
    console.log("knowhub: no API key exists yet: create one with `npm run -s keys -- create --label NAME --scope write`.");
  }
}

void noteMissingKeys()
  .catch((error) => {
    console.error(`knowhub: not starting: the database cannot be opened: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  })
  .finally(() => closeDb());
