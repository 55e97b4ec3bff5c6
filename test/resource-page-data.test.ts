// A resource's page as a decision tool: its reports filtered (outcome, score, verified, version,
// days) through GET /api/resource and the page's read, the reports matching a task with the task's
// verdict (the same matching and verdict as search), and its one-line description (derived from its
// reports, or a maintainer's, audit-logged).
import { beforeAll, describe, expect, it } from "vitest";
import * as resourceRoute from "@/app/api/resource/[...name]/route";
import { listAudit } from "@/lib/audit/list-audit";
import { listAuditInput } from "@/lib/audit/schema";
import { DomainError } from "@/lib/errors";
import { createExperienceInput } from "@/lib/experiences/schema";
import { NO_KEY, type ProvenanceColumns } from "@/lib/keys/provenance";
import { createExperience } from "@/lib/resources/create-experience";
import { describeResource } from "@/lib/resources/describe-resource";
import { getResource } from "@/lib/resources/get-resource";
import { getResourceInput } from "@/lib/resources/schema";
import { matchResourceTask } from "@/lib/search/match-resource-task";
import { searchExperiences } from "@/lib/search/search-experiences";
import { searchInput } from "@/lib/search/schema";
import { contentInput, experienceInput } from "./factories";
import { submitContentInput } from "@/lib/contents/schema";
import { submitContent } from "@/lib/contents/submit-content";
import { resolve } from "@/app/(site)/resources/[...name]/load";
import { call } from "./http";

const MAINTAINER = { keyId: "key_00000000000000ad", label: "maintainer" };
const key = (n: number): ProvenanceColumns => ({ keyId: `key_${n.toString(16).padStart(16, "0")}`, keyLabel: `agent-${n}` });
const day = (d: number, hour = 12) => new Date(Date.UTC(2026, 5, d, hour));

// id by label, for readable expectations.
const ids: Record<string, number> = {};

async function report(label: string, fields: Record<string, unknown>, provenance: ProvenanceColumns, when: Date) {
  const input = createExperienceInput.parse(experienceInput({ name: "Tablet Kit", url: "https://example.com/tablet", category: "library", distinct: true, ...fields }));
  const created = await createExperience(input, provenance, when);
  ids[label] = created.experience.id;
}

const get = (query: string) => call(resourceRoute.GET, `/api/resource/Tablet%20Kit${query}`, { params: { name: ["Tablet Kit"] } });
const listed = (json: { experiences: { id: number }[] }) => json.experiences.map((e) => e.id);
const name = (id: number) => Object.entries(ids).find(([, v]) => v === id)?.[0];

beforeAll(async () => {
  await report("pdf-ok", { task: "extract tables from scanned pdf invoices", score: 5, outcome: "every table came out", version: "2.1" }, key(1), day(1));
  await report("pdf-bad", { task: "extract tables from pdf statements with merged cells", score: 2, outcome: "merged cells were split wrongly", version: "2.0" }, key(2), day(2));
  await report("pdf-anon", { task: "pull tables out of pdf reports", score: 4, outcome: "worked after tuning" }, NO_KEY, day(3));
  await report("csv", { task: "convert spreadsheet exports to csv", score: 3, outcome: "fine for small files", version: "2.1" }, key(3), day(4));
  await report("html", { task: "render html email previews", score: 1, outcome: "crashed on large inputs" }, key(4), day(5, 23));
});

describe("GET /api/resource filters", () => {
  it("lists every published report without filters, newest first, and echoes no filter", async () => {
    const res = await get("");
    expect(res.status).toBe(200);
    expect(listed(res.json).map(name)).toEqual(["html", "csv", "pdf-anon", "pdf-bad", "pdf-ok"]);
    expect(res.json.filters).toEqual({ outcome: null, min_score: 1, verified: false, version: null, since: null, until: null });
  });

  it.each([
    ["?outcome=worked", ["pdf-anon", "pdf-ok"]],
    ["?outcome=mixed", ["csv"]],
    ["?outcome=failed", ["html", "pdf-bad"]],
    ["?min_score=4", ["pdf-anon", "pdf-ok"]],
    ["?min_score=3&sort=worst", ["csv", "pdf-anon", "pdf-ok"]],
    ["?verified=true", ["html", "csv", "pdf-bad", "pdf-ok"]],
    ["?verified=1&outcome=worked", ["pdf-ok"]],
    ["?version=2.1", ["csv", "pdf-ok"]],
    ["?since=2026-06-03", ["html", "csv", "pdf-anon"]],
    // until is inclusive of its whole day (UTC): the report at 23:00 on the 5th is in.
    ["?until=2026-06-05&since=2026-06-05", ["html"]],
    ["?until=2026-06-02", ["pdf-bad", "pdf-ok"]],
    ["?outcome=&min_score=&version=&since=&until=&verified=", ["html", "csv", "pdf-anon", "pdf-bad", "pdf-ok"]],
  ])("%s", async (query, expected) => {
    const res = await get(query);
    expect(res.status).toBe(200);
    expect(listed(res.json).map(name)).toEqual(expected);
  });

  it("pages through a filtered list with the cursor, the filter kept", async () => {
    const one = await get("?outcome=failed&limit=1");
    expect(listed(one.json).map(name)).toEqual(["html"]);
    const two = await get(`?outcome=failed&limit=1&cursor=${one.json.next_cursor}`);
    expect(listed(two.json).map(name)).toEqual(["pdf-bad"]);
    expect(two.json.next_cursor).toBeNull();
  });

  it.each([
    ["?outcome=great", "outcome"],
    ["?min_score=6", "min_score"],
    ["?verified=maybe", "verified"],
    ["?since=2026-13-01", "since"],
    ["?until=yesterday", "until"],
    [`?version=${"v".repeat(101)}`, "version"],
  ])("refuses %s with a clear 400 naming the field", async (query, field) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("invalid_input");
    expect(JSON.stringify(res.json.error.details)).toContain(field);
  });

  it("never changes the aggregate: filters narrow the list only", async () => {
    const all = await get("");
    const some = await get("?outcome=failed");
    expect(some.json.avg_score).toBe(all.json.avg_score);
    expect(some.json.score_distribution).toEqual(all.json.score_distribution);
  });
});

describe("a task on the resource's page", () => {
  it("matches the reports search matches, with search's verdict for the resource", async () => {
    const q = "extract tables from pdf";
    const match = await matchResourceTask("Tablet Kit", q);
    // Best match first: every word in the task, the better score first; then "pull tables out of pdf".
    expect(match.ids.map(name)).toEqual(["pdf-ok", "pdf-bad", "pdf-anon"]);
    const search = await searchExperiences(searchInput.parse({ q }), "", { log: false });
    const row = search.results.find((r) => r.name === "Tablet Kit")!;
    expect(match.verdict).toEqual(row.task_verdict);
    expect(match.verdict).toMatchObject({ experience_count: 3, reporter_count: 3, avg_score: 3.7, outcome: "worked" });
  });

  it("has no match and no verdict for a task none of its reports is about", async () => {
    expect(await matchResourceTask("Tablet Kit", "train a speech recognition model")).toEqual({ ids: [], verdict: null, scanned: 5 });
  });

  it("lists the matching reports apart and first, filtered like the others, and leaves them out of the rest", async () => {
    const match = await matchResourceTask("Tablet Kit", "extract tables from pdf");
    const r = await getResource(getResourceInput.parse({ name: "tablet kit" }), { lead: match.ids });
    expect(r.lead!.map((e) => name(e.id))).toEqual(match.ids.map(name));
    expect(r.experiences.map((e) => name(e.id))).toEqual(["html", "csv"]);
    const failed = await getResource(getResourceInput.parse({ name: "tablet kit", outcome: "failed" }), { lead: match.ids });
    expect(failed.lead!.map((e) => name(e.id))).toEqual(["pdf-bad"]);
    expect(failed.experiences.map((e) => name(e.id))).toEqual(["html"]);
    // A sort asked for orders them too.
    const worst = await getResource(getResourceInput.parse({ name: "tablet kit", sort: "worst" }), { lead: match.ids });
    expect(worst.lead!.map((e) => name(e.id))).toEqual(["pdf-bad", "pdf-anon", "pdf-ok"]);
    const none = await getResource(getResourceInput.parse({ name: "tablet kit" }), { lead: [] });
    expect(none.lead).toEqual([]);
    expect(none.experiences).toHaveLength(5);
  });
});

describe("q on GET /api/resource (the page's task, over the API, MCP and the CLI)", () => {
  it("answers the page's task: the same matching reports, verdict and content, apart from the rest", async () => {
    await submitContent(submitContentInput.parse(contentInput({ id: "tablet-kit/tables", title: "Tables", body: "Extract tables from PDF pages with the table finder." })));
    await submitContent(submitContentInput.parse(contentInput({ id: "other-kit/tables", title: "Tables elsewhere", body: "Extract tables from PDF pages elsewhere." })));
    const q = "extract tables from pdf";
    const res = await get(`?q=${encodeURIComponent(q)}&outcome=worked`);
    expect(res.status).toBe(200);
    const match = await matchResourceTask("Tablet Kit", q);
    expect(res.json.task).toMatchObject({ q, verdict: match.verdict, matching: 3, scanned: 5 });
    // Filtered like the page's list: the failed match is not among the worked ones.
    expect(res.json.task.experiences.map((e: { id: number }) => name(e.id))).toEqual(["pdf-ok", "pdf-anon"]);
    expect(listed(res.json).map(name)).toEqual([]);
    // Scoped to the resource's own tree: the other kit's page is not its content.
    expect(res.json.task.content.map((c: { id: string }) => c.id)).toEqual(["tablet-kit/tables"]);
    // Search names the tree's resource, its root spelled as ids are ("tablet-kit" for "Tablet Kit").
    const found = await searchExperiences(searchInput.parse({ q: "table finder pdf pages" }), "", { log: false });
    expect(found.content.find((c) => c.id === "tablet-kit/tables")?.resource).toBe("Tablet Kit");
    // The page reads the same function with the same schema: the same answer.
    const page = await resolve({ params: Promise.resolve({ name: ["Tablet Kit"] }), searchParams: Promise.resolve({ q, outcome: "worked" }) });
    const pageData = JSON.parse(JSON.stringify(page.resource));
    expect({ ...pageData, description: "" }).toEqual({ ...res.json, description: "" });
    expect(page.task).toEqual(res.json.task);
  });

  it("is the plain resource without q, and refuses an over-long q, changing nothing", async () => {
    expect((await get("")).json.task).toBeUndefined();
    expect((await get("?q=")).json.task).toBeUndefined();
    const long = await get(`?q=${"a".repeat(501)}`);
    expect(long.status).toBe(400);
    expect(long.json.error.code).toBe("invalid_input");
  });
});

describe("the one-line description", () => {
  it("is derived from the newest reports' tasks, shortest first, while no maintainer wrote one", async () => {
    const res = await get("");
    expect(res.json.description).toBe("Reported for: render html email previews · pull tables out of pdf reports · convert spreadsheet exports to csv");
  });

  it("is a maintainer's once written, audit-logged; empty goes back to the derived line", async () => {
    const set = await describeResource({ name: "TABLET KIT", description: "  A PDF   table\nextractor. ", reason: "newcomers asked" }, MAINTAINER);
    expect(set).toEqual({ name: "Tablet Kit", description: "A PDF table extractor." });
    expect((await get("")).json.description).toBe("A PDF table extractor.");
    const entries = (await listAudit(listAuditInput.parse({ action: "resource.describe" }))).entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: { label: "maintainer" }, target: { type: "resource", id: "tablet kit" }, reason: "newcomers asked", before: { description: "" }, after: { description: "A PDF table extractor." } });
    await describeResource({ name: "Tablet Kit", description: "", reason: "back to the reports" }, MAINTAINER);
    expect((await get("")).json.description).toMatch(/^Reported for: /);
  });

  it("refuses a missing reason, an over-long line and an unknown resource, changing nothing", async () => {
    const refused = async (input: { name: string; description: string; reason: string }) => {
      try {
        await describeResource(input, MAINTAINER);
      } catch (error) {
        if (error instanceof DomainError) return error.code;
        throw error;
      }
      return "accepted";
    };
    expect(await refused({ name: "Tablet Kit", description: "x", reason: "" })).toBe("invalid_input");
    expect(await refused({ name: "Tablet Kit", description: "x".repeat(201), reason: "r" })).toBe("invalid_input");
    expect(await refused({ name: "No Such Kit", description: "x", reason: "r" })).toBe("not_found");
    expect((await get("")).json.description).toMatch(/^Reported for: /);
    expect((await listAudit(listAuditInput.parse({ action: "resource.describe" }))).entries).toHaveLength(2);
  });
});
