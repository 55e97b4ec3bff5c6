// One typed config (lib/config/settings.ts): every variable the code reads is listed there and
// documented, and a bad value of any of them stops the start with a message naming it.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkSettings } from "@/lib/config/check-settings";
import { readSettings, SETTING_NAMES } from "@/lib/config/settings";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx|mjs)$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

const listed = new Set<string>([...SETTING_NAMES.server, ...SETTING_NAMES.client, ...SETTING_NAMES.internal, ...SETTING_NAMES.testing]);

describe("the settings", () => {
  it("list every KNOWHUB_* variable the code reads", () => {
    const seen = new Set<string>();
    for (const file of [...sources("lib"), ...sources("app"), ...sources("scripts"), ...sources("bin"), "proxy.ts"]) {
      for (const match of readFileSync(file, "utf8").matchAll(/\bKNOWHUB_[A-Z_]+[A-Z]\b/g)) seen.add(match[0]);
    }
    expect([...seen].filter((name) => !listed.has(name)).sort()).toEqual([]);
  });

  it("are each documented in the README", () => {
    const readme = readFileSync("README.md", "utf8");
    for (const name of [...SETTING_NAMES.server, ...SETTING_NAMES.client, ...SETTING_NAMES.testing]) expect(readme, name).toContain(`\`${name}\``);
  });

  it("read with no environment gives the documented defaults and no problem", () => {
    const { settings, problems } = readSettings({});
    expect(problems).toEqual([]);
    expect(settings).toMatchObject({
      databaseUrl: "file:./data/knowhub.db",
      host: "127.0.0.1",
      port: 3000,
      workers: 1,
      auth: { writes: "open", reads: "open" },
      busyTimeoutMs: 5000,
      moderation: "post",
      searchCache: 500,
      importTextCache: 20_000,
      logRetention: { maxAgeDays: 30, maxRows: 100_000 },
      adminToken: false,
    });
  });

  it.each([
    ["DATABASE_URL", "mysql://db/knowhub"],
    ["PORT", "70000"],
    ["KNOWHUB_WORKERS", "many"],
    ["KNOWHUB_AUTH", "sometimes"],
    ["KNOWHUB_RATE_WRITE", "lots"],
    ["KNOWHUB_LOG_DAYS", "0"],
    ["KNOWHUB_BUSY_TIMEOUT_MS", "5s"],
    ["KNOWHUB_MODERATION", "later"],
    ["KNOWHUB_ADMIN_SESSION_HOURS", "-1"],
    ["KNOWHUB_ADMIN_TOKEN", "short"],
    ["KNOWHUB_SEARCH_CACHE", "-5"],
    ["KNOWHUB_IMPORT_TEXT_CACHE", "1e3"],
    ["KNOWHUB_SEARCH_OFF", "everything"],
    ["KNOWHUB_PUBLIC_URL", "hub.example.com"],
    ["KNOWHUB_TRUST_PROXY", "my-proxy"],
    ["KNOWHUB_ALLOWED_HOSTS", "bad host!"],
  ])("refuse %s=%s at start, naming it", (name, value) => {
    const { problems } = checkSettings({ [name]: value });
    expect(problems.length, `${name}=${value} was accepted`).toBeGreaterThan(0);
    expect(problems.join("\n")).toContain(name);
  });
});
