// A person browsing: search (English, Chinese), a resource, its content tree, an old revision,
// category scope, the abstained state. Runs on desktop and on a 375 px phone (see projects).
import { expect, test, type Page } from "@playwright/test";
import { expectNoHorizontalScroll, screenshot } from "./helpers";
import { ABSTAIN_TASK, EN_TASK, PAGED_COUNT, PAGED_RESOURCE, ZH_TASK } from "./seed-data";

async function searchFromHome(page: Page, task: string) {
  await page.goto("/");
  const box = page.getByRole("searchbox", { name: "Describe your task" });
  await box.fill(task);
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=/);
}

const firstResult = (page: Page) => page.locator("main ol > li").first();

test("searches a task in English and opens the resource", async ({ page }) => {
  await searchFromHome(page, EN_TASK);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(EN_TASK);
  const top = firstResult(page);
  await expect(top.getByRole("heading", { level: 3 })).toContainText("Zephyrine");
  await expect(top.locator("[data-verdict]")).toContainText("Worked for this task");
  // The best report's outcome, cut to a snippet with the query's words marked.
  await expect(top).toContainText("Converted 412");
  await expect(top.locator("mark", { hasText: "zephyrine" }).first()).toBeVisible();
  // The other matching reports are folded; opening them shows them (no JavaScript needed).
  const more = top.locator("details", { hasText: "more matching reports" });
  await expect(more.getByText("Worked; merged cells flattened.")).toBeHidden();
  await more.locator("summary").click();
  await expect(more.getByText("Worked; merged cells flattened.")).toBeVisible();
  await expectNoHorizontalScroll(page);

  await top.getByRole("link", { name: "Zephyrine", exact: true }).click();
  await expect(page).toHaveURL(/\/resources\/Zephyrine\?q=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Zephyrine");
  await expect(page.getByRole("img", { name: /Score distribution/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Same data as JSON" })).toHaveAttribute("href", "/api/resource/Zephyrine");
  await expect(page.getByRole("link", { name: "https://example.com/zephyrine" })).toBeVisible();
  await expect(page.locator("main article")).toHaveCount(3);

  await page.getByRole("link", { name: "Best first" }).click();
  await expect(page).toHaveURL(/sort=best/);
  await expect(page.getByRole("link", { name: "Best first" })).toHaveAttribute("aria-current", "true");
  await expect(page.locator("main article").first()).toContainText(EN_TASK);
  await expect(page.locator("main article").first()).toContainText("agent-alpha");
  await expectNoHorizontalScroll(page);
});

test("searches a task in Chinese", async ({ page }) => {
  await searchFromHome(page, ZH_TASK);
  const top = firstResult(page);
  await expect(top.getByRole("heading", { level: 3 })).toContainText("墨韵分词");
  await top.getByRole("link", { name: "墨韵分词", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("墨韵分词");
  await expect(page.locator("main")).toContainText("先加载古汉语词典");
  await expect(page.locator("main")).toContainText("代理-甲");
});

test("pages through a resource with many experiences", async ({ page }) => {
  await page.goto(`/resources/${encodeURIComponent(PAGED_RESOURCE)}`);
  await expect(page.locator("main article")).toHaveCount(20);
  await expect(page.locator("main article").first()).toContainText(`number ${PAGED_COUNT}`);
  await page.getByRole("link", { name: "Older experiences →" }).click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(page.locator("main article")).toHaveCount(PAGED_COUNT - 20);
  await expect(page.getByRole("link", { name: "Older experiences →" })).toHaveCount(0);
  await page.getByRole("link", { name: "← First page" }).click();
  await expect(page.locator("main article")).toHaveCount(20);
});

test("follows the content tree from the root through next and previous", async ({ page }) => {
  await page.goto("/resources/Zephyrine");
  await page.getByRole("navigation", { name: /Content tree/ }).getByRole("link", { name: "Zephyrine guide" }).click();
  await expect(page).toHaveURL(/\/content\/zephyrine$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Zephyrine guide");
  await expect(page.locator('aside a[aria-current="page"]').first()).toHaveText("Zephyrine guide");
  // Markdown: highlighted code, a GFM table and task list, heading anchors.
  await expect(page.locator(".markdown pre code.hljs .hljs-keyword").first()).toBeVisible();
  await expect(page.locator(".markdown table")).toBeVisible();
  await expect(page.locator('.markdown input[type="checkbox"]')).toHaveCount(2);
  await expect(page.locator('.markdown a[href="#quick-start"]')).toHaveCount(1);

  await page.getByRole("region", { name: "In this section" }).getByRole("link", { name: "Install" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Install");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Zephyrine guide");
  await page.getByRole("link", { name: /Next →/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Convert workbooks");
  // Reading order goes down into a section before its next sibling.
  await page.getByRole("link", { name: /Next →/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Large files");
  await page.getByRole("link", { name: /Next →/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Troubleshooting");
  await page.getByRole("link", { name: /← Previous/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Large files");
  await expect(page.locator('aside a[aria-current="page"]').first()).toHaveText("Large files");
  await page.getByRole("link", { name: /Next →/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Troubleshooting");
  await page.getByRole("link", { name: /Next →/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("中文使用指南");
  await expect(page).toHaveURL(new RegExp(encodeURIComponent("中文指南")));
  await expectNoHorizontalScroll(page);
});

test("reads an old revision and returns to the latest", async ({ page }) => {
  await page.goto("/content/zephyrine/convert");
  await expect(page.locator(".markdown")).toContainText("Second revision");
  const history = page.getByRole("region", { name: "Revision history" });
  await expect(history.getByRole("link", { name: /Revision 2 \(latest\)/ })).toHaveAttribute("aria-current", "true");
  await history.getByRole("link", { name: /Revision 1/ }).click();
  await expect(page).toHaveURL(/revision=1/);
  await expect(page.getByText("You are reading an old revision: 1 of 2.")).toBeVisible();
  await expect(page.locator(".markdown")).toContainText("First draft");
  await page.getByRole("link", { name: "Read the latest revision (2)" }).click();
  await expect(page.getByText(/You are reading an old revision/)).toHaveCount(0);
  await expect(page.locator(".markdown")).toContainText("Second revision");
});

test("scopes a search by category and resets it", async ({ page }) => {
  await page.goto(`/search?q=${encodeURIComponent(EN_TASK)}`);
  const chips = page.getByRole("navigation", { name: "Filter by category" });
  await expect(chips.getByRole("link", { name: "All categories" })).toHaveAttribute("aria-current", "true");
  await chips.getByRole("link", { name: /^library/ }).click();
  await expect(page).toHaveURL(/category=library/);
  await expect(chips.getByRole("link", { name: /^library/ })).toHaveAttribute("aria-current", "true");
  await expect(page.getByText("Scoped to category")).toContainText("library");
  await expect(firstResult(page).getByRole("heading", { level: 3 })).toContainText("Zephyrine");
  // The search box keeps the scope when the query changes.
  await expect(page.locator('form[role="search"] input[name="category"]')).toHaveValue("library");
  await page.getByRole("link", { name: "Search all categories" }).click();
  await expect(page).not.toHaveURL(/category=/);
  await expect(chips.getByRole("link", { name: "All categories" })).toHaveAttribute("aria-current", "true");
});

test("says plainly when nobody has reported a task", async ({ page }) => {
  await searchFromHome(page, ABSTAIN_TASK);
  await expect(page.getByText("Nobody has reported this task yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse the categories" })).toBeVisible();
  await expect(page.getByText("POST /api/experience").first()).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test("browses categories: a few resources each, then a category's own pages", async ({ page }) => {
  await page.goto("/categories");
  const library = page.locator("li", { has: page.getByRole("heading", { level: 2, name: "library" }) });
  await expect(library.getByRole("link", { name: "Zephyrine" })).toBeVisible();
  // Only the most reported few are listed here; the category's page has them all.
  await expect(library.locator("ul > li")).toHaveCount(5);
  await library.getByRole("link", { name: /^All \d+ resources in library →$/ }).click();
  await expect(page).toHaveURL(/\/categories\/library$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("library");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Categories" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Zephyrine" })).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test("pages through a category two resources at a time", async ({ page }) => {
  await page.goto("/categories/library?limit=2");
  const rows = page.locator("main section ol > li");
  await expect(rows).toHaveCount(2);
  const first = await rows.locator("a").allTextContents();
  await expect(page.getByRole("link", { name: "← First page" })).toHaveCount(0);
  await page.getByRole("link", { name: "Next page →" }).click();
  await expect(page).toHaveURL(/limit=2&cursor=|cursor=.*limit=2/);
  await expect(rows).toHaveCount(2);
  const second = await rows.locator("a").allTextContents();
  expect(second.filter((name) => first.includes(name))).toEqual([]);
  await page.getByRole("link", { name: "← First page" }).click();
  await expect(page).not.toHaveURL(/cursor=/);
  expect(await rows.locator("a").allTextContents()).toEqual(first);
  // A hand-edited cursor shows the first page and says so.
  await page.goto("/categories/library?limit=2&cursor=garbage");
  await expect(page.getByText("That page link has expired or is not valid; showing the first page.")).toBeVisible();
  await expect(rows).not.toHaveCount(0);
  expect((await page.goto("/categories/no-such-category"))?.status()).toBe(404);
});

test("keyboard users can skip to the content", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
  // The next Tab lands inside the content: the search box, with a visible focus ring.
  await page.keyboard.press("Tab");
  const box = page.getByRole("searchbox", { name: "Describe your task" });
  await expect(box).toBeFocused();
  const outline = await box.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe("none");
  await screenshot(page, test.info(), "focus-search-box", "light");
});

test("unknown pages answer 404 and offer search", async ({ page }) => {
  for (const path of ["/resources/no-such-resource-anywhere", "/content/zephyrine/no-such-page", "/no/such/page"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nothing here yet");
    await expect(page.getByRole("searchbox", { name: "Describe your task" })).toBeVisible();
  }
});

test("a mistyped resource's 404 offers the closest names, and the link works", async ({ page }) => {
  const response = await page.goto("/resources/Zephyrin");
  expect(response?.status()).toBe(404);
  const closest = page.getByRole("navigation", { name: "Did you mean" });
  await expect(closest.getByRole("link").first()).toHaveText("Zephyrine");
  await closest.getByRole("link", { name: "Zephyrine", exact: true }).click();
  await expect(page).toHaveURL(/\/resources\/Zephyrine$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Zephyrine");
  // Pages other than a resource's suggest nothing.
  expect((await page.goto("/no/such/page"))?.status()).toBe(404);
  await expect(page.getByRole("navigation", { name: "Did you mean" })).toHaveCount(0);
});
