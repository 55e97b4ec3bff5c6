// The pages that search or read (/search, /resources/..., /content/...) share the API's per-client
// search bucket: proxy.ts takes a token per view from the x-knowhub-peer address's bucket, the one
// /api/search takes from without a key, and answers 429 with Retry-After past the limit.
import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as searchRoute from "@/app/api/search/route";
import { resetRateLimits } from "@/lib/limits/rate-limit";
import { proxy } from "@/proxy";
import { call } from "./http";

const LIMIT = 5;
const saved = process.env.KNOWHUB_RATE_SEARCH;

beforeEach(async () => {
  process.env.KNOWHUB_RATE_SEARCH = `${LIMIT}/min`;
  await resetRateLimits();
});
afterEach(async () => {
  if (saved === undefined) delete process.env.KNOWHUB_RATE_SEARCH;
  else process.env.KNOWHUB_RATE_SEARCH = saved;
  await resetRateLimits();
});

const view = (path: string, peer: string) =>
  proxy(new NextRequest(`http://127.0.0.1:3000${path}`, { headers: { host: "127.0.0.1:3000", "x-knowhub-peer": peer } }));
const apiSearch = (peer: string) => call(searchRoute.GET, "/api/search?q=extract+tables", { headers: { "x-knowhub-peer": peer } });
// NextResponse.next(): the proxy let the request through to the page.
const passed = (response: Response) => response.headers.get("x-middleware-next") === "1";

describe("page views and API searches draw on one bucket", () => {
  it("refuses the page view past the limit with 429, Retry-After and an HTML page", async () => {
    const peer = "203.0.113.7";
    for (let i = 0; i < 2; i++) expect((await apiSearch(peer)).status).toBe(200);
    expect(passed(await view("/search?q=extract+tables", peer))).toBe(true);
    expect(passed(await view("/resources/PyMuPDF", peer))).toBe(true);
    // The same address spelled as an IPv4-mapped IPv6 address is the same caller.
    expect(passed(await view("/content/pymupdf", `::ffff:${peer}`))).toBe(true);

    const refused = await view("/search?q=extract+tables", peer);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(refused.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await refused.text();
    expect(html).toContain("<h1>429 Too many requests</h1>");
    expect(html).toMatch(/Too many searches and page views from this address; retry in \d+ s/);

    // The API is refused as well: one bucket, whichever door emptied it.
    const api = await apiSearch(peer);
    expect(api.status).toBe(429);
    expect(api.json.error.code).toBe("rate_limited");
    expect((await view("/resources/PyMuPDF", peer)).status).toBe(429);
    expect((await view("/content/pymupdf", peer)).status).toBe(429);

    // Another address has its own bucket.
    expect(passed(await view("/search?q=extract+tables", "198.51.100.9"))).toBe(true);
    expect((await apiSearch("198.51.100.9")).status).toBe(200);
  });

  it("API searches empty the bucket a page view then finds empty", async () => {
    const peer = "2001:db8::1";
    for (let i = 0; i < LIMIT; i++) expect((await apiSearch(peer)).status).toBe(200);
    expect((await view("/search?q=extract+tables", peer)).status).toBe(429);
    // Another host of the same /64 network is the same caller, as in the API.
    expect((await view("/resources/PyMuPDF", "2001:db8::2")).status).toBe(429);
  });

  it("leaves pages that neither search nor read one resource out of it", async () => {
    const peer = "192.0.2.44";
    for (let i = 0; i < LIMIT + 3; i++) {
      for (const path of ["/", "/categories", "/api-reference", "/searching", "/resources"]) expect(passed(await view(path, peer)), path).toBe(true);
    }
    // The bucket is still full.
    for (let i = 0; i < LIMIT; i++) expect(passed(await view(`/search?q=${i}`, peer))).toBe(true);
    expect((await view("/search?q=more", peer)).status).toBe(429);
  });

  it("takes nothing when the search limit is off", async () => {
    process.env.KNOWHUB_RATE_SEARCH = "off";
    await resetRateLimits();
    for (let i = 0; i < 50; i++) expect(passed(await view("/search?q=x", "203.0.113.8"))).toBe(true);
  });
});
