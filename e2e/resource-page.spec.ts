// A person choosing a tool: from a search row to the resource's page with the task carried (its
// matching reports first, under the task's verdict), a filter, and a search within its reports.
// Plain GET forms: every step is a link. Desktop and phone (projects).
import { expect, test } from "@playwright/test";
import { expectNoHorizontalScroll, screenshot } from "./helpers";
import { EN_TASK, PAGED_RESOURCE } from "./seed-data";

const matching = (page: import("@playwright/test").Page) => page.getByRole("list", { name: "Reports matching the task" }).locator("article");

test("a search row leads to the resource's reports on that task, verdict first", async ({ page }, testInfo) => {
  await page.goto(`/search?q=${encodeURIComponent(EN_TASK)}`);
  const top = page.locator("main ol > li").first();
  // Every report snippet carries its day.
  await expect(top.locator("time").first()).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  await top.getByRole("link", { name: "Zephyrine", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/resources/Zephyrine\\?q=${encodeURIComponent(EN_TASK).replace(/%20/g, "(\\+|%20)")}$`));
  await expect(page.getByRole("heading", { name: new RegExp(`^For your task: .?${EN_TASK}.?$`) })).toBeVisible();
  const task = page.locator("section", { has: page.locator("#task-title") });
  await expect(task.locator("[data-verdict]")).toContainText("Worked for this task");
  await expect(matching(page).first()).toContainText(EN_TASK);
  // The box holds the task, so it can be refined in place.
  await expect(page.getByRole("searchbox", { name: "Search its reports for a task" })).toHaveValue(EN_TASK);
  // Matching and other reports together are all of them, each once.
  const others = await page.locator("section", { has: page.locator("#experiences-title") }).locator("article").count();
  expect((await matching(page).count()) + others).toBe(3);
  await expect(page.getByRole("heading", { name: "Other reports" })).toBeVisible();
  // A one-line description (derived from the reports) and no half-width empty content card.
  await expect(page.getByTestId("resource-description")).toBeVisible();
  await expectNoHorizontalScroll(page);
  await screenshot(page, testInfo, "resource-task-journey", "light");
});

test("filters a resource's reports by outcome, and searches within them", async ({ page }, testInfo) => {
  await page.goto(`/resources/${encodeURIComponent(PAGED_RESOURCE)}`);
  await expect(page.getByTestId("no-content")).toBeVisible();
  await page.getByLabel("Outcome").selectOption("failed");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/outcome=failed/);
  await expect(page.getByRole("heading", { name: "Reports passing the filters" })).toBeVisible();
  const articles = page.locator("main article");
  // Scores cycle 1-5 over 27 reports: 12 scored 1 or 2.
  await expect(articles).toHaveCount(12);
  await expect(page.locator("main article").getByRole("img", { name: /^Score [345] out of 5$/ })).toHaveCount(0);
  await expect(page.locator("main article").getByRole("img", { name: /^Score [12] out of 5$/ })).toHaveCount(12);
  await expect(page.getByLabel("Outcome")).toHaveValue("failed");

  // Search within, the filter kept: the one report about job 7 leads.
  await page.getByRole("searchbox", { name: "Search its reports for a task" }).fill("lanternfly batch job number 7");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/q=lanternfly/);
  await expect(page).toHaveURL(/outcome=failed/);
  await expect(matching(page).first()).toContainText("enqueue lanternfly batch job number 7");
  await expectNoHorizontalScroll(page);
  await screenshot(page, testInfo, "resource-filtered-search", "light");

  await page.getByRole("link", { name: "Clear all" }).click();
  await expect(page).toHaveURL(new RegExp(`/resources/${encodeURIComponent(PAGED_RESOURCE)}$`));
  await expect(articles).toHaveCount(20);
});
