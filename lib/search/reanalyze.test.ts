// A database built by an older analyzer is analyzed again, and only then do its reports match the
// queries of today's analyzer.
import { describe, expect, it } from "vitest";
import * as experienceRoute from "@/app/api/experience/route";
import { call } from "@/test/http";
import { experienceInput } from "@/test/factories";
import { sqlGet, sqlRun } from "@/test/sql";
import { ANALYZER_VERSION } from "../text/analyze";
import { reanalyzeIfStale } from "./reanalyze";
import { searchExperiences } from "./search-experiences";

const post = (overrides: Record<string, unknown>) =>
  call(experienceRoute.POST, "/api/experience", { method: "POST", body: experienceInput(overrides) });
// Confident answers only: an old row may still come back as a weak lead through a word it shares.
const found = async (q: string) => {
  const answer = await searchExperiences({ q, category: "", limit: 10, explain: false });
  return answer.confidence === "high" ? answer.results.filter((r) => r.confidence === "high").map((r) => r.name) : [];
};

describe("re-analysis after an analyzer change", () => {
  it("re-analyzes only stale databases, rewrites only changed rows, and makes them findable", async () => {
    await post({ name: "dbt-core", task: "Rebuild only the models a pull request modified, and their downstream models" });
    await post({ name: "tabula-py", task: "Extract tables from scanned PDF reports" });
    // A fresh database is analyzed by today's analyzer: recording that changes nothing.
    expect(await reanalyzeIfStale()).toMatchObject({ from: null, to: ANALYZER_VERSION, rows: 2, changed: 0 });
    expect(await reanalyzeIfStale()).toBeNull();

    // An older analyzer that did not stem: its terms no longer meet today's queries.
    await sqlRun(`UPDATE experiences SET search_task = 'rebuilding models modified downstream' WHERE name = 'dbt-core'`);
    await sqlRun(`UPDATE search_meta SET value = '1' WHERE key = 'analyzer'`);
    expect(await found("rebuild modified models downstream")).not.toContain("dbt-core");

    const progress: number[] = [];
    expect(await reanalyzeIfStale((done) => progress.push(done))).toEqual({ from: "1", to: ANALYZER_VERSION, rows: 2, changed: 1 });
    expect(progress.at(-1)).toBe(2);
    expect((await found("rebuild modified models downstream"))[0]).toBe("dbt-core");
    expect((await found("extract tables from scanned pdf"))[0]).toBe("tabula-py");
    expect(await reanalyzeIfStale()).toBeNull();
    // The trigger moved the row in the index without touching the resource's counts.
    const resource = (await sqlGet<{ n: number }>(`SELECT experience_count AS n FROM resources WHERE key = 'dbt-core'`))!;
    expect(resource.n).toBe(1);
  });
});
