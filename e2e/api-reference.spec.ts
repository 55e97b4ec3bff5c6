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
