import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { SCREENSHOT_DIR } from "./settings";
import { ABSTAIN_TASK, EN_TASK, PAGED_RESOURCE, VERDICT_RESOURCE, VERDICT_SEARCH } from "./seed-data";

/** Every page kind the site has, for the accessibility scan and the screenshots. */
export const PAGES: { name: string; path: string; status?: number }[] = [
  { name: "home", path: "/" },
  { name: "search-results", path: `/search?q=${encodeURIComponent(EN_TASK)}` },
  { name: "search-abstained", path: `/search?q=${encodeURIComponent(ABSTAIN_TASK)}` },
  { name: "resource", path: "/resources/Zephyrine" },
  { name: "resource-task", path: `/resources/Zephyrine?q=${encodeURIComponent(EN_TASK)}` },
  { name: "resource-filtered", path: `/resources/${encodeURIComponent(PAGED_RESOURCE)}?outcome=failed&q=${encodeURIComponent("lanternfly batch job number 7")}` },
  { name: "resource-verdicts", path: `/resources/${encodeURIComponent(VERDICT_RESOURCE)}` },
  { name: "search-verdicts", path: `/search?q=${encodeURIComponent(VERDICT_SEARCH)}` },
  { name: "resource-zh", path: `/resources/${encodeURIComponent("墨韵分词")}` },
  { name: "content-root", path: "/content/zephyrine" },
  { name: "content-old-revision", path: "/content/zephyrine/convert?revision=1" },
  { name: "content-zh", path: `/content/zephyrine/${encodeURIComponent("中文指南")}` },
  { name: "categories", path: "/categories" },
  { name: "category", path: "/categories/library" },
  { name: "category-paged", path: "/categories/library?limit=2" },
  { name: "guide", path: "/guide" },
  { name: "not-found", path: "/resources/no-such-resource-anywhere", status: 404 },
  { name: "not-found-closest", path: "/resources/Zephyrin", status: 404 },
];

/** Axe violations of impact serious or critical, against WCAG 2.1 A/AA and best practices. */
export async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
}

export async function screenshot(page: Page, testInfo: TestInfo, name: string, scheme: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${testInfo.project.name}-${scheme}-${name}.png`), fullPage: true });
}

/** Nothing may overflow sideways on a phone: the page width must equal the viewport width. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, "page is wider than the viewport").toBeLessThanOrEqual(client + 1);
}
