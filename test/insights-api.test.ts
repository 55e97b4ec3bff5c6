// The maintainers' insights on verdicts and learning (#21 item 5): the most confirmed and most
// flagged reports, what went stale and why, what search learned from use, and which searches ended
// in a report, through GET /api/moderation/insights with a moderate key.
import { beforeAll, describe, expect, it } from "vitest";
import * as experienceRoute from "@/app/api/experience/route";
import * as confirmRoute from "@/app/api/experience/[id]/confirm/route";
import * as flagRoute from "@/app/api/experience/[id]/flag/route";
import * as insightsRoute from "@/app/api/moderation/insights/route";
import * as resourceRoute from "@/app/api/resource/[...name]/route";
import * as searchRoute from "@/app/api/search/route";
import { flushSearchLog } from "@/lib/demand-log/log-search";
import { createKey } from "@/lib/keys/create-key";
import { runLearning } from "@/lib/learning/run-learning";
import { call } from "./http";
import { sqlRun } from "./sql";
import { experienceInput } from "./factories";

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const moderator = (await createKey({ label: "maintainer", scope: "moderate", trusted: false })).token;
const [author, k1, k2, k3, k4, k5] = await Promise.all(
  ["author", "k1", "k2", "k3", "k4", "k5"].map(async (label) => (await createKey({ label, scope: "write", trusted: false })).token),
);

const report = async (token: string, overrides: Record<string, unknown>) => {
  const answer = await call(experienceRoute.POST, "/api/experience", { method: "POST", body: experienceInput({ url: "", category: "library", ...overrides }), headers: auth(token) });
  expect(answer.status, answer.text).toBe(201);
  return answer.json.experience.id as number;
};
const confirm = async (id: number, token: string, body: Record<string, unknown> = {}) => {
  const answer = await call(confirmRoute.POST, `/api/experience/${id}/confirm`, { method: "POST", body, headers: auth(token), params: { id: String(id) } });
  expect(answer.status, answer.text).toBe(201);
};
const flag = async (id: number, token: string, body: Record<string, unknown>) => {
  const answer = await call(flagRoute.POST, `/api/experience/${id}/flag`, { method: "POST", body, headers: auth(token), params: { id: String(id) } });
  expect(answer.status, answer.text).toBe(201);
};
const search = async (q: string, token: string) => {
  const answer = await call(searchRoute.GET, `/api/search?q=${encodeURIComponent(q)}`, { headers: auth(token) });
  expect(answer.status).toBe(200);
  return answer.json as { search_id: string; confidence: string };
};
const insights = async (days = 30) => {
  const answer = await call(insightsRoute.GET, `/api/moderation/insights?days=${days}`, { headers: auth(moderator) });
  expect(answer.status, answer.text).toBe(200);
  return answer.json;
};
const DAY = 86_400_000;
const dbTime = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");

const ids: Record<string, number> = {};
// None of the hub's reports says "ledger" or "receipts": the phrasing the agents teach below finds nothing confident.
const GAP = "reconcile scanned receipts against the ledger";

beforeAll(async () => {
  ids.confirmed = await report(author, { name: "Camelot", task: "Extract lattice tables from PDF reports into pandas" });
  ids.flagged = await report(author, { name: "Spammy", task: "Convert anything to anything" });
  ids.old = await report(author, { name: "Tabula", task: "Extract tables from PDF with tabula-py", version: "1.4" });
  ids.newer = await report(k1, { name: "Tabula", task: "Extract tables from PDF with tabula-py 2", version: "2.0" });
  ids.superseded = await report(author, { name: "Tabula", task: "Read PDF tables with the old Java jar" });
  ids.aged = await report(author, { name: "Pillow", task: "Resize and crop photos for thumbnails" });
  await sqlRun(`UPDATE experiences SET created_at = ? WHERE id = ?`, [dbTime(Date.now() - 400 * DAY), ids.aged]);

  for (const k of [k1, k2, k3]) await confirm(ids.confirmed, k);
  await confirm(ids.newer, k2);
  await flag(ids.flagged, k4, { reason: "incorrect", detail: "it converts nothing" });
  await flag(ids.flagged, k5, { reason: "spam" });
  for (const k of [k2, k3]) await flag(ids.superseded, k, { reason: "stale", superseded_by: ids.newer });

  // Three keys search a phrasing nothing answers, then report the resource they ended up using, citing it.
  for (const [i, k] of [k1, k2, k3].entries()) {
    const found = await search(GAP, k);
    expect(found.confidence).not.toBe("high");
    ids[`taught${i}`] = await report(k, { name: "Ledgerly", task: `Bookkeeping import, run ${i}`, after_search: found.search_id });
  }
  // A confirmation citing a search, and a report citing one long before the period.
  const confirmSearch = await search("lattice tables from pdf", k4);
  await confirm(ids.confirmed, k4, { after_search: confirmSearch.search_id });
  const oldSearch = await search("resize photos", k5);
  ids.outside = await report(k5, { name: "Pillow", task: "Make thumbnails of product photos", after_search: oldSearch.search_id });
  await sqlRun(`UPDATE experiences SET created_at = ? WHERE id = ?`, [dbTime(Date.now() - 40 * DAY), ids.outside]);
  await flushSearchLog();
  await runLearning(new Date(Date.now() + 10 * 60_000));
});

describe("insights on verdicts and learning", () => {
  it("lists the most confirmed reports, by distinct keys", async () => {
    const got = await insights();
    expect(got.most_confirmed.map((e: { experience_id: number }) => e.experience_id)).toEqual([ids.confirmed, ids.newer]);
    // k1, k2, k3 and k4 (its confirmation cited a search): 4 keys; the report and 4 confirmations, nothing against: Wilson(5, 5).
    expect(got.most_confirmed[0]).toMatchObject({ name: "Camelot", confirmations: 4, confidence: 0.566, flags: {}, superseded_by: null });
    expect(got.most_confirmed[0].last_confirmed).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("lists the most flagged, by reason, with the unsafe and spam flags awaiting a maintainer", async () => {
    const got = await insights();
    expect(got.most_flagged.by_reason).toEqual([
      { reason: "incorrect", count: 1, pending: 0 },
      { reason: "spam", count: 1, pending: 1 },
      { reason: "stale", count: 2, pending: 0 },
    ]);
    expect(got.most_flagged.pending).toBe(1);
    expect(got.most_flagged.experiences.map((e: { experience_id: number; flag_count: number; pending: number }) => [e.experience_id, e.flag_count, e.pending])).toEqual([
      [ids.flagged, 2, 1],
      [ids.superseded, 2, 0],
    ]);
    expect(got.most_flagged.experiences[0]).toMatchObject({ status: "published", flags: { incorrect: 1, spam: 1 } });
  });

  it("counts what went stale by each reason, each report once, and lists them with the reason", async () => {
    const got = await insights();
    // By version: the 1.4 report (2.0 reported since). By flags: the one two keys flagged stale. By
    // age: the report moved 400 days back that nobody confirmed.
    expect(got.stale.by_reason).toEqual({ version: 1, flags: 1, age: 1 });
    expect(got.stale.count).toBe(3);
    const byId = new Map(got.stale.experiences.map((e: { experience_id: number }) => [e.experience_id, e]));
    expect([...byId.keys()]).toEqual([ids.aged, ids.superseded, ids.old]);
    expect(byId.get(ids.old)).toMatchObject({ freshness: { stale: true, reasons: ["version"], newer_version: "2.0" } });
    expect(byId.get(ids.superseded)).toMatchObject({ freshness: { stale: true, reasons: ["flags"], newer_version: "" }, superseded_by: ids.newer });
    expect(byId.get(ids.aged)).toMatchObject({ freshness: { stale: true, reasons: ["age"] }, last_confirmed: null });
  });

  it("shows what was learned from use, with its keys", async () => {
    const got = await insights();
    expect(got.learned).toMatchObject({ active: 1, lapsed: 0, removed: 0 });
    expect(got.learned.links).toEqual([
      expect.objectContaining({ phrase: GAP, name: "Ledgerly", keys: 3, evidence_count: 3, status: "active" }),
    ]);
  });

  it("lists the searches of the period that ended in a report or a confirmation, newest first", async () => {
    const got = await insights(30);
    expect(got.searches_ended_in_report.count).toBe(4);
    const rows = got.searches_ended_in_report.searches.map((s: { query: string; source: string; experience_id: number; key_label: string }) => [
      s.query,
      s.source,
      s.experience_id,
      s.key_label,
    ]);
    expect(rows).toEqual([
      ["lattice tables from pdf", "confirm", ids.confirmed, "k4"],
      [GAP, "report", ids.taught2, "k3"],
      [GAP, "report", ids.taught1, "k2"],
      [GAP, "report", ids.taught0, "k1"],
    ]);
    expect(got.searches_ended_in_report.searches[1]).toMatchObject({ name: "Ledgerly", task: "Bookkeeping import, run 2" });
    expect(["low", "none"]).toContain(got.searches_ended_in_report.searches[1].confidence);
    // The report 40 days back is in a 90-day period, not a 30-day one.
    expect((await insights(90)).searches_ended_in_report.count).toBe(5);
  });

  it("gives every experience answer the newer version that made it stale", async () => {
    const shown = (await call(resourceRoute.GET, "/api/resource/Tabula", { params: { name: ["Tabula"] } })).json.experiences;
    const old = shown.find((e: { id: number }) => e.id === ids.old);
    expect(old).toMatchObject({ version: "1.4", freshness: { stale: true, reasons: ["version"], newer_version: "2.0" } });
    expect(shown.find((e: { id: number }) => e.id === ids.newer).freshness).toEqual({ stale: false, reasons: [], newer_version: "" });
  });

  it("is for maintainers only", async () => {
    const answer = await call(insightsRoute.GET, "/api/moderation/insights", { headers: auth(k1) });
    expect(answer.status).toBe(403);
  });
});
