// Every page, in light and dark: no serious or critical axe violation, no sideways scrolling, and a
// full-page screenshot in e2e/screenshots/ for a human to look at.
import { expect, test } from "@playwright/test";
import { PAGES, expectNoHorizontalScroll, screenshot, seriousViolations } from "./helpers";

for (const scheme of ["light", "dark"] as const) {
  test.describe(`${scheme} colour scheme`, () => {
    test.use({ colorScheme: scheme });
    for (const p of PAGES) {
      test(`${p.name} is accessible`, async ({ page }, testInfo) => {
        const response = await page.goto(p.path);
        expect(response?.status()).toBe(p.status ?? 200);
        await expect(page.locator("h1").first()).toBeVisible();
        await expect(page.locator("main#main")).toHaveCount(1);
        await expect(page.locator("header").first()).toBeVisible();
        await expect(page.locator("footer").first()).toBeVisible();
        expect(await page.title()).toMatch(/KnowHub/);
        expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
        expect(await seriousViolations(page)).toEqual([]);
        await expectNoHorizontalScroll(page);
        await screenshot(page, testInfo, p.name, scheme);
      });
    }
  });
}
