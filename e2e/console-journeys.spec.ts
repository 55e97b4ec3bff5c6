// The console's second round (#22 item 3) in a browser, on desktop and phone, light and dark:
// a logged-out maintainer asks for a console page, a wrong token gets the styled login back (401,
// the error summary focused, the token not echoed), the right one lands on the page asked for; the
// Resources and Content lists find what was asked; a diff between two revisions marks its lines
// with signs and words, not colour alone; on public pages a logged-in maintainer hides a report and
// locks a node and comes back to the page, while a visitor sees none of it; insights count clients
// and list weak leads apart. Every page is checked with axe and screenshotted.
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { expectNoHorizontalScroll, screenshot, seriousViolations } from "./helpers";
import { ADMIN_TOKEN, BASE_URL } from "./settings";

const TOKEN_LABEL = "API key with the moderate scope, or the admin token";
const REASON_LABEL = "Reason (required, for the audit log)";

async function report(request: APIRequestContext, name: string, task: string, tips = "Works as documented.") {
  const answer = await request.post(`${BASE_URL}/api/experience`, {
    data: { name, category: "library", task, score: 4, tips, submitted_by: "e2e-agent", confirm_new_resource: true, distinct: true },
  });
  expect(answer.ok(), await answer.text()).toBeTruthy();
  return ((await answer.json()) as { experience: { id: number } }).experience.id;
}

async function content(request: APIRequestContext, id: string, title: string, body: string) {
  const answer = await request.post(`${BASE_URL}/api/content`, { data: { id, title, body } });
  expect(answer.ok(), await answer.text()).toBeTruthy();
}

async function login(page: Page, landing: RegExp) {
  await page.getByLabel(TOKEN_LABEL).fill(ADMIN_TOKEN);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(landing);
  await expect(page.getByRole("status")).toContainText("You are logged in.");
}

async function check(page: Page, testInfo: TestInfo, scheme: string, name: string) {
  await expect(page.locator("h1").first()).toBeVisible();
  expect(await seriousViolations(page), name).toEqual([]);
  await expectNoHorizontalScroll(page);
  await screenshot(page, testInfo, name, scheme);
}

for (const scheme of ["light", "dark"] as const) {
  test.describe(`console journeys (${scheme})`, () => {
    test.use({ colorScheme: scheme });

    test(`login returns to the page asked for; a wrong token gets the styled 401 (${scheme})`, async ({ page }, testInfo) => {
      await page.goto("/admin/content?status=held");
      await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fcontent%3Fstatus%3Dheld$/);
      await page.getByLabel(TOKEN_LABEL).fill("wrong-token-for-the-console");
      const refused = page.waitForResponse((r) => r.url().includes("/admin/login?error=token"));
      await page.getByRole("button", { name: "Log in" }).click();
      expect((await refused).status()).toBe(401);
      // The same styled page: its title, the error summary focused, the token field empty, next kept.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log in");
      const alert = page.locator("#login-error");
      await expect(alert).toHaveAttribute("role", "alert");
      await expect(alert).toContainText("That token does not open the console");
      await expect(alert).toBeFocused();
      await expect(page.getByLabel(TOKEN_LABEL)).toHaveValue("");
      await expect(page.getByLabel(TOKEN_LABEL)).toHaveAttribute("aria-invalid", "true");
      expect(await page.content()).not.toContain("wrong-token-for-the-console");
      await check(page, testInfo, scheme, "admin-login-refused");
      await login(page, /\/admin\/content\?status=held&flash=logged-in$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Content");
    });

    test(`the Resources and Content lists search and lead to the console pages (${scheme})`, async ({ page, request }, testInfo) => {
      const tag = `${testInfo.project.name}-${scheme}`;
      const resource = `Listwise Kit ${tag}`;
      await report(request, resource, `Sort ledgers for the list test ${tag}`);
      const node = `listwise-${tag}`;
      await content(request, node, "Listwise guide", "# Listwise guide\n\nFirst text.");
      await content(request, `${node}/child`, "Listwise child", "# Listwise child\n\nChild text.");

      await page.goto("/admin/login?next=%2Fadmin%2Fresources");
      await login(page, /\/admin\/resources\?flash=logged-in$/);
      await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Resources" })).toHaveAttribute("aria-current", "page");
      await page.getByLabel("Name or description contains").fill(`listwise kit ${tag}`);
      await page.getByRole("button", { name: "Search" }).click();
      const rows = page.getByRole("list", { name: "Resources" }).getByRole("listitem");
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText("1 published report");
      await check(page, testInfo, scheme, "admin-resources-list");
      await rows.first().getByRole("link", { name: resource }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(resource);

      await page.goto("/admin/content");
      await page.getByLabel("Root id").fill(node);
      await page.getByRole("button", { name: "Search" }).click();
      const nodes = page.getByRole("list", { name: "Content nodes" }).getByRole("listitem");
      await expect(nodes).toHaveCount(2);
      await expect(nodes.nth(1)).toContainText(`${node}/child`);
      await check(page, testInfo, scheme, "admin-content-list");
      await nodes.first().getByRole("link", { name: "Listwise guide" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/content/${node}$`));
    });

    test(`a diff between two revisions, with signs and words beside the colour (${scheme})`, async ({ page, request }, testInfo) => {
      const id = `diffwise-${testInfo.project.name}-${scheme}`;
      await content(request, id, "Diff guide", "# Diff guide\n\nKeep this line.\nThe old sentence.\nLast line.");
      await content(request, id, "Diff guide", "# Diff guide\n\nKeep this line.\nThe new sentence.\nLast line.\nAn added line.");
      await content(request, id, "Diff guide", "# Diff guide\n\nKeep this line.\nThe third sentence.\nLast line.");
      await page.goto(`/admin/content/${id}`);
      await login(page, new RegExp(`/admin/content/${id}\\?flash=logged-in$`));
      const compare = page.locator('section[aria-labelledby="compare"]');
      // By default: two newest (the public sees the newest).
      await expect(compare.getByLabel("From revision", { exact: true })).toHaveValue("2");
      await expect(compare.getByLabel("To revision", { exact: true })).toHaveValue("3");
      await expect(compare.getByTestId("diff-summary")).toContainText("Revision 2 → 3: 1 line added, 2 lines removed");
      await compare.getByLabel("From revision", { exact: true }).selectOption("1");
      await compare.getByLabel("To revision", { exact: true }).selectOption("2");
      await compare.getByRole("button", { name: "Compare" }).click();
      await expect(page).toHaveURL(/from=1&to=2/);
      await expect(compare.getByTestId("diff-summary")).toContainText("Revision 1 → 2: 2 lines added, 1 line removed");
      const changes = compare.getByRole("region", { name: "Changes from revision 1 to 2" });
      // Each changed line: its sign, then words a screen reader reads (visually hidden), then the text.
      await expect(changes.locator('li[data-kind="removed"] > span:nth-child(3)')).toHaveText(["-"]);
      await expect(changes.locator('li[data-kind="removed"] > span:nth-child(4)')).toHaveText(["removed: The old sentence."]);
      await expect(changes.locator('li[data-kind="added"] > span:nth-child(4)')).toHaveText(["added: The new sentence.", "added: An added line."]);
      await expect(changes.locator('li[data-kind="added"] > span:nth-child(3)')).toHaveText(["+", "+"]);
      await check(page, testInfo, scheme, "admin-content-diff");
    });

    test(`on public pages a maintainer hides a report and locks a node; a visitor sees nothing new (${scheme})`, async ({ page, request, browser }, testInfo) => {
      const tag = `${testInfo.project.name}-${scheme}`;
      const resource = `Hideable Kit ${tag}`;
      const keep = await report(request, resource, `Keep this report ${tag}`);
      const hide = await report(request, resource, `Hide this report ${tag}`);
      const node = `hideable-${tag}`;
      await content(request, node, "Hideable guide", "# Hideable guide\n\nA page to lock.");
      const resourcePath = `/resources/${encodeURIComponent(resource)}`;

      // A visitor: no maintainer actions, and the same answer headers as any public page.
      const visitor = await browser.newPage();
      const visit = await visitor.goto(`${BASE_URL}${resourcePath}`);
      expect(visit?.headers()["set-cookie"]).toBeUndefined();
      await expect(visitor.getByTestId("maintainer-actions")).toHaveCount(0);
      await visitor.goto(`${BASE_URL}/content/${node}`);
      await expect(visitor.getByTestId("maintainer-actions")).toHaveCount(0);
      await visitor.close();

      await page.goto("/admin/login");
      await login(page, /\/admin\?flash=logged-in$/);
      await page.goto(resourcePath);
      const target = page.locator(`#experience-${hide}`);
      await target.getByText(`Maintainer actions for report #${hide}`).click();
      await expect(target.getByRole("link", { name: `Flag for review: open #${hide} in the console` })).toHaveAttribute("href", `/admin/items/experience/${hide}`);
      await check(page, testInfo, scheme, "public-resource-maintainer");
      const form = target.getByRole("form", { name: `Hide report #${hide}` });
      await form.getByLabel(REASON_LABEL).fill("off-topic report");
      await form.getByRole("button", { name: `Hide report #${hide}` }).click();
      await expect(page).toHaveURL(new RegExp(`${resourcePath.replace(/[()]/g, "\\$&")}\\?flash=hide$`));
      await expect(page.getByRole("status")).toContainText("Hidden");
      await expect(page.locator(`#experience-${hide}`)).toHaveCount(0);
      await expect(page.locator(`#experience-${keep}`)).toHaveCount(1);
      // Hiding the last published report takes the public page away: back to the console's page instead.
      const last = page.locator(`#experience-${keep}`);
      await last.getByText(`Maintainer actions for report #${keep}`).click();
      await last.getByRole("form", { name: `Hide report #${keep}` }).getByLabel(REASON_LABEL).fill("the last one goes too");
      await last.getByRole("button", { name: `Hide report #${keep}` }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/resources/${encodeURIComponent(resource)}\\?flash=hide$`));
      await expect(page.getByRole("status")).toContainText("Hidden");

      await page.goto(`/content/${node}`);
      await page.getByText("Maintainer actions for this page").click();
      const lock = page.getByRole("form", { name: "Lock this node" });
      await lock.getByLabel(REASON_LABEL).fill("keep it stable");
      await lock.getByRole("button", { name: "Lock" }).click();
      await expect(page).toHaveURL(new RegExp(`/content/${node}\\?flash=locked$`));
      await expect(page.getByRole("status")).toContainText("Content locked");
      await page.getByText("Maintainer actions for this page").click();
      await expect(page.getByRole("form", { name: "Unlock this node" })).toBeVisible();
      await check(page, testInfo, scheme, "public-content-maintainer");
      // The lock holds for writers without a moderate key.
      const refused = await request.post(`${BASE_URL}/api/content`, { data: { id: node, title: "Hideable guide", body: "Vandalised." } });
      expect(refused.ok()).toBe(false);
    });

    test(`insights count clients and list weak leads apart (${scheme})`, async ({ page, request }, testInfo) => {
      // Words no seed report has, one spelling per project and scheme (parallel runs count apart).
      const query = `wibblefrotz flurbnax q${testInfo.project.name.slice(0, 3)}${scheme.slice(0, 3)}`;
      for (let i = 0; i < 3; i++) expect((await request.get(`${BASE_URL}/api/search?q=${encodeURIComponent(query)}`)).ok()).toBeTruthy();
      await page.goto("/admin/insights?days=7");
      await login(page, /\/admin\/insights\?days=7&flash=logged-in$/);
      await expect(page.getByRole("heading", { name: "Searches that found only weak leads" })).toBeVisible();
      // The search log is written in the background: reload until the searches show.
      const row = page.locator("section", { has: page.getByRole("heading", { name: "Searches that found nothing" }) }).getByRole("listitem").filter({ hasText: query });
      await expect(async () => {
        await page.reload();
        await expect(row).toHaveCount(1, { timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      // One caller (this test's address and browser) searched three times: one client.
      await expect(row).toContainText("1 client");
      await expect(row).toContainText("3 searches");
      await check(page, testInfo, scheme, "admin-insights-clients");
    });
  });
}
