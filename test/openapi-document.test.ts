// /api/openapi.json: a valid OpenAPI 3.1 document by a maintained validator (@readme/openapi-parser,
// which checks the document against the specification's JSON Schema and the rules it cannot state),
// linked from GET /api, naming the address it was reached at; the same for the served skill guide.
import { validate } from "@readme/openapi-parser";
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import * as indexRoute from "@/app/api/route";
import * as openapiRoute from "@/app/api/openapi.json/route";
import * as skillRoute from "@/app/skill.md/route";
import { ENDPOINTS, OPENAPI_PATH, type EndpointDoc } from "@/lib/api-index";
import { checkSettings } from "@/lib/config/check-settings";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
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

const fetchDocument = (host = "127.0.0.1:3000") => call(openapiRoute.GET, OPENAPI_PATH, { headers: { host } });

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    const answer = await fetchDocument();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(answer.json.openapi).toMatch(/^3\.1\./);
    const result = await validate(structuredClone(answer.json));
    expect(result.valid ? [] : result.errors, JSON.stringify(result, null, 2)).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it("is refused by the validator when broken, so the check above can fail", async () => {
    const broken = structuredClone(buildOpenApiDocument()) as any;
    // A path parameter the template names but no parameter declares.
    broken.paths["/api/resource/{name}"].get.parameters = [];
    expect((await validate(broken)).valid).toBe(false);
    const dangling = structuredClone(buildOpenApiDocument()) as any;
    dangling.paths["/api/health"].get.responses["200"].content["application/json"].schema = { $ref: "#/components/schemas/Nope" };
    expect((await validate(dangling)).valid).toBe(false);
  });

  it("is linked from GET /api", async () => {
    const index = await call(indexRoute.GET, "/api");
    expect(index.json.openapi).toBe(OPENAPI_PATH);
    expect(index.json.endpoints.map((e: EndpointDoc) => `${e.method} ${e.path}`)).toContain(`GET ${OPENAPI_PATH}`);
    // GET /api keeps its plain shape: no schemas leak into it.
    expect(Object.keys(index.json.endpoints[0]).sort()).toEqual(["auth", "description", "method", "parameters", "path"]);
  });

  it("documents the key scope, the input and the answers of every endpoint", () => {
    const doc = buildOpenApiDocument();
    for (const endpoint of ENDPOINTS) {
      const operation = doc.paths[endpoint.path]?.[endpoint.method.toLowerCase()] as Record<string, any>;
      expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      expect(operation["x-knowhub-auth"]).toBe(endpoint.auth);
      expect(operation.security.length > 0, `${endpoint.method} ${endpoint.path} security`).toBe(endpoint.auth !== "public");
      const documented = [
        ...operation.parameters.map((p: { in: string; name: string }) => `${p.in} ${p.name}`),
        ...Object.keys(operation.requestBody?.content["application/json"].schema.properties ?? {}).map((n) => `body ${n}`),
        // A whole body read by a protocol's own parser (MCP's JSON-RPC), named in parentheses.
        ...(operation.requestBody?.description?.startsWith("(") ? [`body ${operation.requestBody.description.split(":")[0]}`] : []),
      ].sort();
      expect(documented).toEqual(endpoint.parameters.map((p) => `${p.in} ${p.name}`).sort());
      if (endpoint.auth !== "public") expect(operation.responses["401"]).toBeDefined();
    }
  });

  it("refuses to build when lib/api-index.ts describes a parameter the handler's schema does not take", () => {
    const search = ENDPOINTS.find((e) => e.path === "/api/search")!;
    const drifted = { ...search, parameters: [...search.parameters, { name: "page", in: "query" as const, required: false, description: "x" }] };
    expect(() => buildOpenApiDocument({ endpoints: [drifted] })).toThrow(/"page"/);
    const undescribed = { ...search, parameters: search.parameters.filter((p) => p.name !== "explain") };
    expect(() => buildOpenApiDocument({ endpoints: [undescribed] })).toThrow(/"explain"/);
  });
});

describe("the address the hub names", () => {
  const guide = (host: string) => call(skillRoute.GET, "/skill.md", { headers: { host } });

  it("the guide is written with the default address, which the served guide replaces", async () => {
    expect(readFileSync("skill/knowhub.md", "utf8")).toContain(GUIDE_ADDRESS);
    delete process.env.KNOWHUB_PUBLIC_URL;
    const served = await guide("localhost:3917");
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toMatch(/^text\/markdown/);
    expect(served.text).toContain('KNOWHUB_API:-http://localhost:3917}"');
    expect(served.text).not.toContain(GUIDE_ADDRESS);
  });

  it("names a host listed in KNOWHUB_ALLOWED_HOSTS, in the guide and in the document's server", async () => {
    delete process.env.KNOWHUB_PUBLIC_URL;
    delete process.env.HOST;
    process.env.KNOWHUB_ALLOWED_HOSTS = "hub.example.com";
    expect((await guide("hub.example.com:8080")).text).toContain("http://hub.example.com:8080");
    expect((await fetchDocument("hub.example.com")).json.servers).toEqual([{ url: "http://hub.example.com" }]);
  });

  it("never reflects a Host the rebinding guard would refuse, nor any Host on a public bind that checks none", async () => {
    delete process.env.KNOWHUB_PUBLIC_URL;
    delete process.env.HOST;
    process.env.KNOWHUB_ALLOWED_HOSTS = "hub.example.com";
    process.env.PORT = "3917";
    for (const host of ["evil.example", "hub.example.com.evil.example", "evil.example/x?y"]) {
      const served = await guide(host);
      expect(served.text).not.toContain("evil.example");
      expect(served.text).toContain("http://127.0.0.1:3917");
    }
    process.env.HOST = "0.0.0.0";
    delete process.env.KNOWHUB_ALLOWED_HOSTS;
    expect((await guide("evil.example")).text).not.toContain("evil.example");
    expect((await fetchDocument("evil.example")).json.servers).toEqual([{ url: "http://127.0.0.1:3917" }]);
  });

  it("KNOWHUB_PUBLIC_URL overrides the Host, and a malformed one stops the start", async () => {
    process.env.KNOWHUB_PUBLIC_URL = "https://knowhub.example.org/";
    expect((await guide("localhost:3000")).text).toContain('KNOWHUB_API:-https://knowhub.example.org}"');
    expect((await fetchDocument()).json.servers).toEqual([{ url: "https://knowhub.example.org" }]);
    for (const bad of ["knowhub.example.org", "ftp://knowhub.example.org", "https://u:p@knowhub.example.org", "https://x.example/?a=1"]) {
      expect(checkSettings({ KNOWHUB_PUBLIC_URL: bad }).problems.join("\n"), bad).toMatch(/KNOWHUB_PUBLIC_URL/);
    }
    expect(checkSettings({ KNOWHUB_PUBLIC_URL: "https://hub.example.org/knowhub" }).problems.join("\n")).not.toMatch(/KNOWHUB_PUBLIC_URL/);
  });
});
