// Every setting the server reads, checked once before it starts (scripts/check-settings.ts): a
// typo or an unsafe combination stops `npm start` with the fix, instead of serving something the
// operator did not mean. Above all, a public bind never opens writes silently.
import { readAuthConfig } from "../auth/auth-config";
import { readBootstrapToken, sessionLifetimeMs } from "../admin/session-config";
import { readLimitsConfig, readLogRetentionConfig } from "../limits/limits-config";
import { readModerationMode } from "../moderation/moderation-config";
import { readSearchSwitches } from "../search/search-config";
import { readPublicUrl } from "../public-url";
import { hostPolicy, isLoopbackBinding } from "../security/host-check";

type Env = Record<string, string | undefined>;

export type SettingsCheck = { problems: string[]; summary: string[] };

export function checkSettings(env: Env = process.env): SettingsCheck {
  const problems: string[] = [];
  const summary: string[] = [];
  const attempt = <T>(read: () => T): T | null => {
    try {
      return read();
    } catch (error) {
      problems.push((error as Error).message);
      return null;
    }
  };
  const auth = attempt(() => readAuthConfig(env));
  attempt(() => readLimitsConfig(env));
  attempt(() => readLogRetentionConfig(env));
  attempt(() => readModerationMode(env));
  const switches = attempt(() => readSearchSwitches(env));
  if (switches && !(switches.lexicon && switches.wordLists && switches.gate)) {
    summary.push(`search: KNOWHUB_SEARCH_OFF=${env.KNOWHUB_SEARCH_OFF} (a measurement setting: answers are worse without these parts)`);
  }
  attempt(() => sessionLifetimeMs(env));
  attempt(() => readBootstrapToken(env));
  attempt(() => readPublicUrl(env));
  attempt(() => checkWorkers(env));
  const { invalid } = hostPolicy(env);
  if (invalid.length) problems.push(`KNOWHUB_ALLOWED_HOSTS has entries that are not host names: ${invalid.join(", ")}`);

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

/** KNOWHUB_WORKERS (scripts/serve.mjs, which reads it the same way): blank or `auto`, or 1 to 64. */
function checkWorkers(env: Env): void {
  const setting = env.KNOWHUB_WORKERS;
  const text = (setting ?? "").trim();
  if (text === "" || text.toLowerCase() === "auto") return;
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > 64) {
    throw new Error(`KNOWHUB_WORKERS=${JSON.stringify(setting)} is not valid: use a whole number from 1 to 64, or "auto" (one per core).`);
  }
}
