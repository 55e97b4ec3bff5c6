// Submitted text is data, never markup. Hostile experiences and markdown go in through the API;
// every page that shows them must render them inertly: no dialog, no script, no javascript: link.
import { expect, test, type Page } from "@playwright/test";
import { screenshot } from "./helpers";
import { BASE_URL } from "./settings";

const FLAG = "__knowhubPwned";
const SET_FLAG = `window.${FLAG}=1;alert(1)`;
const svgScript = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="${SET_FLAG}"><script>${SET_FLAG}</script></svg>`).toString("base64");

const HOSTILE_NAME = `Hostile <script>${SET_FLAG}</script> Kit`;
const HOSTILE_TASK = `sanitise hostile quokkatron payloads <img src=x onerror="${SET_FLAG}">`;
const HOSTILE_CONTENT_ID = "quokkatron-hostile";

const HOSTILE_MARKDOWN = [
  "# Hostile page",
  `<script>${SET_FLAG}</script>`,
  `<img src="x" onerror="${SET_FLAG}">`,
  `<svg onload="${SET_FLAG}"><script>${SET_FLAG}</script></svg>`,
  `<a href="javascript:${SET_FLAG}">raw html link</a>`,
  `<iframe src="javascript:${SET_FLAG}"></iframe>`,
  "",
  `[js link](javascript:${SET_FLAG})`,
  `[spaced js link]( javascript:${SET_FLAG})`,
  `[tab js link](java\tscript:${SET_FLAG})`,
  `[data link](data:text/html;base64,${svgScript})`,
  `[vb link](vbscript:msgbox(1))`,
  `<javascript:${SET_FLAG}>`,
  "[ref link][evil]",
  `![svg data image](data:image/svg+xml;base64,${svgScript})`,
  `![relative image](x" onerror="${SET_FLAG})`,
  "![remote svg](https://example.invalid/evil.svg)",
  "[fine link](https://example.com/ok)",
  "",
  `[evil]: javascript:${SET_FLAG}`,
].join("\n");

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ request }) => {
  // The API refuses a javascript: URL outright...
  const refused = await request.post(`${BASE_URL}/api/experience`, {
    data: { name: "Quokkatron", task: "sanitise hostile quokkatron payloads", score: 1, url: `javascript:${SET_FLAG}` },
  });
  expect(refused.status()).toBe(400);
  // ...so the payloads go into every free-text field instead.
  const created = await request.post(`${BASE_URL}/api/experience`, {
    data: {
      name: HOSTILE_NAME,
      url: "https://example.com/quokkatron",
      category: "library",
      task: HOSTILE_TASK,
      score: 1,
      tips: `[click me](javascript:${SET_FLAG}) <svg onload="${SET_FLAG}"></svg> <a href="javascript:${SET_FLAG}">x</a>`,
      outcome: `<script>${SET_FLAG}</script>`.repeat(20),
      content_id: HOSTILE_CONTENT_ID,
      submitted_by: `<img src=x onerror="${SET_FLAG}">`,
    },
  });
  expect(created.ok()).toBeTruthy();
  const content = await request.post(`${BASE_URL}/api/content`, {
    data: { id: HOSTILE_CONTENT_ID, title: `<script>${SET_FLAG}</script> quokkatron`, body: HOSTILE_MARKDOWN },
  });
  expect(content.ok()).toBeTruthy();
});

async function visitInertly(page: Page, path: string) {
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await page.waitForLoadState("load");
  // Scroll so lazy images load, then click every link in submitted text that might run something.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(300);
  expect(await page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], FLAG)).toBeUndefined();
  expect(dialogs).toEqual([]);

  const hrefs = await page.locator("a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  for (const href of hrefs) expect(href, "every link is relative or http(s)").toMatch(/^(https?:\/\/|\/|#|\?)/);
  const srcs = await page.locator("main img").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src") ?? ""));
  for (const src of srcs) expect(src, "every image is http(s)").toMatch(/^https?:\/\//);
  expect(await page.locator("main iframe, main script, main [onerror], main [onload]").count()).toBe(0);
  return dialogs;
}

test("hostile experience text renders as text on search, resource and home pages", async ({ page }, testInfo) => {
  await visitInertly(page, `/search?q=${encodeURIComponent("sanitise hostile quokkatron payloads")}`);
  await expect(page.locator("main")).toContainText("<img src=x onerror=");
  await screenshot(page, testInfo, "hostile-search", "light");
  await visitInertly(page, `/resources/${encodeURIComponent(HOSTILE_NAME)}`);
  await screenshot(page, testInfo, "hostile-resource", "light");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(HOSTILE_NAME);
  await expect(page.locator("main")).toContainText(`[click me](javascript:`);
  // Open the folded outcome too: still text.
  await page.locator("main details summary").first().click();
  await visitInertly(page, "/");
  await visitInertly(page, "/categories");
});

test("hostile markdown renders inertly on the content page", async ({ page }, testInfo) => {
  const dialogs = await visitInertly(page, `/content/${HOSTILE_CONTENT_ID}`);
  await screenshot(page, testInfo, "hostile-content", "light");
  const md = page.locator(".markdown");
  // Raw HTML is shown as text, not executed or hidden.
  await expect(md).toContainText("<script>");
  await expect(md).toContainText("onerror=");
  // Unsafe links are neutralised into plain text; the safe one stays a link.
  for (const text of ["js link", "spaced js link", "data link", "vb link", "ref link"]) {
    await expect(md.getByText(text, { exact: true })).toBeVisible();
    await expect(md.getByRole("link", { name: text, exact: true })).toHaveCount(0);
  }
  await expect(md.getByRole("link", { name: "fine link" })).toHaveAttribute("href", "https://example.com/ok");
  // Clicking the neutralised text does nothing.
  await md.getByText("js link", { exact: true }).click();
  // Only the http(s) image survives, lazy and without referrer.
  const images = md.locator("img");
  await expect(images).toHaveCount(1);
  await expect(images).toHaveAttribute("src", "https://example.invalid/evil.svg");
  await expect(images).toHaveAttribute("loading", "lazy");
  await expect(images).toHaveAttribute("referrerpolicy", "no-referrer");
  await page.waitForTimeout(300);
  expect(await page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], FLAG)).toBeUndefined();
  expect(dialogs).toEqual([]);
});
