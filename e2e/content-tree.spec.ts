// Deep content keeps the reader's place (#22 item 2): on a level-5 page the side tree is open along
// the path with the page highlighted, the breadcrumb shows titles, prev/next follow reading order
// across sections, "On this page" links to the headings, and a page and the reports citing it link
// to each other. Desktop and phone (projects), light and dark, axe clean, screenshots.
import { expect, test, type Page } from "@playwright/test";
import { expectNoHorizontalScroll, screenshot, seriousViolations } from "./helpers";
import { DEEP_PAGE, DEEP_RESOURCE, DEEP_ROOT } from "./seed-data";

const path = (id: string) => `/content/${id}`;
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/** The tree as this viewport shows it: folded in a <details> on phones (opened here), beside the text on wide screens. */
async function openTree(page: Page) {
  if (isPhone(page)) {
    await page.locator("aside details", { hasText: "Contents of" }).locator("summary").click();
    return page.locator("aside details[open]").getByRole("navigation", { name: "Contents" });
  }
  return page.locator("aside > div").getByRole("navigation", { name: "Contents" });
}

async function openOutline(page: Page) {
  if (isPhone(page)) {
    await page.locator("aside details").filter({ has: page.locator("summary", { hasText: "On this page" }) }).locator("summary").click();
    return page.locator("aside details[open]").getByRole("navigation", { name: "On this page" });
  }
  return page.locator("aside > div").getByRole("navigation", { name: "On this page" });
}

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
  await expectNoHorizontalScroll(page);
}

for (const scheme of ["light", "dark"] as const) {
  test.describe(`${scheme} colour scheme`, () => {
    test.use({ colorScheme: scheme });

    test("a level-5 page: the tree open along its path with the page highlighted, titled breadcrumbs, headings", async ({ page }, testInfo) => {
      await page.goto(path(DEEP_PAGE));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wind erosion");
      // Titles, not raw segments: "Layering strategies", never "strategies".
      const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(crumbs.getByRole("link")).toHaveText(["Home", "Strataweave handbook", "Layers", "Layering strategies", "Erosion models"]);
      await expect(crumbs.locator('[aria-current="page"]')).toHaveText("Wind erosion");

      const tree = await openTree(page);
      const current = tree.locator('a[aria-current="page"]');
      await expect(current).toHaveCount(1);
      await expect(current).toHaveText("Wind erosion");
      await expect(current).toBeVisible();
      // Every ancestor is open, with the page's siblings listed; the other section is folded with its count.
      for (const title of ["Strataweave handbook", "Layers", "Layering strategies", "Erosion models", "Water erosion", "Maps"]) {
        await expect(tree.getByRole("link", { name: title, exact: true })).toBeVisible();
      }
      await expect(tree.getByRole("link", { name: "Map legend" })).toHaveCount(0);
      await expect(tree.getByRole("listitem").filter({ hasText: /^Maps\+1/ })).toHaveCount(1);
      await expectAccessible(page);
      await screenshot(page, testInfo, "content-deep-tree", scheme);

      // "On this page": the body's headings, each link landing on its heading.
      const outline = await openOutline(page);
      await expect(outline.getByRole("link")).toHaveText(["Parameters", "Grain size", "Calibration", "Known limits"]);
      await outline.getByRole("link", { name: "Calibration" }).click();
      await expect(page).toHaveURL(/#calibration$/);
      await expect(page.locator("#calibration")).toContainText("Calibration");
      await expect(page.locator("#calibration")).toBeInViewport();
      await expectAccessible(page);
      await screenshot(page, testInfo, "content-deep-outline", scheme);
    });

    test("prev/next follow reading order across sections, from the root to the last page", async ({ page }, testInfo) => {
      const prev = page.getByRole("navigation", { name: "Previous and next page" }).getByRole("link", { name: /← Previous/ });
      const next = page.getByRole("navigation", { name: "Previous and next page" }).getByRole("link", { name: /Next →/ });
      const title = page.getByRole("heading", { level: 1 });

      await page.goto(path(DEEP_ROOT));
      await expect(prev).toHaveCount(0);
      // Depth-first: down through every level to the wind page.
      for (const expected of ["Layers", "Layering strategies", "Erosion models", "Wind erosion", "Water erosion"]) {
        await next.click();
        await expect(title).toHaveText(expected);
      }
      // The last page of a section is no dead end: next is the next section.
      await next.click();
      await expect(title).toHaveText("Maps");
      await expect(page).toHaveURL(new RegExp(`${path("strataweave/maps")}$`));
      await next.click();
      await expect(title).toHaveText("Map legend");
      await expect(next).toHaveCount(0);
      await prev.click();
      await expect(title).toHaveText("Maps");
      await prev.click();
      await expect(title).toHaveText("Water erosion");
      const tree = await openTree(page);
      await expect(tree.locator('a[aria-current="page"]')).toHaveText("Water erosion");
      await expectAccessible(page);
      await screenshot(page, testInfo, "content-reading-order", scheme);
    });

    test("a page lists the reports citing it, and each report links back to the page", async ({ page }, testInfo) => {
      await page.goto(path(DEEP_PAGE));
      const citing = page.getByRole("region", { name: "Reports citing this page" });
      await expect(citing.getByRole("listitem")).toHaveCount(1);
      await expect(citing).toContainText(DEEP_RESOURCE);
      await expectAccessible(page);
      await screenshot(page, testInfo, "content-citing-reports", scheme);

      await citing.getByRole("link", { name: "model strataweave wind drift over sediment layers" }).click();
      await expect(page).toHaveURL(/\/resources\/Strataweave\?.*#experience-\d+$/);
      const report = page.locator("article", { hasText: "model strataweave wind drift over sediment layers" });
      await expect(report).toBeInViewport();
      await report.getByRole("link", { name: "cites: Wind erosion" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wind erosion");

      // The report naming a page in content_id is listed on that page too.
      await page.goto(path("strataweave/layers/strategies/erosion/water"));
      await expect(page.getByRole("region", { name: "Reports citing this page" })).toContainText("model strataweave runoff channels");
      await page.goto(`/resources/${DEEP_RESOURCE}`);
      await expectAccessible(page);
      await screenshot(page, testInfo, "resource-cites-content", scheme);
    });
  });
}
