// Insights count people, not page loads (#22): each search and content miss is logged with its
// client (a key, or a daily hash of the caller's address and browser), the lists rank by distinct
// clients and say how many lines they stand for, and searches that returned only weak leads are
// listed apart from those that found nothing.
import { beforeAll, describe, expect, it } from "vitest";
import * as contentRoute from "@/app/api/content/[...id]/route";
import * as insightsRoute from "@/app/api/moderation/insights/route";
import * as searchRoute from "@/app/api/search/route";
import { demandClientId } from "@/lib/demand-log/client-id";
import { flushSearchLog, logSearch } from "@/lib/demand-log/log-search";
import { createKey } from "@/lib/keys/create-key";
import { call } from "./http";
import { sqlAll } from "./sql";

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const moderator = (await createKey({ label: "maintainer", scope: "moderate", trusted: false })).token;
const reader = await createKey({ label: "reader", scope: "read", trusted: false });
const NOTHING = "teach a lobster to file tax returns";
const MISSING = "nowhere/deep/page";

const from = (address: string, agent = "Browser/1.0") => ({ "x-knowhub-peer": address, "user-agent": agent });

async function search(q: string, headers: Record<string, string>) {
  const answer = await call(searchRoute.GET, `/api/search?q=${encodeURIComponent(q)}`, { headers });
  expect(answer.status, answer.text).toBe(200);
  return answer.json as { confidence: string };
}

async function insights() {
  const answer = await call(insightsRoute.GET, "/api/moderation/insights?days=7", { headers: auth(moderator) });
  expect(answer.status, answer.text).toBe(200);
  return answer.json;
}

beforeAll(async () => {
  // Five searches by three clients: one address twice (same browser), another address, one key twice.
  for (const headers of [from("203.0.113.7"), from("203.0.113.7"), from("198.51.100.2"), auth(reader.token), auth(reader.token)]) {
    expect((await search(NOTHING, headers)).confidence).toBe("none");
  }
  // Weak leads and a legacy line without a client, written as the search log writes them.
  for (const client of ["k:key_a", "k:key_b", "k:key_a"]) {
    logSearch({ query: "weakly answered task", category: "", resultCount: 2, abstained: true, latencyMs: 1, confidence: "low", clientId: client });
  }
  logSearch({ query: "an old line", category: "", resultCount: 0, abstained: true, latencyMs: 1, confidence: "" });
  logSearch({ query: "an old line", category: "", resultCount: 0, abstained: true, latencyMs: 1, confidence: "" });
  logSearch({ query: "a confident answer", category: "", resultCount: 3, abstained: false, latencyMs: 1, confidence: "high", clientId: "k:key_c" });
  await flushSearchLog();
  // Three page loads of a missing content id by two callers (one browser twice).
  for (const headers of [from("203.0.113.7"), from("203.0.113.7"), from("203.0.113.7", "OtherBrowser/2.0")]) {
    const answer = await call(contentRoute.GET, `/api/content/${MISSING}`, { headers, params: { id: MISSING.split("/") } });
    expect(answer.status).toBe(404);
  }
});

describe("insights by client", () => {
  it("logs who searched: the key, or a daily hash that never holds the address", async () => {
    const rows = await sqlAll<{ client_id: string; key_id: string }>(`SELECT client_id, key_id FROM search_logs WHERE query = ? ORDER BY id`, [NOTHING]);
    expect(rows.map((r) => r.client_id.slice(0, 2))).toEqual(["d:", "d:", "d:", "k:", "k:"]);
    expect(rows[0].client_id).toBe(rows[1].client_id);
    expect(rows[0].client_id).not.toBe(rows[2].client_id);
    expect(rows[3].client_id).toBe(`k:${reader.id}`);
    for (const row of rows) expect(row.client_id).not.toContain("203.0.113");
  });

  it("counts distinct clients beside the searches, and lists weak leads apart from nothing found", async () => {
    const got = await insights();
    expect(got.abstained_searches).toContainEqual({ query: NOTHING, count: 5, clients: 3 });
    // Lines without a client (logged before client ids) count as one client together.
    expect(got.abstained_searches).toContainEqual({ query: "an old line", count: 2, clients: 1 });
    expect(got.abstained_searches.map((s: { query: string }) => s.query)).not.toContain("weakly answered task");
    expect(got.weak_lead_searches).toEqual([{ query: "weakly answered task", count: 3, clients: 2 }]);
    // Most clients first.
    expect(got.abstained_searches[0].query).toBe(NOTHING);
    expect(got.content_misses).toContainEqual({ content_id: MISSING, count: 3, clients: 2 });
  });

  it("gives one caller one id per day, and another id the next day", async () => {
    const day = new Date("2026-12-01T10:00:00Z");
    const a = await demandClientId({ address: "203.0.113.7", userAgent: "B" }, day);
    expect(await demandClientId({ address: "::ffff:203.0.113.7", userAgent: "B" }, new Date("2026-12-01T23:59:00Z"))).toBe(a);
    expect(await demandClientId({ address: "203.0.113.7", userAgent: "B" }, new Date("2026-12-02T00:01:00Z"))).not.toBe(a);
    expect(await demandClientId({ address: "203.0.113.7", userAgent: "C" }, day)).not.toBe(a);
    expect(a).toMatch(/^d:[0-9a-f]{16}$/);
    expect(await demandClientId({ keyId: "key_0123", address: "203.0.113.7" })).toBe("k:key_0123");
    expect(await demandClientId({ address: null })).toBe("");
    expect(await demandClientId({ address: "not an address" })).toBe("");
  });
});
