import { getSqlite } from "../db";
import { VERSION } from "../version";
import type { HealthDto } from "./schema";

export type { HealthDto } from "./schema";

/** Healthy when the database answers a query and has every table the migrations create. */
export function checkHealth(): HealthDto {
  try {
    const row = getSqlite().prepare(`SELECT COUNT(*) AS n FROM resources`).get() as { n: number };
    if (typeof row.n !== "number") throw new Error("unexpected answer");
    return { status: "ok", db: "ok", version: VERSION };
  } catch (error) {
    console.error("health check failed", error);
    return { status: "unavailable", db: "error", version: VERSION };
  }
}
