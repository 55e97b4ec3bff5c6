// Resource governance: what a resource shows follows its reporters (not whoever came first), pins
// override them, renames and merges move reports to another key with exact aggregates and leave a
// redirect, and every maintainer action is in the audit log.
import { Readable } from "node:stream";
import { beforeAll, describe, expect, it } from "vitest";
import * as experienceRoute from "@/app/api/experience/route";
import * as decisionsRoute from "@/app/api/moderation/decisions/route";
import * as resourceRoute from "@/app/api/resource/[...name]/route";
import { listAudit } from "@/lib/audit/list-audit";
import { listAuditInput } from "@/lib/audit/schema";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { createExperience } from "@/lib/resources/create-experience";
import { createExperienceInput } from "@/lib/experiences/schema";
import { createKey } from "@/lib/keys/create-key";
import type { CreatedKeyDto } from "@/lib/keys/schema";
import { decide } from "@/lib/moderation/decide";
import { NO_KEY, type ProvenanceColumns } from "@/lib/keys/provenance";
import { getResource } from "@/lib/resources/get-resource";
import { getResourceAdmin } from "@/lib/resources/get-resource-admin";
import { mergeResources } from "@/lib/resources/merge-resources";
import { pinResource } from "@/lib/resources/pin-resource";
import { refreshResourceDisplay } from "@/lib/resources/refresh-resource-display";
import { renameResource } from "@/lib/resources/rename-resource";
import { getResourceInput } from "@/lib/resources/schema";
import { importStream } from "@/lib/transfer/import-records";
import { experienceInput } from "./factories";
import { call } from "./http";
import { sqlAll, sqlGet } from "./sql";

const MAINTAINER = { keyId: "key_00000000000000ad", label: "maintainer" };
const key = (n: number): ProvenanceColumns => ({ keyId: `key_${n.toString(16).padStart(16, "0")}`, keyLabel: `agent-${n}` });
const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 0, minute));
let tasks = 0;

async function report(fields: Record<string, unknown>, provenance: ProvenanceColumns = NO_KEY, when = at(0)) {
  const input = createExperienceInput.parse(experienceInput({ task: `Governance task ${++tasks}`, ...fields }));
  return createExperience(input, provenance, when);
}

const shown = async (name: string) => {
  const r = await getResource(getResourceInput.parse({ name }));
  return { url: r.url, category: r.category };
};

const hide = async (id: number) => {
  const row = (await sqlGet<{ k: string }>(`UPDATE experiences SET status = 'hidden' WHERE id = ? RETURNING resource_key AS k`, [id]))!;
  await refreshResourceDisplay([row.k]);
};

const audit = async (action: string, targetId?: string) =>
  (await listAudit(listAuditInput.parse({ action, ...(targetId ? { target_id: targetId } : {}) }))).entries;

async function domainError(work: () => unknown): Promise<DomainError> {
  try {
    await work();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a DomainError");
}

type Totals = { key: string; experience_count: number; reporter_count: number; score_sum: number; s1: number; s2: number; s3: number; s4: number; s5: number };

/** A resource's aggregate from first principles: published reports, one vote per reporter (its latest). */
async function expectedTotals(resourceKey: string): Promise<Totals> {
  return (await sqlGet<Totals>(
      /* sql */ `WITH voters AS (
         SELECT score, ROW_NUMBER() OVER (PARTITION BY CASE WHEN key_id = '' THEN 'e:' || id ELSE 'k:' || key_id END
                                          ORDER BY created_at DESC, id DESC) AS n
         FROM experiences WHERE resource_key = @k AND status = 'published')
       SELECT @k AS key, (SELECT COUNT(*) FROM experiences WHERE resource_key = @k AND status = 'published') AS experience_count,
         COUNT(*) AS reporter_count, COALESCE(SUM(score), 0) AS score_sum,
         COALESCE(SUM(CASE WHEN score = 1 THEN 1 ELSE 0 END), 0) AS s1, COALESCE(SUM(CASE WHEN score = 2 THEN 1 ELSE 0 END), 0) AS s2,
         COALESCE(SUM(CASE WHEN score = 3 THEN 1 ELSE 0 END), 0) AS s3, COALESCE(SUM(CASE WHEN score = 4 THEN 1 ELSE 0 END), 0) AS s4,
         COALESCE(SUM(CASE WHEN score = 5 THEN 1 ELSE 0 END), 0) AS s5
       FROM voters WHERE n = 1`,
      { k: resourceKey },
  ))!;
}

async function storedTotals(resourceKey: string): Promise<Totals> {
  return (await sqlGet<Totals>(
    /* sql */ `SELECT key, experience_count, reporter_count, score_sum, score_1 AS s1, score_2 AS s2, score_3 AS s3,
       score_4 AS s4, score_5 AS s5 FROM resources WHERE key = ?`,
    [resourceKey],
  ))!;
}

describe("shown url and category follow the reporters", () => {
  const name = "Squatted Lib";
  const REAL = "https://github.com/real/squatted-lib";
  const FAKE = "https://evil.example/squatted-lib";
  let squatterReport = 0;

  it("outvotes a squatter who reported first with a fake URL", async () => {
    const first = await report({ name, url: FAKE, category: "malware" }, key(0x51), at(1));
    squatterReport = first.experience.id;
    expect(await shown(name)).toEqual({ url: FAKE, category: "malware" }); // first come still fills an empty resource
    const second = await report({ name, url: REAL, category: "library" }, key(1), at(2));
    // One against one: the tie keeps what is shown, and the write's own answer says so.
    expect(second.resource).toMatchObject({ url: FAKE, category: "malware" });
    // Two against one: a strict majority of distinct reporters moves it.
    const third = await report({ name, url: REAL, category: "library" }, key(2), at(3));
    expect(third.resource).toMatchObject({ url: REAL, category: "library" });
    await report({ name, url: REAL, category: "library" }, key(3), at(4));
    // The squatter comes back last: one reporter against three.
    await report({ name, url: FAKE, category: "malware" }, key(0x51), at(5));
    expect(await shown(name)).toEqual({ url: REAL, category: "library" });
  });

  it("keeps the real one when the squatter's report is hidden", async () => {
    await hide(squatterReport);
    expect(await shown(name)).toEqual({ url: REAL, category: "library" });
  });

  it("lets a pin beat the majority, and an unpin return to it, with an audit entry each", async () => {
    const pinned = await pinResource({ name: "squatted lib", url: "https://pinned.example/lib", category: "  MCP   Server ", reason: "official mirror" }, MAINTAINER, at(10));
    expect(pinned).toMatchObject({ url: "https://pinned.example/lib", category: "mcp server", pinned_url: "https://pinned.example/lib", pinned_category: "mcp server" });
    expect(await shown(name)).toEqual({ url: "https://pinned.example/lib", category: "mcp server" });

    // Leaving category out keeps its pin; null unpins the url.
    const unpinned = await pinResource({ name, url: null, reason: "mirror retired" }, MAINTAINER, at(11));
    expect(unpinned).toMatchObject({ url: REAL, category: "mcp server", pinned_url: null, pinned_category: "mcp server" });
    await pinResource({ name, category: null, reason: "back to the reporters" }, MAINTAINER, at(12));
    expect(await shown(name)).toEqual({ url: REAL, category: "library" });

    const entries = await audit("resource.pin", "squatted lib");
    expect(entries).toHaveLength(3);
    expect(entries.at(-1)).toMatchObject({
      actor: { key_id: MAINTAINER.keyId, label: "maintainer" },
      target: { type: "resource", id: "squatted lib" },
      reason: "official mirror",
      before: { url: REAL, category: "library", pinned_url: null, pinned_category: null },
      after: { url: "https://pinned.example/lib", category: "mcp server", pinned_url: "https://pinned.example/lib", pinned_category: "mcp server" },
    });
  });

  it("pins only valid urls, on resources that exist, and needs a reason", async () => {
    expect(await domainError(() => pinResource({ name, url: "ftp://x.example", reason: "r" }, MAINTAINER))).toMatchObject({ code: "invalid_input" });
    expect((await domainError(() => pinResource({ name, url: "javascript:alert(1)", reason: "r" }, MAINTAINER))).code).toBe("invalid_input");
    expect((await domainError(() => pinResource({ name, url: "https://x.example", reason: " " }, MAINTAINER))).code).toBe("invalid_input");
    expect((await domainError(() => pinResource({ name, reason: "nothing to pin" }, MAINTAINER))).code).toBe("invalid_input");
    const missing = await domainError(() => pinResource({ name: "Squated Lib", url: "https://x.example", reason: "r" }, MAINTAINER));
    expect(missing.code).toBe("not_found");
    expect(missing.details.closest).toContain("Squatted Lib");
  });

  it("keeps the shown value on a tie, whatever the times; a strict majority moves it", async () => {
    await report({ name: "Tie Kit", url: "https://a.example", category: "cli" }, key(0x10), at(1));
    await report({ name: "Tie Kit", url: "https://b.example", category: "api" }, key(0x11), at(3));
    expect(await shown("Tie Kit")).toEqual({ url: "https://a.example", category: "cli" });
    // The same key again, later: still one reporter each.
    await report({ name: "Tie Kit", url: "https://b.example" }, key(0x11), at(4));
    expect((await shown("Tie Kit")).url).toBe("https://a.example");
    // A second reporter for b decides it whatever the times.
    await report({ name: "Tie Kit", url: "https://b.example" }, key(0x12), at(0));
    expect((await shown("Tie Kit")).url).toBe("https://b.example");
    // Now b is shown: a second reporter for a only ties, and b stays.
    await report({ name: "Tie Kit", url: "https://a.example" }, key(0x13), at(30));
    expect((await shown("Tie Kit")).url).toBe("https://b.example");
  });

  it("counts one key once however often it repeats a URL; each report without a key is a reporter", async () => {
    for (let i = 0; i < 10; i++) await report({ name: "Flood Kit", url: "https://flood.example" }, key(0x20), at(10 + i));
    await report({ name: "Flood Kit", url: "https://real.example/flood" }, key(0x21), at(1));
    await report({ name: "Flood Kit", url: "https://real.example/flood" }, key(0x22), at(2));
    expect((await shown("Flood Kit")).url).toBe("https://real.example/flood");
    // Open mode: three reports without a key are three reporters.
    for (let i = 0; i < 3; i++) await report({ name: "Flood Kit", url: "https://open.example/flood" }, NO_KEY, at(3));
    expect((await shown("Flood Kit")).url).toBe("https://open.example/flood");
    const admin = await getResourceAdmin("flood kit");
    expect(admin.candidates.url).toEqual([
      { value: "https://open.example/flood", reporters: 3, reports: 3, last_reported_at: at(3).toISOString() },
      { value: "https://real.example/flood", reporters: 2, reports: 2, last_reported_at: at(2).toISOString() },
      { value: "https://flood.example", reporters: 1, reports: 10, last_reported_at: at(19).toISOString() },
    ]);
  });

  it("ignores empty values, and shows '' when no published report gives one", async () => {
    await report({ name: "Empty Kit", url: "", category: "" }, key(0x30), at(1));
    await report({ name: "Empty Kit", url: "", category: "" }, key(0x31), at(2));
    const only = await report({ name: "Empty Kit", url: "https://only.example", category: "book" }, key(0x32), at(3));
    expect(await shown("Empty Kit")).toEqual({ url: "https://only.example", category: "book" });
    await hide(only.experience.id);
    expect(await shown("Empty Kit")).toEqual({ url: "", category: "" });
  });

  it("answers a new report with the resource as it is now shown", async () => {
    await report({ name: "Answer Kit", url: "https://first.example" }, NO_KEY, at(1));
    await report({ name: "Answer Kit", url: "https://second.example" }, NO_KEY, at(2));
    await report({ name: "Answer Kit", url: "https://first.example" }, NO_KEY, at(3));
    const last = await report({ name: "Answer Kit", url: "https://second.example" }, NO_KEY, at(0));
    expect(last.resource.url).toBe("https://first.example"); // 2 against 2: the shown one (the first) stays
  });

  it("refreshes every resource an import touched", async () => {
    for (const bulk of [false, true]) {
      const name = `Imported Kit ${bulk ? "bulk" : "batch"}`;
      const lines = [
        { name, url: "https://squat.example", task: "import one", created_at: at(1).toISOString() },
        { name, url: "https://real.example/imported", task: "import two", created_at: at(2).toISOString() },
        { name, url: "https://real.example/imported", task: "import three", created_at: at(3).toISOString() },
      ].map((fields) => JSON.stringify(experienceInput(fields)));
      const summary = await importStream(Readable.from(lines.join("\n") + "\n"), { bulk });
      expect(summary.experiences.added).toBe(3);
      expect((await shown(name)).url).toBe("https://real.example/imported");
    }
  });
});

describe("ties keep the incumbent, through the API", () => {
  const agents: CreatedKeyDto[] = [];
  let moderator: CreatedKeyDto;
  beforeAll(async () => {
    for (let i = 0; i < 5; i++) agents.push(await createKey({ label: `tie-agent-${i}`, scope: "write", trusted: false }));
    moderator = await createKey({ label: "tie-maintainer", scope: "moderate", trusted: false });
  });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const post = (agent: number, fields: Record<string, unknown>) =>
    call(experienceRoute.POST, "/api/experience", { method: "POST", body: experienceInput({ task: `Tie task ${++tasks}`, ...fields }), headers: bearer(agents[agent].token) });
  const showing = async (name: string) => {
    const res = await call(resourceRoute.GET, `/api/resource/${encodeURIComponent(name)}`, { params: { name: [name] } });
    return { url: res.json.url, category: res.json.category };
  };
  const ORIGINAL = { url: "https://github.com/origin/incumbent-kit", category: "library" };
  const SQUAT = { url: "https://evil.example/incumbent-kit", category: "malware" };

  it("one report from another key does not replace a single reporter's url and category; two do", async () => {
    const name = "Incumbent Kit";
    expect((await post(0, { name, ...ORIGINAL })).status).toBe(201);
    const squat = await post(1, { name, ...SQUAT });
    expect(squat.status).toBe(201);
    expect(squat.json.resource).toMatchObject(ORIGINAL);
    expect(await showing(name)).toEqual(ORIGINAL);
    // The squatter's key repeating itself is still one reporter.
    await post(1, { name, ...SQUAT, score: 2 });
    expect(await showing(name)).toEqual(ORIGINAL);
    // A second distinct reporter for the new values is a strict majority: they move.
    const second = await post(2, { name, ...SQUAT });
    expect(second.json.resource).toMatchObject(SQUAT);
    expect(await showing(name)).toEqual(SQUAT);
  });

  it("keeps what is shown when a recompute after a hidden report leaves a tie, even against a newer report", async () => {
    const name = "Recount Kit";
    await post(0, { name, url: "https://one.example/recount" });
    await post(1, { name, url: "https://one.example/recount" });
    await post(2, { name, url: "https://two.example/recount" });
    await post(3, { name, url: "https://two.example/recount" });
    const deciding = await post(4, { name, url: "https://two.example/recount" });
    expect((await showing(name)).url).toBe("https://two.example/recount");
    // The newest report names the other url (its reporter counted already: still 2 against 3).
    await post(0, { name, url: "https://one.example/recount", score: 3 });
    const hidden = await call(decisionsRoute.POST, "/api/moderation/decisions", {
      method: "POST",
      body: { type: "experience", id: deciding.json.experience.id, action: "hide", reason: "tie test" },
      headers: bearer(moderator.token),
    });
    expect(hidden.status).toBe(200);
    // Two against two: the shown url stays, though the most recent report names the other one.
    expect((await showing(name)).url).toBe("https://two.example/recount");
  });
});

describe("rename", () => {
  it("moves every report to the new name, keeps pins, and redirects the old name", async () => {
    const first = await report({ name: "Camelot Py", url: "https://camelot.example", category: "library", score: 5 }, key(0x40), at(1));
    await report({ name: "camelot py", url: "https://camelot.example", score: 2 }, key(0x41), at(2));
    const held = await report({ name: "Camelot Py", url: "https://camelot.example", score: 1 }, key(0x42), at(3));
    await hide(held.experience.id);
    await pinResource({ name: "Camelot Py", category: "pdf", reason: "it is about PDFs" }, MAINTAINER, at(4));
    const before = await storedTotals("camelot py");

    const result = await renameResource({ name: "camelot py", new_name: "  Camelot   PDF ", reason: "the project's name" }, MAINTAINER, at(5));
    expect(result).toMatchObject({
      previous: { key: "camelot py", name: "Camelot Py" },
      moved: 3,
      resource: { key: "camelot pdf", name: "Camelot PDF", url: "https://camelot.example", category: "pdf", pinned_category: "pdf", experience_count: 2 },
    });
    expect({ ...(await storedTotals("camelot pdf")), key: "" }).toEqual({ ...before, key: "" });
    expect(await storedTotals("camelot pdf")).toEqual(await expectedTotals("camelot pdf"));
    expect(await storedTotals("camelot py")).toEqual(await expectedTotals("camelot py"));
    expect(await expectedTotals("camelot py")).toMatchObject({ experience_count: 0, reporter_count: 0 });

    // The old name answers with the new resource; the reports carry the new name, and search finds it.
    const viaOld = await getResource(getResourceInput.parse({ name: "Camelot Py" }));
    expect(viaOld).toMatchObject({ name: "Camelot PDF", redirected_from: "Camelot Py", experience_count: 2 });
    expect(viaOld.experiences.map((e) => e.name)).toEqual(["Camelot PDF", "Camelot PDF"]);
    expect(await getResource(getResourceInput.parse({ name: "camelot pdf" }))).not.toHaveProperty("redirected_from");
    const http = await call(resourceRoute.GET, "/api/resource/Camelot%20Py", { params: { name: ["Camelot Py"] } });
    expect(http.status).toBe(200);
    expect(http.json).toMatchObject({ name: "Camelot PDF", redirected_from: "Camelot Py" });
    // The search index holds the report under its new name (search_name): FTS5's column, tsvector's weight B.
    const hits =
      db().engine === "sqlite"
        ? await sqlAll<{ rowid: number }>(`SELECT rowid FROM experience_fts WHERE experience_fts MATCH 'search_name:pdf' ORDER BY rowid`)
        : await sqlAll<{ rowid: number }>(`SELECT id AS rowid FROM experiences WHERE status = 'published' AND search_vector @@ to_tsquery('simple', 'pdf:B') ORDER BY id`);
    expect(hits.map((h) => h.rowid)).toContain(first.experience.id);
    expect(await sqlGet(`SELECT status FROM experiences WHERE id = ?`, [held.experience.id])).toEqual({ status: "hidden" });

    const [entry] = await audit("resource.rename", "camelot pdf");
    expect(entry).toMatchObject({
      reason: "the project's name",
      before: { key: "camelot py", name: "Camelot Py", experience_count: 2, pinned_category: "pdf" },
      after: { key: "camelot pdf", name: "Camelot PDF", experience_count: 2, moved: 3, redirect: { from: "camelot py", to: "camelot pdf" } },
    });
  });

  it("follows renames in a chain without chains of redirects, and renaming back works", async () => {
    await renameResource({ name: "Camelot PDF", new_name: "Camelot", reason: "shorter" }, MAINTAINER, at(6));
    expect(await getResource(getResourceInput.parse({ name: "camelot py" }))).toMatchObject({ name: "Camelot", redirected_from: "Camelot Py" });
    expect((await getResourceAdmin("Camelot")).redirects.map((r) => r.from_key).sort()).toEqual(["camelot pdf", "camelot py"]);
    await renameResource({ name: "Camelot", new_name: "Camelot Py", reason: "back" }, MAINTAINER, at(7));
    const back = await getResource(getResourceInput.parse({ name: "Camelot Py" }));
    expect(back).toMatchObject({ name: "Camelot Py", experience_count: 2 });
    expect(back).not.toHaveProperty("redirected_from");
    const redirects = await sqlAll(`SELECT from_key, to_key FROM resource_redirects WHERE to_key LIKE 'camelot%' OR from_key LIKE 'camelot%' ORDER BY from_key`);
    expect(redirects).toEqual([
      { from_key: "camelot", to_key: "camelot py" },
      { from_key: "camelot pdf", to_key: "camelot py" },
    ]);
    expect(await storedTotals("camelot py")).toEqual(await expectedTotals("camelot py"));
  });

  it("changes only the display name when the letter case is all that changes", async () => {
    await report({ name: "tabula", url: "https://tabula.example" }, key(0x50), at(1));
    const result = await renameResource({ name: "TABULA", new_name: "Tabula", reason: "proper case" }, MAINTAINER, at(2));
    expect(result).toMatchObject({ previous: { key: "tabula", name: "tabula" }, moved: 0, resource: { key: "tabula", name: "Tabula" } });
    expect(await getResource(getResourceInput.parse({ name: "tabula" }))).toMatchObject({ name: "Tabula", experience_count: 1 });
    expect(await sqlGet(`SELECT COUNT(*) AS n FROM resource_redirects WHERE from_key = 'tabula'`)).toEqual({ n: 0 });
    expect(await audit("resource.rename", "tabula")).toHaveLength(1);
    expect((await domainError(() => renameResource({ name: "tabula", new_name: "Tabula", reason: "again" }, MAINTAINER))).code).toBe("invalid_input");
  });

  it("refuses a new name that already has reports (merge it instead), and unknown names", async () => {
    const taken = await domainError(() => renameResource({ name: "Tabula", new_name: "tie kit", reason: "x" }, MAINTAINER));
    expect(taken).toMatchObject({ code: "conflict", details: { existing: "Tie Kit", suggestion: "merge" } });
    const unknown = await domainError(() => renameResource({ name: "Tabulla", new_name: "Tabula 2", reason: "x" }, MAINTAINER));
    expect(unknown).toMatchObject({ code: "not_found" });
    expect(unknown.details.closest).toContain("Tabula");
    expect((await domainError(() => renameResource({ name: "Tabula", new_name: "bad\u200bname", reason: "x" }, MAINTAINER))).code).toBe("invalid_input");
    expect(await audit("resource.rename", "tie kit")).toHaveLength(0);
  });
});

describe("merge", () => {
  // Cyrillic "Р" (U+0420) for the Latin "P": the lookalike of an existing resource.
  const LOOKALIKE = "\u0420yMuPDF";

  it("folds a lookalike into the real resource with exact aggregates, one vote per key across both", async () => {
    await report({ name: "PyMuPDF", url: "https://github.com/pymupdf/PyMuPDF", score: 5 }, key(0x60), at(1));
    await report({ name: "PyMuPDF", url: "https://github.com/pymupdf/PyMuPDF", score: 4 }, key(0x61), at(2));
    await report({ name: "PyMuPDF", url: "https://github.com/pymupdf/PyMuPDF", score: 3 }, NO_KEY, at(3));
    // The shared key reports on the lookalike later (misspelled name, real url): after the merge it
    // must count once, with that latest report. Confirmed lookalikes are held: a maintainer let
    // three of them through before noticing.
    const lookalikes = [
      await report({ name: LOOKALIKE, url: "https://github.com/pymupdf/PyMuPDF", score: 1, confirm_new_resource: true }, key(0x60), at(4)),
      await report({ name: LOOKALIKE, url: "https://evil.example/pymupdf", score: 1, confirm_new_resource: true }, key(0x62), at(5)),
      await report({ name: LOOKALIKE, url: "https://evil.example/pymupdf", score: 2, confirm_new_resource: true }, NO_KEY, at(6)),
    ];
    for (const held of lookalikes) {
      expect(held.moderation).toMatchObject({ status: "pending", findings: [{ kind: "lookalike_name", existing: "PyMuPDF" }] });
      await decide({ type: "experience", id: held.experience.id, action: "approve", reason: "looked like a fork" }, MAINTAINER, at(7));
    }
    const hidden = await report({ name: LOOKALIKE, score: 5, confirm_new_resource: true }, key(0x63), at(7));
    await hide(hidden.experience.id);
    const fromKey = LOOKALIKE.toLowerCase();
    const beforeFrom = await storedTotals(fromKey);
    const beforeInto = await storedTotals("pymupdf");
    expect(beforeFrom).toMatchObject({ experience_count: 3, reporter_count: 3 });
    expect(beforeInto).toMatchObject({ experience_count: 3, reporter_count: 3 });

    const result = await mergeResources({ from: LOOKALIKE, into: "pymupdf", reason: "lookalike of PyMuPDF" }, MAINTAINER, at(8));
    expect(result.moved).toBe(4);
    const after = await storedTotals("pymupdf");
    expect(after).toEqual(await expectedTotals("pymupdf"));
    expect(await storedTotals(fromKey)).toEqual(await expectedTotals(fromKey));
    // 6 published reports; reporters: key 60 (once: its latest, the 1), 61, 62 and two without a key.
    expect(after).toMatchObject({ experience_count: 6, reporter_count: 5, score_sum: 1 + 4 + 3 + 1 + 2, s1: 2, s2: 1, s3: 1, s4: 1, s5: 0 });
    expect(await storedTotals(fromKey)).toMatchObject({ experience_count: 0, reporter_count: 0, score_sum: 0 });
    const votes = await sqlGet(`SELECT COUNT(*) AS n FROM resource_votes WHERE resource_key = ?`, [fromKey]);
    expect(votes).toEqual({ n: 0 });
    // Three reporters give the real url (key 60 once) against two: the merged resource keeps showing it.
    expect(result.resource).toMatchObject({ name: "PyMuPDF", url: "https://github.com/pymupdf/PyMuPDF", experience_count: 6, reporter_count: 5 });

    const viaLookalike = await getResource(getResourceInput.parse({ name: LOOKALIKE, limit: "100" }));
    expect(viaLookalike).toMatchObject({ name: "PyMuPDF", redirected_from: LOOKALIKE, experience_count: 6 });
    expect(new Set(viaLookalike.experiences.map((e) => e.name))).toEqual(new Set(["PyMuPDF"]));

    const [entry] = await audit("resource.merge", "pymupdf");
    expect(entry).toMatchObject({
      reason: "lookalike of PyMuPDF",
      before: {
        from: { key: fromKey, experience_count: 3, reporter_count: 3, score_sum: 4 },
        into: { key: "pymupdf", experience_count: 3, reporter_count: 3, score_sum: 12 },
      },
      after: { key: "pymupdf", experience_count: 6, reporter_count: 5, score_sum: 11, moved: 4, redirect: { from: fromKey, to: "pymupdf" } },
    });
  });

  it("repoints redirects that led to the merged resource", async () => {
    await report({ name: "PDF Kit Old", url: "https://pdfkit.example" }, key(0x70), at(1));
    await renameResource({ name: "PDF Kit Old", new_name: "PDF Kit", reason: "renamed upstream" }, MAINTAINER, at(2));
    await mergeResources({ from: "PDF Kit", into: "PyMuPDF", reason: "same thing" }, MAINTAINER, at(3));
    expect(await getResource(getResourceInput.parse({ name: "pdf kit old" }))).toMatchObject({ name: "PyMuPDF", redirected_from: "PDF Kit Old" });
    expect((await getResourceAdmin("PyMuPDF")).redirects.map((r) => r.from_key).sort()).toEqual(["pdf kit", "pdf kit old", "\u0440ymupdf"]);
    expect(await storedTotals("pymupdf")).toEqual(await expectedTotals("pymupdf"));
  });

  it("refuses merging a resource into itself (also through a redirect) and unknown names", async () => {
    expect((await domainError(() => mergeResources({ from: "pymupdf", into: "PyMuPDF", reason: "x" }, MAINTAINER))).code).toBe("invalid_input");
    expect((await domainError(() => mergeResources({ from: LOOKALIKE, into: "PyMuPDF", reason: "again" }, MAINTAINER))).code).toBe("invalid_input");
    const unknown = await domainError(() => mergeResources({ from: "PyMuPDFF", into: "Nothing Here At All", reason: "x" }, MAINTAINER));
    expect(unknown.code).toBe("not_found");
    const unknownInto = await domainError(() => mergeResources({ from: "Tabula", into: "PyMuPDFF", reason: "x" }, MAINTAINER));
    expect(unknownInto).toMatchObject({ code: "not_found", details: { into: "PyMuPDFF" } });
    expect(unknownInto.details.closest).toContain("PyMuPDF");
    expect(await audit("resource.merge")).toHaveLength(2);
  });
});

describe("getResourceAdmin", () => {
  it("shows pins, candidates, redirects and reports of every status, newest first", async () => {
    const admin = await getResourceAdmin("squatted lib");
    expect(admin.resource).toMatchObject({ key: "squatted lib", name: "Squatted Lib", url: "https://github.com/real/squatted-lib", pinned_url: null });
    expect(admin.candidates.url.map((c) => [c.value, c.reporters])).toEqual([
      ["https://github.com/real/squatted-lib", 3],
      ["https://evil.example/squatted-lib", 1],
    ]);
    expect(admin.status_counts).toEqual({ hidden: 1, published: 4 });
    expect(admin.experiences).toHaveLength(5);
    expect(admin.experiences[0]).toMatchObject({ status: "published", key: { id: key(0x51).keyId, label: "agent-81" }, url: "https://evil.example/squatted-lib" });
    expect(admin.experiences.at(-1)).toMatchObject({ status: "hidden", status_reason: "" });
    expect(await getResourceAdmin("\u0420yMuPDF")).toMatchObject({ redirected_from: "\u0420yMuPDF", resource: { key: "pymupdf" } });
    expect((await domainError(() => getResourceAdmin("no such resource"))).code).toBe("not_found");
  });
});
