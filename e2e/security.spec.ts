// Hardening of every answer: the pages run under a nonce CSP without a single violation and still
// hydrate; data answers carry a CSP that loads nothing; a foreign Host (DNS rebinding) is refused;
// OPTIONS lists only the methods that exist.
import { expect, test, type Page } from "@playwright/test";
import { request as httpRequest } from "node:http";
import { EN_TASK } from "./seed-data";
import { BASE_URL } from "./settings";

const PAGES = [
  { name: "home", path: "/" },
  { name: "resource", path: "/resources/Zephyrine" },
  { name: "content", path: "/content/zephyrine" },
  { name: "search", path: `/search?q=${encodeURIComponent(EN_TASK)}` },
];

/** Records every CSP violation, console error and uncaught error the page produces. */
async function watchProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  // Init scripts run through the DevTools protocol, outside the page's CSP.
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  page.on("console", (m) => {
    // The site has no favicon; Chromium's own request for one 404s, which is not the page's doing.
    if (m.location().url.endsWith("/favicon.ico")) return;
    if (m.type() === "error" || /content security policy/i.test(m.text())) problems.push(`console.${m.type()}: ${m.text()} [${m.location().url}]`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name.toLowerCase(), values] as const;
    }),
  );
}

/** Raw HTTP, because fetch and Playwright's request context do not let a caller choose the Host header. */
function rawRequest(path: string, init: { method?: string; host?: string } = {}) {
  const url = new URL(path, BASE_URL);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: init.method ?? "GET", headers: { host: init.host ?? url.host } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

for (const { name, path } of PAGES) {
  test(`the ${name} page runs under a nonce CSP without violations and hydrates`, async ({ page }) => {
    const problems = await watchProblems(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);

    const csp = response!.headers()["content-security-policy"];
    expect(csp, "a CSP header").toBeTruthy();
    const policy = directives(csp);
    const script = policy.get("script-src")!;
    const nonce = script.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
    expect(nonce, "a nonce in script-src").toMatch(/^[A-Za-z0-9+/]{20,}={0,2}$/);
    expect(script).not.toContain("'unsafe-inline'");
    expect(script).not.toContain("'unsafe-eval'");
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    // Next stamped every script tag of the server's HTML with this request's nonce.
    const tags = (await response!.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);

    // Hydrated: a client-side navigation keeps this window (a full load would drop the marker).
    await page.evaluate(() => ((window as unknown as { __sameWindow: boolean }).__sameWindow = true));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Categories" }).click();
    await expect(page).toHaveURL(/\/categories$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Categories");
    expect(await page.evaluate(() => (window as unknown as { __sameWindow?: boolean }).__sameWindow)).toBe(true);

    expect(problems).toEqual([]);
  });
}

test("a fresh nonce on every request", async ({ request }) => {
  const a = (await request.get("/")).headers()["content-security-policy"];
  const b = (await request.get("/")).headers()["content-security-policy"];
  expect(a).toMatch(/'nonce-/);
  expect(a).not.toBe(b);
});

test("API answers carry nosniff, a CSP that loads nothing, no framing and a referrer policy", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
  expect(headers["permissions-policy"]).toContain("camera=()");
  const policy = directives(headers["content-security-policy"]);
  expect(policy.get("default-src")).toEqual(["'none'"]);
  expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  // Exactly one CSP (Playwright joins repeated headers with newlines).
  expect(headers["content-security-policy"]).not.toContain("\n");
});

test("static files keep nosniff and need no CSP", async ({ page, request }) => {
  await page.goto("/");
  const src = await page.evaluate(() => document.querySelector<HTMLScriptElement>("script[src^='/_next/static/']")?.getAttribute("src"));
  expect(src).toBeTruthy();
  const response = await request.get(src!);
  expect(response.status()).toBe(200);
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response.headers()["content-security-policy"]).toBeUndefined();
});

test("a foreign Host header is refused (DNS rebinding)", async () => {
  const api = await rawRequest("/api/health", { host: "evil.example" });
  expect(api.status).toBe(403);
  expect(api.headers["content-type"]).toContain("application/json");
  const error = JSON.parse(api.body).error;
  expect(error.code).toBe("forbidden");
  expect(error.message).toContain("KNOWHUB_ALLOWED_HOSTS");

  const page = await rawRequest("/", { host: "evil.example:3000" });
  expect(page.status).toBe(403);
  expect(page.headers["content-type"]).toContain("text/plain");
  expect(page.body).toContain("KNOWHUB_ALLOWED_HOSTS");

  // Every API path and method, and names that only start or end like a loopback name.
  for (const [path, host, method] of [
    ["/api", "evil.example", "GET"],
    ["/api/experience", "evil.example", "POST"],
    ["/api/search?q=pdf", "localhost.evil.example", "GET"],
    ["/api/health", "127.0.0.1.evil.example:3000", "GET"],
    ["/skill.md", "evil.example", "GET"],
  ]) {
    expect((await rawRequest(path, { host, method })).status, `${method} ${path} as ${host}`).toBe(403);
  }

  // The loopback names pass, on any port.
  for (const host of ["localhost", "localhost:1234", "127.0.0.1:80", "[::1]:3000"]) {
    expect((await rawRequest("/api/health", { host })).status, host).toBe(200);
  }
});

test("OPTIONS lists only the methods a route has", async () => {
  const experience = await rawRequest("/api/experience", { method: "OPTIONS" });
  expect(experience.status).toBe(204);
  expect(experience.headers.allow).toBe("POST, OPTIONS");

  const health = await rawRequest("/api/health", { method: "OPTIONS" });
  expect(health.status).toBe(204);
  expect(health.headers.allow).toBe("GET, HEAD, OPTIONS");

  const unknown = await rawRequest("/api/no-such-endpoint", { method: "OPTIONS" });
  expect(unknown.status).toBe(404);
  expect(JSON.parse(unknown.body).error.code).toBe("not_found");
});
