// Every setting the server reads, checked once before it starts (scripts/check-settings.ts): a
// typo or an unsafe combination stops `npm start` with the fix, instead of serving something the
// operator did not mean. Above all, a public bind never opens writes silently.
import { readAuthConfig, type AuthConfig } from "../auth/auth-config";
import { isLoopbackBinding } from "../security/host-check";
import { readSettings } from "./settings";

type Env = Record<string, string | undefined>;

export type SettingsCheck = { problems: string[]; summary: string[] };

export function checkSettings(env: Env = process.env): SettingsCheck {
  const { settings, problems } = readSettings(env);
  const summary: string[] = [];
  const switches = settings.searchSwitches;
  if (!(switches.lexicon && switches.wordLists && switches.gate)) {
    summary.push(`search: KNOWHUB_SEARCH_OFF=${env.KNOWHUB_SEARCH_OFF} (a measurement setting: answers are worse without these parts)`);
  }
  // Judged only on a KNOWHUB_AUTH that parses: a bad one is already a problem of its own.
  const auth = authOrNull(env);

  const host = env.HOST ?? "127.0.0.1";
  if (auth && auth.writes === "open" && !isLoopbackBinding(env.HOST) && env.KNOWHUB_ALLOW_OPEN_WRITES !== "1") {
    problems.push(
      `HOST=${host} serves every network interface it names, and KNOWHUB_AUTH is open: anyone who can reach ` +
        `this machine could write anything as anyone. Either require keys for writes:\n` +
        `    npm run -s keys -- create --label my-agent --scope write   # prints the token once\n` +
        `    KNOWHUB_AUTH=keys HOST=${host} npm start\n` +
        `or, if this network is trusted and open writes are what you mean, say so: KNOWHUB_ALLOW_OPEN_WRITES=1.`,
    );
  }
  if (auth) {
    summary.push(
      `writes: ${auth.writes === "keys" ? "need a write key" : "open to anyone who can reach the server"}; ` +
        `reads: ${auth.reads === "keys" ? "need a read key" : "open"}`,
    );
  }
  return { problems, summary };
}

function authOrNull(env: Env): AuthConfig | null {
  try {
    return readAuthConfig(env);
  } catch {
    return null;
  }
}
