import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LIMITS_TUNING, parseRate, readLimitsConfig, readLogRetentionConfig } from "./limits-config";
import { bucketCount, rateLimitsConfig, resetRateLimits, takeToken } from "./rate-limit";

const saved = { write: process.env.KNOWHUB_RATE_WRITE, search: process.env.KNOWHUB_RATE_SEARCH };

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

beforeEach(() => {
  delete process.env.KNOWHUB_RATE_WRITE;
  delete process.env.KNOWHUB_RATE_SEARCH;
  resetRateLimits();
});

afterEach(() => {
  restore("KNOWHUB_RATE_WRITE", saved.write);
  restore("KNOWHUB_RATE_SEARCH", saved.search);
  resetRateLimits();
});

describe("readLimitsConfig", () => {
  it("defaults to 60/min for writes and 600/min for searches", () => {
    expect(readLimitsConfig({})).toEqual({
      write: { capacity: 60, windowMs: 60_000 },
      search: { capacity: 600, windowMs: 60_000 },
    });
    expect(readLimitsConfig({ KNOWHUB_RATE_WRITE: "  " })).toMatchObject({ write: { capacity: 60 } });
  });

  it("reads N/s, N/min, N/h and off", () => {
    expect(parseRate("X", "5/s")).toEqual({ capacity: 5, windowMs: 1_000 });
    expect(parseRate("X", "30 / min")).toEqual({ capacity: 30, windowMs: 60_000 });
    expect(parseRate("X", "1000/h")).toEqual({ capacity: 1000, windowMs: 3_600_000 });
    expect(parseRate("X", "OFF")).toBeNull();
    expect(readLimitsConfig({ KNOWHUB_RATE_SEARCH: "off" }).search).toBeNull();
  });

  it.each(["60", "60/m", "60/minute", "0/min", "-1/min", "1.5/s", "abc", "60/min/h", "1e3/s", "99999999999/s"])(
    "refuses %j, naming the variable and the format",
    (value) => {
      expect(() => readLimitsConfig({ KNOWHUB_RATE_WRITE: value })).toThrow(/KNOWHUB_RATE_WRITE=.*N\/s, N\/min or N\/h.*"off"/);
    },
  );

  it("is read once per process, and again after a reset", () => {
    process.env.KNOWHUB_RATE_WRITE = "2/min";
    expect(rateLimitsConfig().write).toEqual({ capacity: 2, windowMs: 60_000 });
    process.env.KNOWHUB_RATE_WRITE = "3/min";
    expect(rateLimitsConfig().write?.capacity).toBe(2);
    resetRateLimits();
    expect(rateLimitsConfig().write?.capacity).toBe(3);
  });

  it("a bad setting surfaces on first use, not as a silent default", () => {
    process.env.KNOWHUB_RATE_SEARCH = "lots";
    expect(() => takeToken("search", "key:a", 0)).toThrow(/KNOWHUB_RATE_SEARCH/);
  });
});

describe("readLogRetentionConfig", () => {
  it("defaults to 30 days and 100000 rows", () => {
    expect(readLogRetentionConfig({})).toEqual({ maxAgeDays: 30, maxRows: 100_000 });
    expect(readLogRetentionConfig({ KNOWHUB_LOG_DAYS: "7", KNOWHUB_LOG_MAX_ROWS: "500" })).toEqual({ maxAgeDays: 7, maxRows: 500 });
  });

  it.each([
    ["KNOWHUB_LOG_DAYS", "0"],
    ["KNOWHUB_LOG_DAYS", "thirty"],
    ["KNOWHUB_LOG_MAX_ROWS", "-5"],
    ["KNOWHUB_LOG_MAX_ROWS", "1.5"],
  ])("refuses %s=%j", (name, value) => {
    expect(() => readLogRetentionConfig({ [name]: value })).toThrow(new RegExp(`${name}=.*whole number`));
  });
});

describe("takeToken", () => {
  it("allows a burst of the bucket size, then answers when a token is back", () => {
    process.env.KNOWHUB_RATE_WRITE = "3/min";
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) expect(takeToken("write", "key:a", t0)).toEqual({ ok: true });
    // One token comes back every 20 s.
    expect(takeToken("write", "key:a", t0)).toEqual({ ok: false, retryAfterSeconds: 20 });
    expect(takeToken("write", "key:a", t0 + 19_500)).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(takeToken("write", "key:a", t0 + 20_000)).toEqual({ ok: true });
    expect(takeToken("write", "key:a", t0 + 20_000)).toMatchObject({ ok: false });
  });

  it("refills at the configured rate and never beyond the bucket size", () => {
    process.env.KNOWHUB_RATE_SEARCH = "10/s";
    const t0 = 5_000;
    for (let i = 0; i < 10; i++) takeToken("search", "key:a", t0);
    expect(takeToken("search", "key:a", t0).ok).toBe(false);
    // Half a second later: 5 tokens.
    let ok = 0;
    for (let i = 0; i < 10; i++) if (takeToken("search", "key:a", t0 + 500).ok) ok++;
    expect(ok).toBe(5);
    // An hour idle: still only 10.
    ok = 0;
    for (let i = 0; i < 20; i++) if (takeToken("search", "key:a", t0 + 3_600_000).ok) ok++;
    expect(ok).toBe(10);
  });

  it("retryAfterSeconds is a whole number >= 1", () => {
    process.env.KNOWHUB_RATE_WRITE = "1000/s";
    for (let i = 0; i < 1000; i++) takeToken("write", "key:a", 0);
    const answer = takeToken("write", "key:a", 0);
    expect(answer).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it("keeps callers and actions apart", () => {
    process.env.KNOWHUB_RATE_WRITE = "1/h";
    process.env.KNOWHUB_RATE_SEARCH = "1/h";
    expect(takeToken("write", "key:a", 0).ok).toBe(true);
    expect(takeToken("write", "key:a", 0)).toEqual({ ok: false, retryAfterSeconds: 3600 });
    expect(takeToken("write", "key:b", 0).ok).toBe(true);
    expect(takeToken("search", "key:a", 0).ok).toBe(true);
  });

  it("off lets everything through and keeps no buckets", () => {
    process.env.KNOWHUB_RATE_WRITE = "off";
    for (let i = 0; i < 1000; i++) expect(takeToken("write", `key:${i}`, 0).ok).toBe(true);
    expect(bucketCount("write")).toBe(0);
  });

  it("a clock stepping back does not drain or overfill a bucket", () => {
    process.env.KNOWHUB_RATE_WRITE = "2/min";
    expect(takeToken("write", "key:a", 100_000).ok).toBe(true);
    expect(takeToken("write", "key:a", 50_000).ok).toBe(true);
    expect(takeToken("write", "key:a", 50_000).ok).toBe(false);
  });
});

describe("memory", () => {
  it("drops buckets that have been idle for a whole window (full again)", () => {
    process.env.KNOWHUB_RATE_SEARCH = "5/min";
    for (let i = 0; i < 1000; i++) takeToken("search", `addr:${i}`, 0);
    expect(bucketCount("search")).toBe(1000);
    takeToken("search", "addr:late", 30_000);
    expect(bucketCount("search")).toBe(1001);
    takeToken("search", "addr:later", 60_000);
    // Everything from t=0 has refilled; the two recent buckets remain.
    expect(bucketCount("search")).toBe(2);
  });

  it("a caller whose bucket was dropped as idle has a full bucket, as it would have had", () => {
    process.env.KNOWHUB_RATE_WRITE = "2/min";
    takeToken("write", "key:a", 0);
    takeToken("write", "key:a", 0);
    expect(takeToken("write", "key:a", 0).ok).toBe(false);
    takeToken("write", "key:other", 60_000); // evicts key:a
    expect(takeToken("write", "key:a", 60_000).ok).toBe(true);
    expect(takeToken("write", "key:a", 60_000).ok).toBe(true);
    expect(takeToken("write", "key:a", 60_000).ok).toBe(false);
  });

  it("a flood of distinct callers within one window stays at the cap, oldest out", () => {
    process.env.KNOWHUB_RATE_SEARCH = "1/h";
    const cap = LIMITS_TUNING.maxBuckets;
    for (let i = 0; i < cap + 5_000; i++) takeToken("search", `addr:${i}`, i);
    expect(bucketCount("search")).toBe(cap);
    // The newest callers are still limited; the oldest were forgotten.
    expect(takeToken("search", `addr:${cap + 4_999}`, cap + 5_000).ok).toBe(false);
    expect(takeToken("search", "addr:0", cap + 5_000).ok).toBe(true);
  });

  it("an active caller is not the one evicted", () => {
    process.env.KNOWHUB_RATE_SEARCH = "1/h";
    const cap = LIMITS_TUNING.maxBuckets;
    takeToken("search", "key:busy", 0);
    for (let i = 0; i < cap + 10; i++) {
      takeToken("search", `addr:${i}`, i);
      if (i % 10_000 === 0) expect(takeToken("search", "key:busy", i).ok).toBe(false);
    }
    expect(takeToken("search", "key:busy", cap + 10).ok).toBe(false);
  });
});
