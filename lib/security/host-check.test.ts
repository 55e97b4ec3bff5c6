import { describe, expect, it } from "vitest";
import { hostPolicy, hostRefusalMessage, isHostAllowed, isLoopbackBinding, parseAllowedHosts, parseHost } from "./host-check";

describe("isLoopbackBinding", () => {
  it("treats unset and loopback addresses as loopback", () => {
    for (const host of [undefined, "", "127.0.0.1", "localhost", "LOCALHOST", "::1", "[::1]"]) {
      expect(isLoopbackBinding(host), String(host)).toBe(true);
    }
  });

  it("treats every other address as public", () => {
    for (const host of ["0.0.0.0", "::", "192.168.1.5", "hub.example.com"]) expect(isLoopbackBinding(host), host).toBe(false);
  });
});

describe("parseHost", () => {
  it("reads names, ports and bracketed IPv6", () => {
    expect(parseHost("Hub.Example.com")).toEqual({ hostname: "hub.example.com", port: null });
    expect(parseHost("hub.internal:8080")).toEqual({ hostname: "hub.internal", port: "8080" });
    expect(parseHost("[::1]:3000")).toEqual({ hostname: "[::1]", port: "3000" });
    expect(parseHost("localhost.:3000")).toEqual({ hostname: "localhost", port: "3000" });
  });

  it("refuses anything else", () => {
    for (const value of ["", "user@localhost", "localhost/x", "local host", "localhost:", "localhost:abc", "::1", ".", "localhost:3000:1"]) {
      expect(parseHost(value), value).toBeNull();
    }
  });
});

describe("isHostAllowed on a loopback binding", () => {
  const policy = hostPolicy({});

  it("allows the loopback names on any port", () => {
    for (const host of ["127.0.0.1", "127.0.0.1:3000", "localhost", "LocalHost:8080", "[::1]", "[::1]:3000"]) {
      expect(isHostAllowed(host, policy), host).toBe(true);
    }
  });

  it("refuses other names, a missing Host and names that only look local", () => {
    for (const host of ["evil.example", "evil.example:3000", "localhost.evil.example", "127.0.0.1.nip.io", "127.0.0.2", "0.0.0.0", "", null, undefined]) {
      expect(isHostAllowed(host, policy), String(host)).toBe(false);
    }
  });

  it("allows the listed names, with or without a port", () => {
    const listed = hostPolicy({ KNOWHUB_ALLOWED_HOSTS: " hub.example.com , hub.internal:8080 " });
    expect(isHostAllowed("hub.example.com", listed)).toBe(true);
    expect(isHostAllowed("HUB.example.com:443", listed)).toBe(true);
    expect(isHostAllowed("hub.internal:8080", listed)).toBe(true);
    expect(isHostAllowed("hub.internal:8081", listed)).toBe(false);
    expect(isHostAllowed("hub.internal", listed)).toBe(false);
    expect(isHostAllowed("localhost:3000", listed)).toBe(true);
    expect(isHostAllowed("evil.example", listed)).toBe(false);
  });
});

describe("hostPolicy on a public binding", () => {
  it("checks nothing without a list", () => {
    const policy = hostPolicy({ HOST: "0.0.0.0" });
    expect(policy.check).toBe(false);
    expect(isHostAllowed("evil.example", policy)).toBe(true);
    expect(isHostAllowed(null, policy)).toBe(true);
  });

  it("checks against the list when one is given", () => {
    const policy = hostPolicy({ HOST: "0.0.0.0", KNOWHUB_ALLOWED_HOSTS: "hub.example.com" });
    expect(isHostAllowed("hub.example.com", policy)).toBe(true);
    expect(isHostAllowed("127.0.0.1:3000", policy)).toBe(true);
    expect(isHostAllowed("evil.example", policy)).toBe(false);
  });
});

describe("parseAllowedHosts", () => {
  it("reports unreadable entries, which then allow nothing", () => {
    const { allowed, invalid } = parseAllowedHosts("good.example,https://bad.example/,,ok:1");
    expect(allowed).toEqual([
      { hostname: "good.example", port: null },
      { hostname: "ok", port: "1" },
    ]);
    expect(invalid).toEqual(["https://bad.example/"]);
  });
});

describe("hostRefusalMessage", () => {
  it("says how to allow the host", () => {
    const message = hostRefusalMessage("evil.example");
    expect(message).toContain('"evil.example"');
    expect(message).toContain("KNOWHUB_ALLOWED_HOSTS=");
  });

  it("bounds what it echoes", () => {
    expect(hostRefusalMessage("a".repeat(5000)).length).toBeLessThan(600);
    expect(hostRefusalMessage(null)).toContain("(none)");
  });
});
