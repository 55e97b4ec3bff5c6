import { describe, expect, it } from "vitest";
import { DATA_CONTENT_SECURITY_POLICY, STATIC_SECURITY_HEADERS, generateNonce, pageContentSecurityPolicy } from "./content-security-policy";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
}

// The pattern Next uses to pull the nonce out of the request's CSP (get-script-nonce-from-header.js).
const NEXT_NONCE_SOURCE = /^'nonce-([A-Za-z0-9+/_-]+={0,2})'$/;

describe("pageContentSecurityPolicy", () => {
  const nonce = generateNonce();
  const policy = directives(pageContentSecurityPolicy(nonce));

  it("allows scripts only by this request's nonce", () => {
    const script = policy.get("script-src")!;
    expect(script).toContain(`'nonce-${nonce}'`);
    expect(script).toContain("'strict-dynamic'");
    expect(script).not.toContain("'unsafe-inline'");
    expect(script).not.toContain("'unsafe-eval'");
    expect(script.some((s) => NEXT_NONCE_SOURCE.test(s) && s === `'nonce-${nonce}'`)).toBe(true);
  });

  it("allows eval only in development", () => {
    expect(directives(pageContentSecurityPolicy(nonce, { dev: true })).get("script-src")).toContain("'unsafe-eval'");
  });

  it("locks down framing, plugins, base and forms", () => {
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("style-src")).not.toContain("'unsafe-inline'");
  });

  it("has no empty or repeated directive", () => {
    const names = pageContentSecurityPolicy(nonce).split(";").map((d) => d.trim().split(/\s+/)[0]);
    expect(names.every(Boolean)).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("generateNonce", () => {
  it("is 128 random bits in base64, fresh each time", () => {
    const nonces = new Set(Array.from({ length: 1000 }, generateNonce));
    expect(nonces.size).toBe(1000);
    for (const n of [...nonces].slice(0, 50)) {
      expect(n).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(NEXT_NONCE_SOURCE.test(`'nonce-${n}'`)).toBe(true);
    }
  });
});

describe("the static headers", () => {
  it("carry nosniff, DENY and a referrer policy, and no CSP", () => {
    const byKey = new Map(STATIC_SECURITY_HEADERS.map((h) => [h.key.toLowerCase(), h.value]));
    expect(byKey.get("x-content-type-options")).toBe("nosniff");
    expect(byKey.get("x-frame-options")).toBe("DENY");
    expect(byKey.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(byKey.get("permissions-policy")).toMatch(/camera=\(\)/);
    expect(byKey.has("content-security-policy")).toBe(false);
  });

  it("give data answers a policy that loads nothing", () => {
    expect(directives(DATA_CONTENT_SECURITY_POLICY).get("default-src")).toEqual(["'none'"]);
    expect(directives(DATA_CONTENT_SECURITY_POLICY).get("frame-ancestors")).toEqual(["'none'"]);
  });
});
