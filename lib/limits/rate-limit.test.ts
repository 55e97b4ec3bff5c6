import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LIMITS_TUNING, parseRate, readLimitsConfig, readLogRetentionConfig } from "./limits-config";
import { bucketCount, rateLimitsConfig, resetRateLimits, takeToken } from "./rate-limit";

const saved = { write: process.env.KNOWHUB_RATE_WRITE, search: process.env.KNOWHUB_RATE_SEARCH };

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

beforeEach(async () => {
  delete process.env.KNOWHUB_RATE_WRITE;
  delete process.env.KNOWHUB_RATE_SEARCH;
  await resetRateLimits();
});

afterEach(async () => {
  restore("KNOWHUB_RATE_WRITE", saved.write);
  restore("KNOWHUB_RATE_SEARCH", saved.search);
  await resetRateLimits();
});

describe("readLimitsConfig", () => {
  it("defaults to 60/min for writes and 600/min for searches", async () => {
    expect(readLimitsConfig({})).toEqual({
      write: { capacity: 60, windowMs: 60_000 },
      search: { capacity: 600, windowMs: 60_000 },
    });
    expect(readLimitsConfig({ KNOWHUB_RATE_WRITE: "  " })).toMatchObject({ write: { capacity: 60 } });
  });

  it("reads N/s, N/min, N/h and off", async () => {
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

  it("is read once per process, and again after a reset", async () => {
    process.env.KNOWHUB_RATE_WRITE = "2/min";
    expect(rateLimitsConfig().write).toEqual({ capacity: 2, windowMs: 60_000 });
    process.env.KNOWHUB_RATE_WRITE = "3/min";
    expect(rateLimitsConfig().write?.capacity).toBe(2);
    await resetRateLimits();
    expect(rateLimitsConfig().write?.capacity).toBe(3);
  });

  it("a bad setting surfaces on first use, not as a silent default", async () => {
    process.env.KNOWHUB_RATE_SEARCH = "lots";
    await expect(takeToken("search", "key:a", 0)).rejects.toThrow(/KNOWHUB_RATE_SEARCH/);
  });
});

describe("readLogRetentionConfig", () => {
  it("defaults to 30 days and 100000 rows", async () => {
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

describe("memory", () => {
  it("drops buckets that have been idle for a whole window (full again)", async () => {
    process.env.KNOWHUB_RATE_SEARCH = "5/min";
    for (let i = 0; i < 1000; i++) await takeToken("search", `addr:${i}`, 0);
    expect(await bucketCount("search")).toBe(1000);
    await takeToken("search", "addr:late", 30_000);
    expect(await bucketCount("search")).toBe(1001);
    await takeToken("search", "addr:later", 60_000);
    // Everything from t=0 has refilled; the two recent buckets remain.
    expect(await bucketCount("search")).toBe(2);
  });

  it("a caller whose bucket was dropped as idle has a full bucket, as it would have had", async () => {
    process.env.KNOWHUB_RATE_WRITE = "2/min";
    await takeToken("write", "key:a", 0);
    await takeToken("write", "key:a", 0);
    expect((await takeToken("write", "key:a", 0)).ok).toBe(false);
    await takeToken("write", "key:other", 60_000); // evicts key:a
    expect((await takeToken("write", "key:a", 60_000)).ok).toBe(true);
    expect((await takeToken("write", "key:a", 60_000)).ok).toBe(true);
    expect((await takeToken("write", "key:a", 60_000)).ok).toBe(false);
  });

  it("a flood of distinct callers within one window stays at the cap, oldest out", async () => {
    process.env.KNOWHUB_RATE_SEARCH = "1/h";
    const cap = LIMITS_TUNING.maxBuckets;
    for (let i = 0; i < cap + 5_000; i++) await takeToken("search", `addr:${i}`, i);
    expect(await bucketCount("search")).toBe(cap);
    // The newest callers are still limited; the oldest were forgotten.
    expect((await takeToken("search", `addr:${cap + 4_999}`, cap + 5_000)).ok).toBe(false);
    expect((await takeToken("search", "addr:0", cap + 5_000)).ok).toBe(true);
  });

  it("an active caller is not the one evicted", async () => {
    process.env.KNOWHUB_RATE_SEARCH = "1/h";
    const cap = LIMITS_TUNING.maxBuckets;
    await takeToken("search", "key:busy", 0);
    for (let i = 0; i < cap + 10; i++) {
      await takeToken("search", `addr:${i}`, i);
      if (i % 10_000 === 0) expect((await takeToken("search", "key:busy", i)).ok).toBe(false);
    }
    expect((await takeToken("search", "key:busy", cap + 10)).ok).toBe(false);
  });
});
