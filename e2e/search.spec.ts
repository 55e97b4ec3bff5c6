// The search page as a reader deciding what to use: a task verdict per resource (a failure reads as
// a warning), matched words marked, chips that count this query's matches, an honest note when a
// scope is set, weak leads after the confident results and without a verdict, counts that name
// reporters, the empty state, a JSON link to the same call, and the first result above the fold on
// a phone. Desktop 1280x800 and a 390x844 phone, light and dark.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoHorizontalScroll, screenshot, seriousViolations } from "./helpers";
import { STATE_FILE } from "./settings";
import { ABSTAIN_TASK, EN_TASK, FAILED_RESOURCE, MIXED_CONFIDENT, MIXED_TASK, MIXED_WEAK, VERDICT_TASK, WEAK_TASK, WORKED_RESOURCE } from "./seed-data";

const PHONE = { width: 390, height: 844 };
// The first result must start within this many pixels of the top of a phone page.
const PHONE_FOLD = 600;

const searchPath = (q: string, category = "") => `/search?${new URLSearchParams(category ? { q, category } : { q })}`;
const rows = (page: Page) => page.locator("main ol > li");
const rowNamed = (page: Page, name: string) => rows(page).filter({ has: page.getByRole("heading", { level: 3, name }) });
const chips = (page: Page) => page.getByRole("navigation", { name: "Filter by category" });
const counts = (page: Page) => page.getByTestId("result-counts");

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
  // The task goes along: the resource's page leads with the reports matching it.
  await expect(page).toHaveURL(new RegExp(`/resources/${WORKED_RESOURCE}\\?q=`));
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
  // A scope is a search of its own (one search per view): it says other categories may hold more,
  // counts only itself, and does not pretend to know the total.
  await expect(page.getByText(/Scoped to category cli; other categories may hold more/)).toBeVisible();
  expect(await chipCount(chips(page).getByRole("link", { name: /^cli/ }))).toBe(1);
  await expect(chips(page).getByRole("link", { name: "All categories" }).locator("[aria-hidden=true]")).toHaveCount(0);
});

test("a scope without a match offers the other categories instead of 'nobody has reported this'", async ({ page }) => {
  await page.goto(searchPath(VERDICT_TASK, "api"));
  await expect(page.getByText("No match in api.")).toBeVisible();
  await expect(page.getByText("Nobody has reported this task yet.")).toHaveCount(0);
  await expect(rows(page)).toHaveCount(0);
  // The empty scope stays visible as the current chip, with 0, so the reader sees what hides the matches.
  const current = chips(page).getByRole("link", { name: /^api/ });
  await expect(current).toHaveAttribute("aria-current", "true");
  expect(await chipCount(current)).toBe(0);
  await page.getByRole("link", { name: "Search all categories" }).click();
  await expect(page).not.toHaveURL(/category=/);
  await expect(rows(page)).toHaveCount(2);
});

test("weak leads come after the confident results, behind a divider, without a verdict", async ({ page }) => {
  await page.goto(searchPath(MIXED_TASK));
  await expect(counts(page)).toHaveText(`${MIXED_CONFIDENT.length} confident results, ${MIXED_WEAK.length} weak leads`);
  const divider = page.getByRole("heading", { level: 2, name: "Weak leads: share part of the task" });
  await expect(divider).toBeVisible();
  const names = await rows(page).getByRole("heading", { level: 3 }).getByRole("link").allInnerTexts();
  expect(names.slice(0, MIXED_CONFIDENT.length).sort()).toEqual([...MIXED_CONFIDENT].sort());
  expect(names.slice(MIXED_CONFIDENT.length).sort()).toEqual([...MIXED_WEAK].sort());

  // In the page's order: every confident row, then the divider, then every weak lead.
  const dividerTop = (await divider.boundingBox())!.y;
  for (const name of MIXED_CONFIDENT) {
    const row = rowNamed(page, name);
    expect((await row.boundingBox())!.y, name).toBeLessThan(dividerTop);
    await expect(row.locator("[data-verdict]")).toHaveAttribute("data-verdict", "worked");
    await expect(row.getByText("weak lead", { exact: true })).toHaveCount(0);
  }
  const weakSection = page.getByTestId("weak-leads");
  for (const name of MIXED_WEAK) {
    const row = rowNamed(page, name);
    expect((await row.boundingBox())!.y, name).toBeGreaterThan(dividerTop);
    await expect(weakSection.getByRole("heading", { level: 3, name })).toBeVisible();
    // Their reports say they worked for a related task; that is no verdict on this one.
    await expect(row.locator("[data-verdict]")).toHaveCount(0);
    await expect(row.getByText("Worked for this task")).toHaveCount(0);
    await expect(row.locator("[data-related]")).toContainText(/1 report on related tasks, average \d\.\d/);
    await expect(row.getByText("weak lead", { exact: true })).toBeVisible();
  }
  await expect(weakSection.getByText("Worked for this task")).toHaveCount(0);
  // Numbered on from the confident results.
  await expect(rowNamed(page, names[MIXED_CONFIDENT.length])).toContainText(`${MIXED_CONFIDENT.length + 1}.`);
  await expect(chips(page)).toContainText(`including ${MIXED_WEAK.length} weak leads`);
  await expectNoHorizontalScroll(page);
});

test("a flood of reports from one key reads as one reporter", async ({ page }, testInfo) => {
  // A write key made with the real CLI on the test database, as e2e/tokens.spec.ts does.
  const { dir } = JSON.parse(readFileSync(STATE_FILE, "utf8")) as { dir: string };
  const key = JSON.parse(
    execFileSync(join(process.cwd(), "node_modules", ".bin", "tsx"), ["scripts/keys.ts", "create", "--label", `flood-e2e-${testInfo.project.name}`, "--scope", "write"], {
      env: { ...process.env, DATABASE_URL: `file:${join(dir, "e2e.db")}` },
      encoding: "utf8",
    }),
  ) as { token: string };
  // Each project (desktop, phone) floods a resource of its own on the shared server.
  const name = `Moonquartz Miracle ${testInfo.project.name}`;
  const task = `polish moonquartz figurines for a museum display (${testInfo.project.name})`;
  for (let i = 1; i <= 6; i++) {
    const response = await page.request.post("/api/experience", {
      headers: { authorization: `Bearer ${key.token}` },
      // distinct: the flooder insists each is a new report (else they fold as near-duplicates); it
      // still counts once.
      data: { name, category: "library", task, score: 5, outcome: `Perfect, run ${i}.`, distinct: true },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto(searchPath(task));
  const row = rowNamed(page, name);
  await expect(row.locator("[data-verdict]")).toContainText("6 reports · 1 reporter");
  await expect(row).toContainText("all tasks: 5.0");
  await row.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByText(/from 6 reports · 1 reporter \(a key counts once/)).toBeVisible();
});

test("an unsure answer is a labelled section of weak leads, not silence", async ({ page }) => {
  await page.goto(searchPath(WEAK_TASK));
  const section = page.getByRole("region", { name: "No confident match — closest reports" });
  await expect(section).toBeVisible();
  await expect(section).toContainText(/weak leads/i);
  await expect(section).toContainText("Read each report’s task");
  await expect(counts(page)).toHaveText("No confident match: 1 weak lead, closest first");
  const lead = rowNamed(page, "Zephyrine");
  await expect(lead).toBeVisible();
  await expect(lead.getByText("weak lead", { exact: true })).toBeVisible();
  await expect(lead.locator("[data-verdict]")).toHaveCount(0);
  await expect(lead.locator("[data-related]")).toContainText("on related tasks");
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
  for (const [q, category] of [[VERDICT_TASK, ""], [VERDICT_TASK, "cli"], [WEAK_TASK, ""], [ABSTAIN_TASK, ""], [EN_TASK, ""], [MIXED_TASK, ""]]) {
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
    // Its name and verdict (a weak lead: its line about related reports) are on screen without scrolling.
    const verdict = await rows(page).first().locator("[data-verdict], [data-related]").boundingBox();
    expect(verdict!.y + verdict!.height, q).toBeLessThan(PHONE.height);
  }
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`${scheme} colour scheme`, () => {
    test.use({ colorScheme: scheme });
    const states = [
      { name: "search-verdicts", path: searchPath(VERDICT_TASK) },
      { name: "search-weak", path: searchPath(WEAK_TASK) },
      { name: "search-mixed", path: searchPath(MIXED_TASK) },
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
