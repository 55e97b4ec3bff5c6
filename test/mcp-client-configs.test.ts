// The paste-ready MCP client configs (lib/mcp-client-configs.ts): one source, shown in GET /api
// (naming the address the index was asked at, never an unvetted Host), in the guide (whose copy
// must equal what lib renders for the guide's address), and on /api-reference.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import * as indexRoute from "@/app/api/route";
import * as skillRoute from "@/app/skill.md/route";
import { KEY_PLACEHOLDER, MCP_PATH, mcpClientConfigs, mcpConfigsMarkdown } from "@/lib/mcp-client-configs";
import { GUIDE_ADDRESS } from "@/lib/skill-guide";
import { call } from "./http";

const ENV = ["KNOWHUB_PUBLIC_URL", "HOST", "KNOWHUB_ALLOWED_HOSTS", "PORT"] as const;
const saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of ENV) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe("the MCP client configs", () => {
  it("point HTTP clients at the hub's /api/mcp and stdio clients at the package, each without and with a key", () => {
    const configs = Object.fromEntries(mcpClientConfigs("https://hub.example.com").map((c) => [c.id, c.config.mcpServers.knowhub]));
    expect(configs).toEqual({
      http: { type: "http", url: "https://hub.example.com/api/mcp" },
      "http-key": { type: "http", url: "https://hub.example.com/api/mcp", headers: { Authorization: `Bearer ${KEY_PLACEHOLDER}` } },
      stdio: { command: "npx", args: ["-y", "knowhub", "mcp"], env: { KNOWHUB_API: "https://hub.example.com" } },
      "stdio-key": { command: "npx", args: ["-y", "knowhub", "mcp"], env: { KNOWHUB_API: "https://hub.example.com", KNOWHUB_TOKEN: KEY_PLACEHOLDER } },
    });
  });

  it("are in the guide exactly as lib renders them for the guide's address", () => {
    const guide = readFileSync("skill/knowhub.md", "utf8");
    expect(guide, `skill/knowhub.md must contain:\n${mcpConfigsMarkdown(GUIDE_ADDRESS)}`).toContain(mcpConfigsMarkdown(GUIDE_ADDRESS));
  });

  it("in the served guide name the address it was reached at", async () => {
    delete process.env.KNOWHUB_PUBLIC_URL;
    const served = await call(skillRoute.GET, "/skill.md", { headers: { host: "localhost:3917" } });
    expect(served.text).toContain(mcpConfigsMarkdown("http://localhost:3917"));
  });

  it("are in GET /api for the address it was asked at, and never for a Host the guard would refuse", async () => {
    delete process.env.KNOWHUB_PUBLIC_URL;
    delete process.env.HOST;
    process.env.KNOWHUB_ALLOWED_HOSTS = "hub.example.com";
    process.env.PORT = "3917";
    const index = await call(indexRoute.GET, "/api", { headers: { host: "hub.example.com:8080" } });
    expect(index.status).toBe(200);
    expect(index.headers.get("vary")).toMatch(/host/i);
    expect(index.json.mcp.url).toBe(`http://hub.example.com:8080${MCP_PATH}`);
    expect(index.json.mcp.configs).toEqual(mcpClientConfigs("http://hub.example.com:8080"));
    const evil = await call(indexRoute.GET, "/api", { headers: { host: "evil.example" } });
    expect(evil.text).not.toContain("evil.example");
    expect(evil.json.mcp.url).toBe(`http://127.0.0.1:3917${MCP_PATH}`);
    process.env.KNOWHUB_PUBLIC_URL = "https://knowhub.example.org/hub";
    expect((await call(indexRoute.GET, "/api")).json.mcp.configs[2].config.mcpServers.knowhub.env.KNOWHUB_API).toBe("https://knowhub.example.org/hub");
  });
});
