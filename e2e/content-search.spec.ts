// Content found by search (#22 item 2): a reader whose task nobody reported still finds the
// documentation pages that cover it, in a Content section after the reports, each row linking to
// the page with the matched words marked; Chinese pages by a Chinese task; a category scope keeps
// only its resources' pages; a resource's page, asked a task, shows its own matching pages.
// Desktop and phone (projects), light and dark, axe-checked, screenshots.
import { expect, test, type Page } from "@playwright/test";
import { expectNoHorizontalScroll, screenshot, seriousViolations } from "./helpers";
import { WORKED_RESOURCE } from "./seed-data";
import { BASE_URL } from "./settings";

// Invented words, so that no seeded report answers these tasks.
const NODES = [
  {
    id: "marmoset-notes/comet-calibration",
    title: "Calibrating for comets",
    body: "# Calibrating for comets\n\nPoint the **marmoset** telescope at a bright star, then calibrate the mount before comet spotting at dusk.",
  },
  { id: "marmoset-notes/eyepieces", title: "Eyepieces", body: "Wide eyepieces suit sweeping searches; marmoset mounts take both sizes." },
  { id: "墨韵笔记/断句", title: "古典诗词断句", body: "古典诗词断句：先按韵脚切分，再用墨韵词典匹配。" },
  { id: "tabulon/merged-headers", title: "Merged header cells", body: "Tabulon splits merged header cells of quillmark tables before it writes csv." },
];
const ABSTAINING = "calibrate a marmoset telescope for comet spotting";
const ZH = "古典诗词断句 墨韵";
const SCOPED = "split merged header cells of quillmark tables";

const searchPath = (q: string, category = "") => `/search?${new URLSearchParams(category ? { q, category } : { q })}`;
const contentSection = (page: Page) => page.getByTestId("content-results");
const hits = (page: Page) => page.getByRole("list", { name: "Content matching the task" }).getByTestId("content-hit");

test.beforeAll(async ({ request }) => {
  // Idempotent: a second project's identical submission is "unchanged".
  for (const node of NODES) expect((await request.post(`${BASE_URL}/api/content`, { data: node })).status()).toBeLessThan(300);
});

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
});

test("a task nobody reported still finds the pages that cover it, and a row opens the page", async ({ page }) => {
  await page.goto(searchPath(ABSTAINING));
  await expect(page.getByRole("heading", { name: /Nobody has reported this task yet|No confident match/ })).toBeVisible();
  await expect(contentSection(page).getByRole("heading", { name: "Content", exact: true })).toBeVisible();
  const first = hits(page).first();
  await expect(first.getByRole("link", { name: "Calibrating for comets" })).toHaveAttribute("href", "/content/marmoset-notes/comet-calibration");
  await expect(first.locator("mark").first()).toBeVisible();
  await expect(first.locator("mark", { hasText: /^marmoset$/i }).first()).toBeVisible();
  // The snippet is text, not markdown: no ** or # left.
  await expect(first).not.toContainText("**");
  await expectNoHorizontalScroll(page);
  await first.getByRole("link", { name: "Calibrating for comets" }).click();
  await expect(page).toHaveURL(/\/content\/marmoset-notes\/comet-calibration$/);
  await expect(page.getByRole("heading", { level: 1, name: "Calibrating for comets" })).toBeVisible();
});

test("a Chinese task finds a Chinese page", async ({ page }) => {
  await page.goto(searchPath(ZH));
  await expect(hits(page).first().getByRole("link", { name: "古典诗词断句" })).toBeVisible();
  await expect(hits(page).first().locator("mark").first()).toBeVisible();
});

test("a category scope keeps only its resources' pages", async ({ page }) => {
  await page.goto(searchPath(SCOPED));
  await expect(hits(page).filter({ hasText: "Merged header cells" })).toHaveCount(1);
  await expect(hits(page).filter({ hasText: "Merged header cells" })).toContainText(`Content of ${WORKED_RESOURCE}`);
  await page.goto(searchPath(SCOPED, "cli"));
  await expect(hits(page).filter({ hasText: "Merged header cells" })).toHaveCount(1);
  await page.goto(searchPath(SCOPED, "api"));
  await expect(contentSection(page)).toHaveCount(0);
});

test("a resource's page asked a task shows its own matching pages", async ({ page }) => {
  await page.goto(`/resources/${WORKED_RESOURCE}?q=${encodeURIComponent(SCOPED)}`);
  const own = page.getByTestId("task-content");
  await expect(own.getByRole("heading", { name: "Its content matching the task" })).toBeVisible();
  await expect(own.getByRole("link", { name: "Merged header cells" })).toHaveAttribute("href", "/content/tabulon/merged-headers");
  // The same as the API answers for the same task.
  const api = await (await page.request.get(`/api/resource/${WORKED_RESOURCE}?q=${encodeURIComponent(SCOPED)}`)).json();
  await expect(own.getByTestId("content-hit")).toHaveCount(api.task.content.length);
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`${scheme} colour scheme`, () => {
    test.use({ colorScheme: scheme });
    const states = [
      { name: "content-search-abstained", path: searchPath(ABSTAINING) },
      { name: "content-search-zh", path: searchPath(ZH) },
      { name: "content-search-results", path: searchPath(SCOPED) },
      { name: "content-resource-task", path: `/resources/${WORKED_RESOURCE}?q=${encodeURIComponent(SCOPED)}` },
    ];
    for (const s of states) {
      test(`${s.name} is accessible`, async ({ page }, testInfo) => {
        await page.goto(s.path);
        await expect(page.getByTestId("content-hit").first()).toBeVisible();
        await expectNoHorizontalScroll(page);
        await screenshot(page, testInfo, s.name, scheme);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}
