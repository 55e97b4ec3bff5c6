// The search page as a reader deciding what to use: a task verdict per resource (a failure reads as
// a warning), matched words marked, chips that count this query's matches, an honest note when a
// scope hides them, weak leads and the empty state, a JSON link to the same call, and the first
// result above the fold on a phone. Desktop 1280x800 and a 390x844 phone, light and dark.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoHorizontalScroll, screenshot, seriousViolations } from "./helpers";
import { ABSTAIN_TASK, EN_TASK, FAILED_RESOURCE, VERDICT_TASK, WEAK_TASK, WORKED_RESOURCE } from "./seed-data";

const PHONE = { width: 390, height: 844 };
// The first result must start within this many pixels of the top of a phone page.
const PHONE_FOLD = 600;

const searchPath = (q: string, category = "") => `/search?${new URLSearchParams(category ? { q, category } : { q })}`;
const rows = (page: Page) => page.locator("main ol > li");
const rowNamed = (page: Page, name: string) => rows(page).filter({ has: page.getByRole("heading", { level: 3, name }) });
const chips = (page: Page) => page.getByRole("navigation", { name: "Filter by category" });

/** The count a chip shows (its visible number). */
async function chipCount(chip: Locator): Promise<number> {
  return Number((await chip.locator("[aria-hidden=true]").innerText()).replace("+", ""));
}

/** An element's text colour as sRGB, whatever syntax the stylesheet used (Tailwind 4 computes lab()). */
function textRgb(el: Element): number[] {
  const ctx = document.createElement("canvas").getContext("2d")!;
  ctx.fillStyle = getComputedStyle(el).color;
  ctx.fillRect(0, 0, 1, 1);
  return [...ctx.getImageData(0, 0, 1, 1).data].slice(0, 3);
}

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize(PHONE);
});

test("shows what worked and what failed for this task, with the matched words marked", async ({ page }) => {
  await page.goto(searchPath(VERDICT_TASK));
  await expect(rows(page)).toHaveCount(2);

  // The resource that worked leads; the one whose report says it failed is shown lower, as a warning.
  const worked = rows(page).nth(0);
  await expect(worked.getByRole("heading", { level: 3 })).toContainText(WORKED_RESOURCE);
  const good = worked.locator("[data-verdict]");
  await expect(good).toHaveAttribute("data-verdict", "worked");
  await expect(good).toContainText("Worked for this task");
  await expect(good).toContainText("4.5");
  await expect(good).toContainText("2 reports");

  const failed = rows(page).nth(1);
  await expect(failed.getByRole("heading", { level: 3 })).toContainText(FAILED_RESOURCE);
  const bad = failed.locator("[data-verdict]");
  await expect(bad).toHaveAttribute("data-verdict", "failed");
  await expect(bad).toContainText("Failed at this task");
  await expect(bad).toContainText("1.0");
  await expect(failed).toContainText("it has no PDF parsing at all");
  // A warning in colour too: red text, unlike the green of "worked".
  const [[gr, gg], [br, bg]] = await Promise.all([good, bad].map((b) => b.evaluate(textRgb)));
  expect(br, "failed badge text is red").toBeGreaterThan(bg);
  expect(gg, "worked badge text is green").toBeGreaterThan(gr);

  // Marked words are query words as the index sees them (tables → tabl, PDF → pdf).
  const marks = await worked.locator("mark").allTextContents();
  expect(marks.length).toBeGreaterThan(0);
  for (const m of marks) expect(m.toLowerCase()).toMatch(/^(extract\w*|quillmark|tables?|pdfs?|reports?)$/);
  expect(marks.map((m) => m.toLowerCase())).toEqual(expect.arrayContaining(["quillmark", "tables", "pdf"]));
  await expect(failed.locator("mark", { hasText: /^PDF$/ })).not.toHaveCount(0);

  // The other matching reports are one click away, without JavaScript.
  const more = worked.locator("details");
  await expect(more.locator("summary")).toHaveText("1 more matching report");
  await expect(more.getByText("scanned pdf statements")).toBeHidden();
  await more.locator("summary").click();
  await expect(more.getByText("scanned pdf statements")).toBeVisible();
  await expect(more.locator("mark", { hasText: "quillmark" })).not.toHaveCount(0);
  await expectNoHorizontalScroll(page);

  await worked.getByRole("link", { name: WORKED_RESOURCE, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/resources/${WORKED_RESOURCE}$`));
});

test("chips count this query's matches, and the count for all equals the rows shown", async ({ page }) => {
  await page.goto(searchPath(VERDICT_TASK));
  const nav = chips(page);
  const all = nav.getByRole("link", { name: /^All categories/ });
  await expect(all).toHaveAttribute("aria-current", "true");
  expect(await chipCount(all)).toBe(await rows(page).count());
  expect(await chipCount(nav.getByRole("link", { name: /^cli/ }))).toBe(1);
  expect(await chipCount(nav.getByRole("link", { name: /^library/ }))).toBe(1);
  // Site-wide categories without a match for this query get no chip.
  await expect(nav.getByRole("link", { name: /^api/ })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: /^mcp/ })).toHaveCount(0);
  // Every chip's count adds up to the total.
  const links = nav.getByRole("link");
  let sum = 0;
  for (let i = 1; i < (await links.count()); i++) sum += await chipCount(links.nth(i));
  expect(sum).toBe(await chipCount(all));

  await nav.getByRole("link", { name: /^cli/ }).click();
  await expect(page).toHaveURL(/category=cli/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(WORKED_RESOURCE);
  // The scope hides a match elsewhere, and says so.
  await expect(page.getByText(/Scoped to category cli; 1 more resource matches in other categories/)).toBeVisible();
  // The counts stay those of the query, whatever the scope.
  expect(await chipCount(chips(page).getByRole("link", { name: /^All categories/ }))).toBe(2);
});

test("a scope without a match says where the matches are instead of 'nobody has reported this'", async ({ page }) => {
  await page.goto(searchPath(VERDICT_TASK, "api"));
  await expect(page.getByText("No match in api.")).toBeVisible();
  await expect(page.getByText("2 resources match in other categories")).toBeVisible();
  await expect(page.getByText("Nobody has reported this task yet.")).toHaveCount(0);
  await expect(rows(page)).toHaveCount(0);
  // The empty scope stays visible as the current chip, with 0, so the reader sees what hides the matches.
  const current = chips(page).getByRole("link", { name: /^api/ });
  await expect(current).toHaveAttribute("aria-current", "true");
  expect(await chipCount(current)).toBe(0);
  await page.getByRole("link", { name: "show all" }).click();
  await expect(page).not.toHaveURL(/category=/);
  await expect(rows(page)).toHaveCount(2);
});

test("an unsure answer is a labelled section of weak leads, not silence", async ({ page }) => {
  await page.goto(searchPath(WEAK_TASK));
  const section = page.getByRole("region", { name: "No confident match — closest reports" });
  await expect(section).toBeVisible();
  await expect(section).toContainText(/weak leads/i);
  await expect(section).toContainText("Read each report’s task");
  const lead = rowNamed(page, "Zephyrine");
  await expect(lead).toBeVisible();
  await expect(lead.getByText("weak lead", { exact: true })).toBeVisible();
  await expect(lead.locator("mark").first()).toBeVisible();
  await expect(chips(page)).toContainText("counting weak leads");
  await expect(page.getByText("Nobody has reported this task yet.")).toHaveCount(0);
});

test("nonsense gets the honest empty state", async ({ page }) => {
  await page.goto(searchPath(ABSTAIN_TASK));
  await expect(page.getByText("Nobody has reported this task yet.")).toBeVisible();
  await expect(page.getByText("POST /api/experience").first()).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
  await expect(chips(page)).toHaveCount(0);
  await expect(page.getByRole("region", { name: /No confident match/ })).toHaveCount(0);
});

test("the JSON link is the same search", async ({ page, request }) => {
  for (const [q, category] of [[VERDICT_TASK, ""], [VERDICT_TASK, "cli"], [WEAK_TASK, ""], [ABSTAIN_TASK, ""], [EN_TASK, ""]]) {
    await page.goto(searchPath(q, category));
    const link = page.getByRole("link", { name: "Same search as JSON" });
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/api\/search\?/);
    const params = new URL(href!, "http://x").searchParams;
    expect(params.get("q")).toBe(q);
    expect(params.get("category") ?? "").toBe(category);
    const answer = await (await request.get(href!)).json();
    const names = await rows(page).getByRole("heading", { level: 3 }).getByRole("link").allInnerTexts();
    expect(answer.results.map((r: { name: string }) => r.name), `${q} @ ${category}`).toEqual(names);
    expect(answer.confidence).toBe(q === ABSTAIN_TASK ? "none" : q === WEAK_TASK ? "low" : "high");
  }
});

test("the first result starts above the fold on a phone", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "phone only");
  for (const q of [EN_TASK, VERDICT_TASK, WEAK_TASK]) {
    await page.goto(searchPath(q));
    const box = await rows(page).first().boundingBox();
    expect(box, q).not.toBeNull();
    testInfo.annotations.push({ type: "first result top (px)", description: `${q}: ${Math.round(box!.y)}` });
    console.log(`phone ${PHONE.width}x${PHONE.height}: first result of “${q}” starts at ${Math.round(box!.y)} px`);
    expect(box!.y, q).toBeLessThan(PHONE_FOLD);
    // Its name and verdict are on screen without scrolling.
    const verdict = await rows(page).first().locator("[data-verdict]").boundingBox();
    expect(verdict!.y + verdict!.height, q).toBeLessThan(PHONE.height);
  }
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`${scheme} colour scheme`, () => {
    test.use({ colorScheme: scheme });
    const states = [
      { name: "search-verdicts", path: searchPath(VERDICT_TASK) },
      { name: "search-weak", path: searchPath(WEAK_TASK) },
      { name: "search-none", path: searchPath(ABSTAIN_TASK) },
      { name: "search-scoped", path: searchPath(VERDICT_TASK, "api") },
    ];
    for (const s of states) {
      test(`${s.name} is accessible`, async ({ page }, testInfo) => {
        await page.goto(s.path);
        await expect(page.locator("h1")).toBeVisible();
        await expectNoHorizontalScroll(page);
        await screenshot(page, testInfo, s.name, scheme);
        // Open the folded reports too, so they are checked.
        for (const summary of await page.locator("main details summary").all()) await summary.click();
        expect(await seriousViolations(page)).toEqual([]);
        await expectNoHorizontalScroll(page);
      });
    }
  });
}
