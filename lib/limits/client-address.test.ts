import { describe, expect, it } from "vitest";
import { addressCallerId, clientAddress, normalizeAddress } from "./client-address";

function request(headers: Record<string, string>): Request {
  return new Request("http://127.0.0.1:3000/api/search?q=x", { headers });
}

describe("clientAddress", () => {
  it("reads x-knowhub-peer and nothing else", () => {
    expect(clientAddress(request({ "x-knowhub-peer": "203.0.113.7" }))).toBe("203.0.113.7");
    expect(clientAddress(request({ "x-forwarded-for": "203.0.113.7", "x-real-ip": "203.0.113.8" }))).toBeNull();
    expect(clientAddress(request({ "x-knowhub-peer": "198.51.100.1", "x-forwarded-for": "203.0.113.7" }))).toBe("198.51.100.1");
  });

  it("answers null for a missing, blank or non-address value", () => {
    expect(clientAddress(request({}))).toBeNull();
    expect(clientAddress(request({ "x-knowhub-peer": "" }))).toBeNull();
    expect(clientAddress(request({ "x-knowhub-peer": "not-an-ip" }))).toBeNull();
    expect(clientAddress(request({ "x-knowhub-peer": "1.2.3.4, 5.6.7.8" }))).toBeNull();
  });

  it("gives IPv4-mapped IPv6 as IPv4 and drops zones and brackets", () => {
    expect(clientAddress(request({ "x-knowhub-peer": "::ffff:127.0.0.1" }))).toBe("127.0.0.1");
    expect(normalizeAddress("0:0:0:0:0:ffff:c000:0280")).toBe("192.0.2.128");
    expect(normalizeAddress("[2001:DB8::1]")).toBe("2001:db8::1");
    expect(normalizeAddress("fe80::1%eth0")).toBe("fe80::1");
    expect(normalizeAddress("::1")).toBe("::1");
  });
});

describe("addressCallerId", () => {
  it("is addr: and 16 hex digits, never the address", async () => {
    const id = await addressCallerId("203.0.113.7");
    expect(id).toMatch(/^addr:[0-9a-f]{16}$/);
    expect(id).not.toContain("203");
    expect(id).not.toContain("113");
  });

  it("is stable and differs between addresses", async () => {
    expect(await addressCallerId("203.0.113.7")).toBe(await addressCallerId("203.0.113.7"));
    expect(await addressCallerId("203.0.113.7")).not.toBe(await addressCallerId("203.0.113.8"));
  });

  it("is salted: not a plain hash of the address", async () => {
    const { createHash, createHmac } = await import("node:crypto");
    const plain = createHash("sha256").update("203.0.113.7").digest("hex").slice(0, 16);
    const unkeyed = createHmac("sha256", "").update("203.0.113.7").digest("hex").slice(0, 16);
    expect(await addressCallerId("203.0.113.7")).not.toBe(`addr:${plain}`);
    expect(await addressCallerId("203.0.113.7")).not.toBe(`addr:${unkeyed}`);
  });

  it("one caller whatever the spelling of its address", async () => {
    expect(await addressCallerId("::ffff:203.0.113.7")).toBe(await addressCallerId("203.0.113.7"));
    expect(await addressCallerId("2001:DB8:0:0::1")).toBe(await addressCallerId("2001:db8::1"));
  });

  it("an IPv6 host is one caller across its /64, and another /64 is another caller", async () => {
    expect(await addressCallerId("2001:db8:1:2::1")).toBe(await addressCallerId("2001:db8:1:2:ffff:abcd:1234:5678"));
    expect(await addressCallerId("2001:db8:1:2::1")).not.toBe(await addressCallerId("2001:db8:1:3::1"));
    expect(await addressCallerId("::1")).toBe(await addressCallerId("::2"));
  });
});
