// Browsing by category: a page of categories with their top resources (list-category-tree.ts) and
// a category's own pages (list-category-resources.ts). Both bounded; the pages cover every resource
// exactly once, most reporters first, ties by name key.
import { beforeAll, describe, expect, it } from "vitest";
import { createExperienceInput } from "../experiences/schema";
import { createExperience } from "./create-experience";
import { listCategoryResources } from "./list-category-resources";
import { listCategoryTree } from "./list-category-tree";

async function report(name: string, category: string, times: number) {
  for (let i = 0; i < times; i++) {
    await createExperience(createExperienceInput.parse({ name, category, score: 1 + (i % 5), task: `category task ${name} ${i}`, distinct: true, confirm_new_resource: true }));
  }
}

// library: 7 resources with 1..4 reports (ties on purpose); cli: 2; api: 1; uncategorised: 1.
const LIBRARY: [string, number][] = [["lib-a", 2], ["lib-b", 4], ["lib-c", 1], ["lib-d", 2], ["lib-e", 3], ["lib-f", 1], ["lib-g", 2]];

beforeAll(async () => {
  for (const [name, n] of LIBRARY) await report(name, "library", n);
  await report("cli-one", "cli", 3);
  await report("cli-two", "cli", 1);
  await report("api-one", "api", 1);
  await report("loose-one", "", 2);
});

const libraryOrder = ["lib-b", "lib-e", "lib-a", "lib-d", "lib-g", "lib-c", "lib-f"];

describe("listCategoryResources", () => {
  it("pages through a category by cursor, most reporters first then by name, each resource once", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listCategoryResources({ category: "library", limit: "3", cursor });
      expect(page).toMatchObject({ category: "library", resource_count: 7, experience_count: 15, limit: 3 });
      expect(page.resources.length).toBeLessThanOrEqual(3);
      seen.push(...page.resources.map((r) => r.name));
      cursor = page.next_cursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(libraryOrder);
  });

  it("answers the last page with no next cursor, and a full single page when the limit allows", async () => {
    const all = await listCategoryResources({ category: "library" });
    expect(all.limit).toBe(50);
    expect(all.resources.map((r) => r.name)).toEqual(libraryOrder);
    expect(all.next_cursor).toBeNull();
    expect(all.resources[0]).toMatchObject({ name: "lib-b", category: "library", experience_count: 4, reporter_count: 4 });
  });

  it("takes the category as reports write it, and the uncategorised as the empty category", async () => {
    expect((await listCategoryResources({ category: "  LIBRARY " })).resource_count).toBe(7);
    const loose = await listCategoryResources({ category: "" });
    expect(loose.resources.map((r) => r.name)).toEqual(["loose-one"]);
  });

  it("refuses an unknown category, a foreign cursor and an out-of-range limit", async () => {
    await expect(listCategoryResources({ category: "no-such-category" })).rejects.toMatchObject({ code: "not_found" });
    await expect(listCategoryResources({ category: "library", cursor: "not-a-cursor" })).rejects.toMatchObject({ code: "invalid_input" });
    const forged = Buffer.from(JSON.stringify(["x", 3])).toString("base64url");
    await expect(listCategoryResources({ category: "library", cursor: forged })).rejects.toMatchObject({ code: "invalid_input" });
    await expect(listCategoryResources({ category: "library", limit: "0" })).rejects.toMatchObject({ code: "invalid_input" });
    await expect(listCategoryResources({ category: "library", limit: "101" })).rejects.toMatchObject({ code: "invalid_input" });
    await expect(listCategoryResources({ category: "x".repeat(41) })).rejects.toMatchObject({ code: "invalid_input" });
  });
});

describe("listCategoryTree", () => {
  it("shows a few top resources per category with the category's full counts", async () => {
    const tree = await listCategoryTree();
    expect(tree).toMatchObject({ category_count: 4, resource_count: 11, page: 1, page_count: 1 });
    const library = tree.categories.find((c) => c.category === "library");
    expect(library?.resource_count).toBe(7);
    expect(library?.resources.map((r) => r.name)).toEqual(libraryOrder.slice(0, 5));
  });

  it("pages the categories, most reported category first, and clamps a page past the end", async () => {
    const tuning = { perCategory: 1, categoriesPerPage: 3 };
    const one = await listCategoryTree({}, tuning);
    expect(one.categories.map((c) => c.category)).toEqual(["library", "cli", ""]);
    expect(one.categories.map((c) => c.resources.map((r) => r.name))).toEqual([["lib-b"], ["cli-one"], ["loose-one"]]);
    expect(one).toMatchObject({ page: 1, page_count: 2, category_count: 4, resource_count: 11 });
    const two = await listCategoryTree({ page: "2" }, tuning);
    expect(two.categories.map((c) => c.category)).toEqual(["api"]);
    expect((await listCategoryTree({ page: "9" }, tuning)).page).toBe(2);
    await expect(listCategoryTree({ page: "0" })).rejects.toMatchObject({ code: "invalid_input" });
  });
});
