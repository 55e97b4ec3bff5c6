// Vitest global setup: decides once per run where the PostgreSQL tests get their server (see
// test/pg-cluster.ts) and stops the throwaway cluster at the end, if a test file started one.
// Without PostgreSQL the PostgreSQL tests skip, after one loud line; KNOWHUB_REQUIRE_POSTGRES=1
// (set by .ci/run) makes that a failure instead.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { PG_MISSING_LINE, planPgServer, stopPgServer, type PgPlan } from "../scripts/lib/pg-cluster";

declare module "vitest" {
  export interface ProvidedContext {
    knowhubPg: PgPlan;
  }
}

export default function setup(project: TestProject) {
  const plan = planPgServer(process.env, () => mkdtempSync(join(tmpdir(), "knowhub-pg-")));
  if (plan.kind === "missing") {
    if (process.env.KNOWHUB_REQUIRE_POSTGRES === "1") {
      throw new Error(`${PG_MISSING_LINE}, and KNOWHUB_REQUIRE_POSTGRES=1 requires it`);
    }
    console.error(`\n!!! ${PG_MISSING_LINE} !!!\n`);
  }
  project.provide("knowhubPg", plan);
  return () => stopPgServer(plan);
}
