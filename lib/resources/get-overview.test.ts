// The browsing read models: home overview, category tree and content tree.
import { beforeAll, describe, expect, it } from "vitest";
import { getContentTree } from "../contents/get-content-tree";
import { submitContent } from "../contents/submit-content";
import { submitContentInput } from "../contents/schema";
import { createExperience } from "./create-experience";
import { createExperienceInput } from "../experiences/schema";
import { getOverview } from "./get-overview";
import { listCategoryTree } from "./list-category-tree";

async function report(name: string, category: string, score: number, task: string) {
  // distinct: the twelve "overview solid task N" reports, all without tips, would fold as near-duplicates.
  await createExperience(createExperienceInput.parse({ name, category, score, task, distinct: true }));
}

beforeAll(async () => {
  // One lucky 5 against many solid 4s: the Bayesian average must prefer the many.
  await report("Lucky Tool", "cli", 5, "overview lucky task");
  for (let i = 0; i < 12; i++) await report("Solid Tool", "library", 4, `overview solid task ${i}`);
  await report("Weak Tool", "library", 1, "overview weak task");
  for (const [id, sort] of [["tree", 0], ["tree/b", 2], ["tree/a", 1], ["tree/a/deep", 0], ["tree/a/deep/deeper", 0]] as const) {
    await submitContent(submitContentInput.parse({ id, title: id.toUpperCase(), body: `body of ${id}`, sort_order: sort }));
  }
});

describe("getOverview", () => {
  it("counts resources, experiences and content nodes", async () => {
    expect((await getOverview()).counts).toEqual({ resources: 3, experiences: 14, contents: 5 });
  });

  it("ranks best rated by Bayesian average, most reported by count", async () => {
    const o = await getOverview();
    expect(o.best_rated.map((r) => r.name)).toEqual(["Solid Tool", "Lucky Tool", "Weak Tool"]);
    expect(o.most_reported[0]).toMatchObject({ name: "Solid Tool", experience_count: 12, avg_score: 4 });
  });

  it("lists the latest experiences newest first, with limits", async () => {
    const o = await getOverview(2);
    expect(o.latest_experiences.map((e) => e.task)).toEqual(["overview weak task", "overview solid task 11"]);
    expect(o.best_rated).toHaveLength(2);
  });
});

describe("listCategoryTree", () => {
  it("groups every resource under its category, most reported first, capped per category", async () => {
    const tree = await listCategoryTree();
    const library = tree.categories.find((c) => c.category === "library");
    expect(library?.resources.map((r) => r.name)).toEqual(["Solid Tool", "Weak Tool"]);
    expect(library?.resource_count).toBe(2);
    expect((await listCategoryTree({}, { perCategory: 1, categoriesPerPage: 30 })).categories.find((c) => c.category === "library")?.resources).toHaveLength(1);
  });
});

describe("getContentTree", () => {
  it("returns the root, children in sort order and grandchildren, no deeper", async () => {
    const tree = await getContentTree("tree");
    expect(tree?.children.map((c) => c.id)).toEqual(["tree/a", "tree/b"]);
    expect(tree?.children[0].children.map((c) => c.id)).toEqual(["tree/a/deep"]);
    expect(tree?.children[0].children[0].children).toEqual([]);
  });

  it("is null for an unknown root", async () => {
    expect(await getContentTree("no-such-root")).toBeNull();
  });
});
