// One reporter, one voice everywhere an answer is computed: a flood of reports from one key must
// leave the task verdict, the ranking, the counts of reporters and the lists where they were after
// that key's first report. Through the real route handlers, in keys mode.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as experienceRoute from "@/app/api/experience/route";
import * as searchRoute from "@/app/api/search/route";
import { createKey } from "@/lib/keys/create-key";
import { getOverview } from "@/lib/resources/get-overview";
import { listCategoryTree } from "@/lib/resources/list-category-tree";
import { call } from "./http";
import { experienceInput } from "./factories";

const TASK = "Extract tables from PDF reports";
const saved = process.env.KNOWHUB_AUTH;
let keys: Record<string, string> = {};

async function report(keyName: string, fields: Record<string, unknown>) {
  const answer = await call(experienceRoute.POST, "/api/experience", {
    method: "POST",
    body: experienceInput({ submitted_by: keyName, confirm_new_resource: true, ...fields }),
    headers: { authorization: `Bearer ${keys[keyName]}` },
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.json;
}

async function search(q: string) {
  const answer = await call(searchRoute.GET, `/api/search?q=${encodeURIComponent(q)}&limit=10`);
  expect(answer.status).toBe(200);
  return answer.json;
}

/** What a reader takes from an answer: who ranks where, each verdict, and the reporter counts. */
function picture(answer: any) {
  return answer.results.map((r: any) => ({
    name: r.name,
    confidence: r.confidence,
    verdict: r.task_verdict.outcome,
    verdict_score: r.task_verdict.avg_score,
    verdict_reporters: r.task_verdict.reporter_count,
    avg_score: r.avg_score,
    reporters: r.reporter_count,
    shown_reports: r.relevant_experiences.length,
  }));
}

async function lists() {
  const overview = await getOverview();
  return {
    most_reported: overview.most_reported.map((r) => `${r.name}:${r.reporter_count}`),
    best_rated: overview.best_rated.map((r) => r.name),
    latest_reporters: overview.latest_experiences.map((e) => e.key?.label ?? e.submitted_by),
    category_tree: (await listCategoryTree()).categories.map((c) => `${c.category}: ${c.resources.map((r) => `${r.name}:${r.reporter_count}`).join(", ")}`),
  };
}

beforeAll(async () => {
  process.env.KNOWHUB_AUTH = "keys";
  for (const name of ["alice", "bob", "carol", "dave", "mallory", "erin", "frank"]) {
    keys[name] = (await createKey({ label: name, scope: "write", trusted: false })).token;
  }
  const camelot = { name: "Camelot", url: "https://camelot-py.readthedocs.io", category: "library" };
  const tabula = { name: "Tabula", url: "https://tabula.technology", category: "library" };
  for (const who of ["alice", "bob", "carol"]) {
    await report(who, { ...camelot, task: TASK, score: 5, tips: "lattice mode for ruled tables", outcome: "Every table came out intact." });
  }
  for (const who of ["erin", "frank"]) {
    await report(who, { ...tabula, task: TASK, score: 4, tips: "stream mode for whitespace tables", outcome: "Most tables came out." });
  }
  // Other resources and categories for the lists around them.
  await report("erin", { name: "pdfplumber", url: "https://github.com/jsvine/pdfplumber", category: "library", task: "Read words with positions from PDFs", score: 4 });
  await report("frank", { name: "Scrapy", url: "https://scrapy.org", category: "framework", task: "Crawl a product catalogue", score: 4 });
  await report("alice", { name: "Scrapy", url: "https://scrapy.org", category: "framework", task: "Crawl news sites politely", score: 5 });
  // dave's one honest-looking dissent: the voice a flood must not amplify.
  await report("dave", { ...camelot, task: "Extract tables from PDF reports quickly", score: 1, outcome: "Missed most tables.", tips: "did not work" });
});

afterAll(() => {
  if (saved === undefined) delete process.env.KNOWHUB_AUTH;
  else process.env.KNOWHUB_AUTH = saved;
});

describe("one reporter, one voice", () => {
  it("a flood of 20 reports from one key moves no verdict, rank, reporter count or list", async () => {
    const before = { search: picture(await search(TASK)), lists: await lists() };
    expect(before.search[0]).toMatchObject({ name: "Camelot", verdict: "worked", verdict_score: 4, verdict_reporters: 4, reporters: 4 });

    const variations = ["", " fast", " in bulk", " from scans", " for finance", " quickly please", " at scale", " today", " again", " v2"];
    for (let i = 0; i < 19; i += 1) {
      await report("dave", {
        name: "Camelot",
        url: "https://camelot-py.readthedocs.io",
        category: "library",
        task: `Extract tables from PDF reports${variations[i % variations.length]} #${i}`,
        score: 1,
        outcome: `Missed most tables (${i}).`,
        tips: "did not work",
      });
    }
    const answer = await search(TASK);
    const after = { search: picture(answer), lists: await lists() };
    console.log(
      `one voice: Camelot before the flood ${JSON.stringify(before.search[0])}, after ${JSON.stringify(after.search[0])}; ` +
        `ranking before ${before.search.map((r: any) => r.name).join(" > ")}, after ${after.search.map((r: any) => r.name).join(" > ")}`,
    );
    expect(after).toEqual(before);
    // The reports are all stored and counted as reports: nothing is hidden, only weighed once.
    const camelot = answer.results.find((r: any) => r.name === "Camelot");
    expect(camelot.experience_count).toBe(23);
    expect(camelot.reporter_count).toBe(4);
    expect(camelot.task_verdict.experience_count).toBeGreaterThanOrEqual(4);
    expect(new Set(camelot.relevant_experiences.map((e: any) => e.key.id)).size).toBe(camelot.relevant_experiences.length);
  });

  it("six copies of a made-up resource from one key rank and list as one report does", async () => {
    const fake = { name: "TableMagic Pro", url: "https://tablemagic.example", category: "library", score: 5 };
    await report("mallory", { ...fake, task: "Extract tables from PDF reports perfectly", tips: "best table extractor, use it for every PDF" });
    const once = { search: picture(await search(TASK)), lists: await lists() };
    for (let i = 1; i < 6; i += 1) {
      await report("mallory", { ...fake, task: `Extract tables from PDF reports perfectly (${i})`, tips: `best table extractor, use it for every PDF ${i}` });
    }
    const six = { search: picture(await search(TASK)), lists: await lists() };
    expect(six).toEqual(once);
    const row = six.search.find((r: any) => r.name === "TableMagic Pro");
    expect(row).toMatchObject({ verdict_reporters: 1, reporters: 1, shown_reports: 1 });
    // Not ahead of a resource that three keys vouch for, and not "most reported" ahead of them.
    const names = six.search.map((r: any) => r.name);
    expect(names.indexOf("Camelot")).toBeLessThan(names.indexOf("TableMagic Pro"));
    expect(six.lists.most_reported.indexOf("TableMagic Pro:1")).not.toBe(0);
    expect(six.lists.most_reported.slice(0, 2)).toEqual(["Camelot:4", "Scrapy:2"]);
  });
});
