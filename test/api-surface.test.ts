// The routes under app/, the index served at GET /api, the OpenAPI document, skill/knowhub.md and
// docs/api.md must describe the same endpoints: a route nobody documents, or a documented one that
// is gone, fails.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "@/lib/api-index";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return routeFiles(path);
    return e.name === "route.ts" ? [path] : [];
  });
}

function routePath(file: string): string {
  const dir = relative("app", file).replace(/\/?route\.ts$/, "");
  const segments = dir
    .split("/")
    .filter((s) => s && !/^\(.*\)$/.test(s))
    .map((s) => s.replace(/^\[\.\.\.(\w+)\]$/, "{$1}").replace(/^\[(\w+)\]$/, "{$1}"));
  return `/${segments.join("/")}`;
}

async function implementedEndpoints(): Promise<string[]> {
  const out: string[] = [];
  for (const file of routeFiles("app")) {
    const path = routePath(file);
    // The JSON 404 for unknown paths, and the console's form targets (not API: session + CSRF).
    if (path === "/api/{rest}" || path.startsWith("/admin/")) continue;
    const mod = (await import(/* @vite-ignore */ join(process.cwd(), file))) as Record<string, unknown>;
    for (const method of METHODS) {
      const handler = mod[method] as ((r: Request, c: unknown) => Promise<Response> | Response) | undefined;
      if (!handler) continue;
      const response = await handler(new Request(`http://127.0.0.1${path}`, { method }), {
        params: Promise.resolve({ name: [], id: [] }),
      });
      if (response.status !== 405) out.push(`${method} ${path}`);
    }
  }
  return out.sort();
}

describe("the API surface", () => {
  const documented = ENDPOINTS.map((e) => `${e.method} ${e.path}`).sort();

  it("GET /api lists exactly the implemented endpoints", async () => {
    expect(await implementedEndpoints()).toEqual(documented);
  });

  it("the OpenAPI document lists exactly the implemented endpoints", async () => {
    const { paths } = buildOpenApiDocument();
    const inDocument = Object.entries(paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(inDocument).toEqual(await implementedEndpoints());
  });

  it.each(["skill/knowhub.md", "docs/api.md"])("%s describes every endpoint", (file) => {
    const text = readFileSync(file, "utf8");
    for (const endpoint of ENDPOINTS) {
      const docPath = endpoint.path.replace("{id}", "{id...}");
      const mentioned = text.includes(`${endpoint.method} ${endpoint.path}`) || text.includes(`${endpoint.method} ${docPath}`);
      expect(mentioned, `${file} does not mention ${endpoint.method} ${endpoint.path}`).toBe(true);
    }
  });

  it("skill/knowhub.md mentions no endpoint that does not exist", () => {
    const text = readFileSync("skill/knowhub.md", "utf8");
    const known = new Set(ENDPOINTS.map((e) => `${e.method} ${e.path}`));
    const mentioned = [...text.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/[^\s`?]*)/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(mentioned.length).toBeGreaterThan(5);
    for (const m of mentioned) expect(known.has(m), `skill/knowhub.md mentions unknown ${m}`).toBe(true);
  });

  it("needs exactly the key scope GET /api says, when the hub enforces keys for reads and writes", async () => {
    const saved = { auth: process.env.KNOWHUB_AUTH, read: process.env.KNOWHUB_READ };
    process.env.KNOWHUB_AUTH = "keys";
    process.env.KNOWHUB_READ = "keys";
    try {
      for (const file of routeFiles("app")) {
        const path = routePath(file);
        if (path === "/api/{rest}" || path.startsWith("/admin/")) continue;
        const mod = (await import(/* @vite-ignore */ join(process.cwd(), file))) as Record<string, unknown>;
        for (const endpoint of ENDPOINTS.filter((e) => e.path === path)) {
          const handler = mod[endpoint.method] as (r: Request, c: unknown) => Promise<Response> | Response;
          const response = await handler(new Request(`http://127.0.0.1${path}`, { method: endpoint.method }), {
            params: Promise.resolve({ name: ["x"], id: ["x"] }),
          });
          const refused = response.status === 401;
          expect(refused, `${endpoint.method} ${path} is documented as ${endpoint.auth}`).toBe(endpoint.auth !== "public");
        }
      }
    } finally {
      for (const [name, value] of [["KNOWHUB_AUTH", saved.auth], ["KNOWHUB_READ", saved.read]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
