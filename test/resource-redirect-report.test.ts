// After a merge, a report sent under the old name is filed under the resource it redirects to.
import { describe, expect, it } from "vitest";
import * as experienceRoute from "@/app/api/experience/route";
import { mergeResources } from "@/lib/resources/merge-resources";
import { call } from "./http";
import { sqlGet } from "./sql";
import { experienceInput } from "./factories";

describe("reports under a merged name", () => {
  it("go to the surviving resource instead of reviving the old key", async () => {
    const post = (body: unknown) => call(experienceRoute.POST, "/api/experience", { method: "POST", body });
    expect((await post(experienceInput({ name: "pdfplumber", task: "real report" }))).status).toBe(201);
    // Another name for the same library ("pdf-plumber" would be filed under pdfplumber at once).
    expect((await post(experienceInput({ name: "pdfplumber-py", task: "duplicate name report" }))).status).toBe(201);
    await mergeResources({ from: "pdfplumber-py", into: "pdfplumber", reason: "same library" }, { keyId: "", label: "test" });
    const later = await post(experienceInput({ name: "pdfplumber-py", task: "later report under the old name" }));
    expect(later.status).toBe(201);
    expect(later.json.resource).toMatchObject({ name: "pdfplumber", experience_count: 3 });
    const old = (await sqlGet<{ n: number }>(`SELECT experience_count AS n FROM resources WHERE key = 'pdfplumber-py'`))!;
    expect(old.n).toBe(0);
  });
});
