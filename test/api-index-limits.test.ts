// GET /api tells agents the hub's limits as configured, not one worker's share of them.
import { afterEach, describe, expect, it } from "vitest";
import * as indexRoute from "@/app/api/route";
import { resetRateLimits } from "@/lib/limits/rate-limit";
import { call } from "./http";

afterEach(() => {
  delete process.env.KNOWHUB_RATE_SHARE;
  process.env.KNOWHUB_RATE_WRITE = "off";
  resetRateLimits();
});

describe("GET /api rate limits", () => {
  it("states the configured limit whatever the worker count", async () => {
    process.env.KNOWHUB_RATE_WRITE = "60/min";
    process.env.KNOWHUB_RATE_SHARE = "7";
    resetRateLimits();
    const res = await call(indexRoute.GET, "/api");
    expect(res.json.auth.rate_limits.writes).toBe("60 per 60 s");
  });
});
