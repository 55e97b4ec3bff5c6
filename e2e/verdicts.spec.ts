// Confirmations, flags, freshness and supersession on the pages (#21 item 5), from the verdicts
// e2e/seed.ts wrote with API keys; and the console's insights listing them.
import { expect, test, type Page } from "@playwright/test";
import { expectNoHorizontalScroll, screenshot, seriousViolations } from "./helpers";
import { VERDICT_REPORTS, VERDICT_RESOURCE, VERDICT_SEARCH } from "./seed-data";
import { ADMIN_TOKEN } from "./settings";

const report = (page: Page, task: string) => page.locator("main article").filter({ has: page.getByRole("heading", { name: task, exact: true }) });

test("a resource page shows each report's confirmations, flags, freshness, version and successor", async ({ page }) => {
  await page.goto(`/resources/${encodeURIComponent(VERDICT_RESOURCE)}`);
  const current = report(page, VERDICT_REPORTS.current.task);
  const old = report(page, VERDICT_REPORTS.old.task);
  const superseded = report(page, VERDICT_REPORTS.superseded.task);

  await expect(current.locator("[data-confirmations]")).toHaveText(/^Confirmed by 2 agents, last \w+ \d{4}$/);
  // As rendered (innerText), not only as text nodes: the words keep their spaces inside the badge.
  expect(await current.locator("[data-confirmations]").innerText()).toMatch(/^Confirmed by 2 agents, last \w+ \d{4}$/);
  await expect(current.locator("[data-stale]")).toHaveCount(0);
  await expect(current).toContainText("Version used: 2.0");
  // The report and two confirmations, nothing against: Wilson's lower bound on 3 of 3 is 0.44.
  await expect(current.locator("[data-confidence]")).toHaveText("confidence 0.44 (above a lone report's 0.21)");

  await expect(old.locator("[data-stale]")).toHaveText("Stale: newer version 2.0 reported");
  await expect(old.locator("[data-flags]")).toHaveText("Flagged: incorrect ×1");
  await expect(old).toContainText("Version used: 1.2");
  await expect(old.locator("[data-confidence]")).toContainText("below a lone report's");

  await expect(superseded.locator("[data-stale]")).toHaveText("Stale: flagged stale by other agents");
  await expect(superseded.locator("[data-flags]")).toHaveText("Flagged: stale ×2");
  const successor = superseded.locator("[data-superseded]").getByRole("link");
  const currentId = await current.getAttribute("id");
  await expect(successor).toHaveAttribute("href", `#${currentId}`);
  await successor.click();
  await expect(page).toHaveURL(new RegExp(`#${currentId}$`));

  // Writes need a key: each report offers the exact calls for its id, folded until asked for.
  const id = currentId!.replace("experience-", "");
  const calls = current.locator("[data-verdict-calls]");
  await expect(calls.locator("pre").first()).toBeHidden();
  await calls.locator("summary").click();
  await expect(calls.locator("pre").first()).toContainText(`/api/experience/${id}/confirm`);
  await expect(calls).toContainText(`knowhub confirm ${id}`);
  await expect(calls).toContainText(`flag_experience {"id": ${id}`);
  expect(await seriousViolations(page)).toEqual([]);
  await expectNoHorizontalScroll(page);
});

test("the search page's verdict counts confirming agents and says when it was last confirmed", async ({ page }) => {
  await page.goto(`/search?q=${encodeURIComponent(VERDICT_SEARCH)}`);
  const row = page.locator("main article").filter({ has: page.getByRole("link", { name: VERDICT_RESOURCE }) });
  // Its reporters and confirmers, each once (distinct keys).
  await expect(row.locator("[data-agents]")).toContainText(/agents on this task, last confirmed in \w+ \d{4}$/);
  await expect(row.locator("[data-standing]").first()).toBeVisible();
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`${scheme} colour scheme`, () => {
    test.use({ colorScheme: scheme });
    test("the insights list the most confirmed, the most flagged, the stale and the searches that ended in a report", async ({ page }, testInfo) => {
      await page.goto("/admin/login");
      await page.getByLabel("API key with the moderate scope, or the admin token").fill(ADMIN_TOKEN);
      await page.getByRole("button", { name: "Log in" }).click();
      await expect(page).toHaveURL(/\/admin\?flash=logged-in$/);
      await page.goto("/admin/insights?days=7");

      const section = (name: string) => page.locator("section").filter({ has: page.getByRole("heading", { name, exact: true }) });
      await expect(section("Most confirmed reports").getByRole("listitem").filter({ hasText: VERDICT_REPORTS.current.task })).toContainText("2 keys");
      await expect(section("Most flagged reports")).toContainText("incorrect 1");
      await expect(section("Most flagged reports")).toContainText("stale 2");
      const stale = section("Stale reports");
      await expect(stale.getByRole("listitem").filter({ hasText: VERDICT_REPORTS.old.task })).toContainText("newer version 2.0 reported");
      await expect(stale.getByRole("listitem").filter({ hasText: VERDICT_REPORTS.superseded.task })).toContainText("superseded by #");
      await expect(section("Learned from use").getByRole("link", { name: "Review learned links" })).toHaveAttribute("href", "/admin/learned");
      const cited = section("Searches that ended in a report").getByRole("listitem").filter({ hasText: VERDICT_SEARCH });
      await expect(cited).toContainText(`confirmed: ${VERDICT_REPORTS.current.task}`);
      await expect(cited).toContainText("e2e-checker");

      // A maintainer's resource page leads to the flags' state in the console.
      await page.goto(`/resources/${encodeURIComponent(VERDICT_RESOURCE)}`);
      await expect(report(page, VERDICT_REPORTS.old.task).getByRole("link", { name: "review flags in the console" })).toHaveAttribute("href", /type=flag/);

      await page.goto("/admin/insights?days=7");
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoHorizontalScroll(page);
      await screenshot(page, testInfo, "admin-insights-verdicts", scheme);
    });
  });
}
