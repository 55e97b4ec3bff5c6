// Search learns from use (#21 item 4): every answer carries a search_id, a report may cite it
// (after_search), and when distinct keys that got no confident answer for a phrasing report the same
// resource, search answers that phrasing with it. Through the route handlers, on both engines.
import { beforeAll, describe, expect, it } from "vitest";
import * as experienceRoute from "@/app/api/experience/route";
import * as confirmRoute from "@/app/api/experience/[id]/confirm/route";
import * as flagRoute from "@/app/api/experience/[id]/flag/route";
import * as searchRoute from "@/app/api/search/route";
import * as learnedRoute from "@/app/api/moderation/learned/route";
import * as removeRoute from "@/app/api/moderation/learned/remove/route";
import { flushSearchLog } from "@/lib/demand-log/log-search";
import { createKey } from "@/lib/keys/create-key";
import { runLearning } from "@/lib/learning/run-learning";
import { AFTER_SEARCH_MESSAGE } from "@/lib/text/search-id";
import { call } from "./http";
import { countRows, sqlGet } from "./sql";
import { experienceInput } from "./factories";

const auth = (token: string | null): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
const post = (body: unknown, token: string | null) => call(experienceRoute.POST, "/api/experience", { method: "POST", body, headers: auth(token) });
const search = (q: string, token: string | null = null, explain = false) =>
  call(searchRoute.GET, `/api/search?q=${encodeURIComponent(q)}${explain ? "&explain=1" : ""}`, { headers: auth(token) });
const names = (answer: { json: { results: { name: string }[] } }) => answer.json.results.map((r) => r.name);
// Past the grace a cited search has to reach the log: a write citing an id no search gave (the
// after_search test's) is then judged, not waited for.
const learn = () => runLearning(new Date(Date.now() + 10 * 60_000));
const generation = async () => (await sqlGet<{ value: string }>(`SELECT value FROM search_meta WHERE key = 'generation'`))!.value;

const moderator = await createKey({ label: "maintainer", scope: "moderate", trusted: false });
const keys = await Promise.all([1, 2, 3, 4, 5].map((n) => createKey({ label: `agent-${n}`, scope: "write", trusted: false })));

// The hub's reports: none of them says "scanned receipts" or "ledger", so the phrasings below find
// nothing confident until agents teach it.
beforeAll(async () => {
  for (const e of [
    { name: "Camelot", task: "Extract lattice tables from PDF reports into pandas", tips: "flavor='lattice' for ruled tables" },
    { name: "Tesseract", task: "OCR printed text from scanned pages", tips: "--psm 6 for uniform blocks" },
    { name: "Pillow", task: "Resize and crop photos for thumbnails", tips: "Image.thumbnail keeps the aspect ratio" },
  ]) {
    expect((await post(experienceInput({ ...e, url: "", category: "library" }), null)).status).toBe(201);
  }
});

/** One agent: searches the phrasing with its key, then reports `name` citing that search. */
async function agentReports(token: string | null, q: string, name: string, task: string, score = 5) {
  const found = await search(q, token);
  expect(found.status).toBe(200);
  const stored = await post(experienceInput({ name, url: "", category: "library", task, score, after_search: found.json.search_id }), token);
  expect([200, 201]).toContain(stored.status);
  return { found, stored };
}

describe("search_id", () => {
  it("is on every answer, new for every request (a cached answer too), and logged with what was shown", async () => {
    const first = await search("extract lattice tables from pdf reports");
    const second = await search("extract lattice tables from pdf reports");
    const none = await search("teach a parrot to whistle");
    for (const a of [first, second, none]) expect(a.json.search_id).toMatch(/^s_[0-9a-f]{24}$/);
    expect(new Set([first, second, none].map((a) => a.json.search_id)).size).toBe(3);
    expect(first.json.confidence).toBe("high");
    await flushSearchLog();
    const logged = await sqlGet<{ confidence: string; shownKeys: string; confidentCount: number }>(
      `SELECT confidence, shown_keys AS "shownKeys", confident_count AS "confidentCount" FROM search_logs WHERE search_id = ?`,
      [first.json.search_id],
    );
    expect(logged).toMatchObject({ confidence: "high", confidentCount: 1 });
    expect(JSON.parse(logged!.shownKeys)[0]).toBe("camelot");
    expect(await sqlGet(`SELECT confidence FROM search_logs WHERE search_id = ?`, [none.json.search_id])).toEqual({ confidence: "none" });
  });
});

describe("after_search", () => {
  it("takes only a search_id, is stored with the report, never shown, and not part of the duplicate check", async () => {
    for (const bad of ["s_123", "S_0123456789abcdef01234567", "s_0123456789ABCDEF01234567", "", 42, "x".repeat(26)]) {
      const refused = await post(experienceInput({ task: "Cited a bad search", after_search: bad }), keys[0].token);
      expect(refused.status, String(bad)).toBe(400);
      expect(refused.json.error.code).toBe("invalid_input");
      expect(JSON.stringify(refused.json.error)).toContain(AFTER_SEARCH_MESSAGE);
    }
    const cited = "s_0123456789abcdef01234567";
    const stored = await post(experienceInput({ task: "Cited a search", after_search: cited }), keys[0].token);
    expect(stored.status).toBe(201);
    expect(JSON.stringify(stored.json)).not.toContain(cited);
    expect(await sqlGet(`SELECT after_search AS "afterSearch" FROM experiences WHERE id = ?`, [stored.json.experience.id])).toEqual({ afterSearch: cited });
    const retry = await post(experienceInput({ task: "Cited a search", after_search: "s_fedcba9876543210fedcba98" }), keys[0].token);
    expect(retry.status).toBe(200);
    expect(retry.json).toMatchObject({ duplicate: true, experience: { id: stored.json.experience.id } });
    // A search nobody made is waited for (the logs are written in the background), then judged.
    expect((await runLearning()).pending).toBe(1);
    expect(await learn()).toMatchObject({ judged: 1, counted: 0, pending: 0 });
    expect(await sqlGet(`SELECT reason FROM learning_evidence WHERE source_id = ?`, [stored.json.experience.id])).toEqual({
      reason: "the cited search is not in the search log",
    });
  });
});

describe("learning from use", () => {
  const PHRASE = "turn scanned receipts into a ledger spreadsheet";
  const VARIANT = "turning scanned receipts into ledger spreadsheets quickly";

  it("is not taught by one key writing ten times, nor by keyless writes, nor by searches that already answered", async () => {
    const before = await search(PHRASE);
    expect(before.json.confidence).not.toBe("high");
    // One key, ten reports of another resource (ten searches, ten different tasks): one voice.
    for (let i = 0; i < 10; i++) await agentReports(keys[4].token, PHRASE, "Tabula", `Receipts batch ${i}: tables to a sheet`);
    // Open mode: five writes without a key, each citing its own keyless search.
    for (let i = 0; i < 5; i++) await agentReports(null, PHRASE, "Camelot", `Keyless receipts run ${i}`);
    // Three keys whose search already answered Camelot confidently.
    for (const k of keys.slice(0, 3)) await agentReports(k.token, "extract lattice tables from pdf reports", "Camelot", `Lattice tables for ${k.label}`);
    const learned = await learn();
    expect(learned.linksChanged).toBe(0);
    expect(await countRows("learned_links")).toBe(0);
    const reasons = await sqlGet<{ n: number }>(`SELECT COUNT(*) AS n FROM learning_evidence WHERE counts = FALSE AND reason LIKE 'written without a key%'`);
    expect(reasons!.n).toBeGreaterThanOrEqual(5);
    expect(await countRows("learning_evidence", "counts = FALSE AND reason = 'the search already answered this resource confidently'")).toBe(3);
    expect((await search(PHRASE)).json.confidence).not.toBe("high");
  });

  it("is taught by three distinct keys: the phrasing and a close one answer with the resource, shown under explain", async () => {
    // A write citing another key's search teaches nothing.
    const stolen = await search(PHRASE, keys[0].token);
    await post(experienceInput({ name: "Camelot", url: "", task: "Borrowed search", score: 4, after_search: stolen.json.search_id }), keys[1].token);
    await agentReports(keys[0].token, PHRASE, "Camelot", "Receipt tables into a sheet");
    await agentReports(keys[1].token, PHRASE, "Camelot", "Shop receipts, tables to csv", 4);
    // Two keys are below the threshold.
    await learn();
    expect(await countRows("learned_links", "status = 'active'")).toBe(0);
    expect((await search(PHRASE)).json.confidence).not.toBe("high");
    expect(await countRows("learning_evidence", "reason = 'the cited search was made by another key or without one'")).toBe(1);

    const moved = await generation();
    await agentReports(keys[2].token, "turn my scanned receipts into a ledger spreadsheet", "Camelot", "Expense receipts to a sheet");
    // The step this report scheduled in the background may run first: the state is asserted.
    await learn();
    expect(await countRows("learned_links", "status = 'active'")).toBe(1);
    expect(await generation()).not.toBe(moved);
    // Three keys: the link; Tabula's one key with ten reports teaches nothing.
    const link = await sqlGet<{ keyCount: number; status: string; phrase: string; resourceKey: string }>(
      `SELECT key_count AS "keyCount", status, phrase, resource_key AS "resourceKey" FROM learned_links`,
    );
    expect(link).toEqual({ keyCount: 3, status: "active", phrase: PHRASE, resourceKey: "camelot" });
    expect(await countRows("learning_evidence", "resource_key = 'tabula' AND counts = TRUE")).toBe(10);

    for (const q of [PHRASE, VARIANT]) {
      const after = await search(q, null, true);
      expect(after.json.confidence, q).toBe("high");
      expect(after.json.abstained).toBe(false);
      expect(names(after)[0]).toBe("Camelot");
      expect(after.json.results[0].confidence).toBe("high");
      expect(after.json.results[0].explain).toMatchObject({ gate: "learned", learned: { phrase: PHRASE, keys: 3 } });
      // The agreeing keys' reports, one per reporter.
      expect(after.json.results[0].task_verdict.reporter_count).toBe(3);
      expect(after.json.results[0].relevant_experiences).toHaveLength(3);
    }
    // Unrelated queries are untouched.
    expect((await search("resize photos for thumbnails")).json.results[0].name).toBe("Pillow");
    expect((await search("teach a parrot to whistle")).json.confidence).toBe("none");
  });

  it("is reviewed and removed by a maintainer: search stops at once, the audit log says why, learning never restores it", async () => {
    const listed = await call(learnedRoute.GET, "/api/moderation/learned?status=active", { headers: auth(moderator.token) });
    expect(listed.status).toBe(200);
    expect(listed.json.min_keys).toBe(3);
    expect(listed.json.links).toHaveLength(1);
    const link = listed.json.links[0];
    expect(link).toMatchObject({ phrase: PHRASE, resource_key: "camelot", keys: 3, status: "active", removed: null });
    expect(link.evidence.some((e: { counts: boolean }) => e.counts)).toBe(true);
    expect((await call(learnedRoute.GET, "/api/moderation/learned", { headers: auth(keys[0].token) })).status).toBe(403);
    expect(
      (await call(removeRoute.POST, "/api/moderation/learned/remove", { method: "POST", body: { link_id: link.id }, headers: auth(moderator.token) })).status,
    ).toBe(400);

    const moved = await generation();
    const removed = await call(removeRoute.POST, "/api/moderation/learned/remove", {
      method: "POST",
      body: { link_id: link.id, reason: "too broad" },
      headers: auth(moderator.token),
    });
    expect(removed.status).toBe(200);
    expect(removed.json).toMatchObject({ status: "removed", removed: { by: "maintainer", reason: "too broad" } });
    expect(await generation()).not.toBe(moved);
    expect((await search(PHRASE)).json.confidence).not.toBe("high");
    expect(await countRows("audit_log", "action = 'learned_link.remove' AND target_id = ?", [String(link.id)])).toBe(1);

    // A fourth key agrees later: the link's support moves, but it stays removed.
    await agentReports(keys[3].token, PHRASE, "Camelot", "Receipts into a ledger");
    await learn();
    expect(await sqlGet(`SELECT status, key_count AS "keyCount" FROM learned_links WHERE id = ?`, [link.id])).toEqual({ status: "removed", keyCount: 4 });
    expect((await search(PHRASE)).json.confidence).not.toBe("high");
  });
});

describe("learning from confirmations", () => {
  const PHRASE = "shrink holiday snapshots for a photo gallery grid";
  const confirm = (id: number, body: unknown, token: string) =>
    call(confirmRoute.POST, `/api/experience/${id}/confirm`, { method: "POST", body, headers: auth(token), params: { id: String(id) } });
  const flag = (id: number, body: unknown, token: string) =>
    call(flagRoute.POST, `/api/experience/${id}/flag`, { method: "POST", body, headers: auth(token), params: { id: String(id) } });

  it("is taught by three keys confirming the same report after their searches, never by one key confirming again, and stops when a confirmation turns into a flag", async () => {
    const pillow = (await sqlGet<{ id: number }>(`SELECT id FROM experiences WHERE resource_key = 'pillow' ORDER BY id LIMIT 1`))!.id;
    expect((await search(PHRASE)).json.confidence).not.toBe("high");
    // One key confirming twenty times, each after a search of its own: one verdict, one voice.
    for (let i = 0; i < 20; i++) {
      const found = await search(PHRASE, keys[4].token);
      expect([200, 201]).toContain((await confirm(pillow, { after_search: found.json.search_id }, keys[4].token)).status);
    }
    await learn();
    expect(await countRows("experience_verdicts", "experience_id = ? AND key_id = ?", [pillow, keys[4].id])).toBe(1);
    expect(await countRows("learned_links", "resource_key = 'pillow'")).toBe(0);

    for (const k of keys.slice(0, 2)) {
      const found = await search(PHRASE, k.token);
      expect((await confirm(pillow, { after_search: found.json.search_id, note: "worked for my gallery" }, k.token)).status).toBe(201);
    }
    // Three distinct keys (keys[4] and two more): the link, from confirmations alone. (The step the
    // confirmations scheduled in the background may have made it first: the state is asserted.)
    await learn();
    const link = await sqlGet<{ keyCount: number; status: string; ids: string }>(
      `SELECT key_count AS "keyCount", status, experience_ids AS "ids" FROM learned_links WHERE resource_key = 'pillow'`,
    );
    expect(link).toEqual({ keyCount: 3, status: "active", ids: JSON.stringify([pillow]) });
    // Every search a confirmation followed is evidence (keys[4]'s twenty, kept though its verdict is
    // one row), and the link counts keys, not evidence: three.
    expect(await countRows("learning_evidence", "source = 'confirm' AND counts = TRUE")).toBe(22);
    expect(await countRows("verdict_citations")).toBe(22);
    const after = await search(PHRASE, null, true);
    expect(after.json.confidence).toBe("high");
    expect(names(after)[0]).toBe("Pillow");
    expect(after.json.results[0].explain).toMatchObject({ gate: "learned", learned: { keys: 3 } });
    expect(after.json.results[0].task_verdict.confirmations).toBe(3);

    // One of them takes it back (a flag replaces its confirmation): two keys are below the threshold.
    expect((await flag(pillow, { reason: "incorrect", detail: "it upscaled instead" }, keys[1].token)).status).toBe(200);
    await learn();
    expect(await sqlGet(`SELECT status, key_count AS "keyCount" FROM learned_links WHERE resource_key = 'pillow'`)).toEqual({ status: "lapsed", keyCount: 2 });
    expect((await search(PHRASE)).json.confidence).not.toBe("high");
  });
});
