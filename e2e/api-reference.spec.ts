// The API reference page: generated from /api/openapi.json, reachable from the header, accessible
// in light and dark, without sideways scrolling on a phone, and with no script of its own.
import { expect, test } from "@playwright/test";
import { expectNoHorizontalScroll, screenshot, seriousViolations } from "./helpers";

for (const scheme of ["light", "dark"] as const) {
  test.describe(`API reference, ${scheme}`, () => {
    test.use({ colorScheme: scheme });
    test("lists every operation of the OpenAPI document and is accessible", async ({ page, request }, testInfo) => {
      // Every operation and schema with its tables: axe takes tens of seconds over it on a busy machine.
      test.slow();
      const document = await (await request.get("/api/openapi.json")).json();
      const response = await page.goto("/api-reference");
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
      expect(await page.title()).toMatch(/KnowHub/);
      for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, unknown>>)) {
        for (const method of Object.keys(methods)) {
          await expect(page.getByRole("heading", { level: 3, name: `${method.toUpperCase()} ${path}`, exact: true })).toHaveCount(1);
        }
      }
      for (const name of Object.keys(document.components.schemas)) {
        await expect(page.locator(`[id="schema-${name}"]`)).toHaveCount(1);
      }
      // A type names its schema with a link that lands on it.
      await page.locator('a[href="#schema-Experience"]').first().click();
      await expect(page.locator('[id="schema-Experience"]')).toBeInViewport();
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoHorizontalScroll(page);
      await screenshot(page, testInfo, "api-reference", scheme);
    });
  });
}

test("the header's API link opens the reference, which links the document", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API" }).click();
  await expect(page).toHaveURL(/\/api-reference$/);
  await expect(page.getByRole("link", { name: "OpenAPI 3.1 document" })).toHaveAttribute("href", "/api/openapi.json");
});

test("the reference gives paste-ready MCP configs for this hub and a curl command per operation", async ({ page, baseURL }) => {
  await page.goto("/api-reference");
  const origin = new URL(baseURL!).origin;
  await expect(page.getByRole("heading", { level: 2, name: "Connect an MCP client" })).toBeVisible();
  const configs: Record<string, any> = {};
  for (const id of ["http", "http-key", "stdio", "stdio-key"]) {
    // Each block is valid JSON as it is selected and pasted.
    configs[id] = JSON.parse((await page.getByTestId(`mcp-config-${id}`).textContent()) ?? "").mcpServers.knowhub;
  }
  expect(configs.http.url).toBe(`${origin}/api/mcp`);
  expect(configs["http-key"].headers.Authorization).toBe("Bearer kh_your_key");
  expect(configs["stdio-key"].env).toEqual({ KNOWHUB_API: origin, KNOWHUB_TOKEN: "kh_your_key" });
  // The page's configs are the ones GET /api gives.
  const index = await (await page.request.get("/api")).json();
  expect(index.mcp.configs.find((c: { id: string }) => c.id === "http").config.mcpServers.knowhub).toEqual(configs.http);

  // The configured endpoint is a working MCP server.
  const listed = await page.request.post(configs.http.url, {
    headers: { accept: "application/json, text/event-stream", "content-type": "application/json" },
    data: { jsonrpc: "2.0", id: 1, method: "tools/list" },
  });
  expect(listed.status()).toBe(200);
  expect((await listed.json()).result.tools.map((t: { name: string }) => t.name)).toContain("search_experiences");

  // A curl command per operation, at this hub's address; the search one runs as shown.
  const search = page.getByTestId("curl-searchExperiences");
  await expect(search).toHaveText(`curl -s '${origin}/api/search?q=extract+tables+from+scanned+pdf&limit=1'`);
  expect(await page.locator('[data-testid^="curl-"]').count()).toBe(await page.getByRole("heading", { level: 3, name: /^(GET|POST) \// }).count());
  const searched = await page.request.get(`${origin}/api/search?q=extract+tables+from+scanned+pdf&limit=1`);
  expect(searched.status()).toBe(200);

  // Inline code, not literal backticks, in the text the document writes with them.
  const basics = page.locator("section", { has: page.getByRole("heading", { name: "Basics" }) });
  await expect(basics.locator("code", { hasText: "invalid_input" }).first()).toBeVisible();
  expect(await page.locator("main").innerText()).not.toMatch(/`[a-z_]+`/);
});

test("the guide is a page with the site's header, linked both ways with the raw /skill.md", async ({ page, baseURL }) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "For agents" }).click();
  await expect(page).toHaveURL(/\/guide$/);
  await expect(page.getByRole("heading", { level: 1, name: "Guide for agents" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  // The guide names this hub, and carries the same MCP configs.
  await expect(page.locator("main")).toContainText(`${new URL(baseURL!).origin}/api/mcp`);
  await expect(page.locator("main").getByRole("link", { name: "/skill.md" })).toHaveAttribute("href", "/skill.md");
  const raw = await page.request.get("/skill.md");
  expect(raw.headers()["content-type"]).toMatch(/^text\/markdown/);
  expect(await raw.text()).toContain("/guide");
});
