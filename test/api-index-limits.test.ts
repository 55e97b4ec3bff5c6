// GET /api tells agents the hub's limits as configured: every server and worker shares each bucket.
import { afterEach, describe, expect, it } from "vitest";
import * as indexRoute from "@/app/api/route";
import { resetRateLimits } from "@/lib/limits/rate-limit";
import { call } from "./http";

afterEach(async () => {
  process.env.KNOWHUB_RATE_WRITE = "off";
  await resetRateLimits();
});

describe("GET /api rate limits", () => {
  it("states the configured limit", async () => {
    process.env.KNOWHUB_RATE_WRITE = "60/min";
    await resetRateLimits();
    const res = await call(indexRoute.GET, "/api");
    expect(res.json.auth.rate_limits.writes).toBe("60 per 60 s");
  });
});
