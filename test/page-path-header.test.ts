// The 404 page receives no params: proxy.ts hands every page the path asked for in one request
// header, always its own value (a client's copy is overwritten), and app/not-found.tsx offers the
// closest resource names for a /resources/ path from it.
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { PAGE_PATH_HEADER } from "@/lib/http";
import { proxy } from "@/proxy";

const view = (path: string, headers: Record<string, string> = {}) =>
  proxy(new NextRequest(`http://127.0.0.1:3000${path}`, { headers: { host: "127.0.0.1:3000", "x-knowhub-peer": "203.0.113.50", ...headers } }));

// NextResponse.next({ request: { headers } }) sends the page's request headers as x-middleware-request-*.
const forwarded = (response: Response) => response.headers.get(`x-middleware-request-${PAGE_PATH_HEADER}`);

describe("the page path header", () => {
  it("carries the path a page was asked for, still percent-encoded, without the query", async () => {
    expect(forwarded(await view("/resources/Zephyrin?sort=best"))).toBe("/resources/Zephyrin");
    expect(forwarded(await view(`/resources/${encodeURIComponent("墨韵分")}`))).toBe(`/resources/${encodeURIComponent("墨韵分")}`);
    expect(forwarded(await view("/no/such/page"))).toBe("/no/such/page");
  });

  it("overwrites a value the client sent", async () => {
    const response = await view("/categories", { [PAGE_PATH_HEADER]: "/resources/forged" });
    expect(forwarded(response)).toBe("/categories");
    expect(response.headers.get("x-middleware-override-headers")).toContain(PAGE_PATH_HEADER);
  });
});
