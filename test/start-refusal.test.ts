// `npm start` on a public address in open mode must refuse before it creates or serves anything.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkSettings } from "@/lib/config/check-settings";

describe("start-up settings", () => {
  it("refuses open writes on a non-loopback HOST unless the operator says so", () => {
    expect(checkSettings({ HOST: "0.0.0.0" }).problems.join("\n")).toMatch(/KNOWHUB_AUTH=keys[\s\S]*KNOWHUB_ALLOW_OPEN_WRITES=1/);
    expect(checkSettings({ HOST: "0.0.0.0", KNOWHUB_ALLOW_OPEN_WRITES: "1" }).problems).toEqual([]);
    expect(checkSettings({ HOST: "0.0.0.0", KNOWHUB_AUTH: "keys" }).problems).toEqual([]);
    for (const host of [undefined, "127.0.0.1", "localhost", "::1"]) expect(checkSettings({ HOST: host }).problems).toEqual([]);
  });

  it("names every bad setting", () => {
    const { problems } = checkSettings({ KNOWHUB_AUTH: "closed", KNOWHUB_RATE_WRITE: "lots", KNOWHUB_LOG_DAYS: "-1" });
    expect(problems.join("\n")).toMatch(/KNOWHUB_AUTH[\s\S]*KNOWHUB_RATE_WRITE[\s\S]*KNOWHUB_LOG_DAYS/);
    expect(checkSettings({ KNOWHUB_READ: "keys" }).problems.join("\n")).toMatch(/KNOWHUB_READ=keys needs KNOWHUB_AUTH=keys/);
  });

  it("npm start exits non-zero with the fix, and creates no database", () => {
    const dir = mkdtempSync(join(tmpdir(), "knowhub-start-"));
    const env: NodeJS.ProcessEnv = { ...process.env, HOST: "0.0.0.0", PORT: "3999", DATABASE_URL: `file:${join(dir, "x.db")}` };
    delete env.KNOWHUB_AUTH;
    delete env.KNOWHUB_ALLOW_OPEN_WRITES;
    const result = spawnSync(process.execPath, ["scripts/start.mjs"], { env, encoding: "utf8", timeout: 60_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("KNOWHUB_AUTH=keys");
    expect(result.stderr).toContain("KNOWHUB_ALLOW_OPEN_WRITES=1");
    expect(existsSync(join(dir, "x.db"))).toBe(false);
  });

  it("serve.mjs run directly applies the same check, and refuses an empty address", () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: "file:/nonexistent/never.db" };
    delete env.KNOWHUB_AUTH;
    delete env.KNOWHUB_ALLOW_OPEN_WRITES;
    delete env.KNOWHUB_SETTINGS_CHECKED;
    const open = spawnSync(process.execPath, ["scripts/serve.mjs", "-H", "0.0.0.0", "-p", "3998"], { env, encoding: "utf8", timeout: 60_000 });
    expect(open.status).toBe(1);
    expect(open.stderr).toContain("KNOWHUB_ALLOW_OPEN_WRITES=1");
    const empty = spawnSync(process.execPath, ["scripts/serve.mjs", "-H", "", "-p", "3998"], { env, encoding: "utf8", timeout: 60_000 });
    expect(empty.status).toBe(1);
    expect(empty.stderr).toContain("needs an address");
  });
});
