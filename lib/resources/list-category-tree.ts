// Categories with their top resources, for browsing without a query: one page of categories, each
// with its few most reported resources. The rest of a category is on its own page
// (list-category-resources.ts), so the list's size does not grow with the number of resources.
import { parseInput } from "../validation";
import { listCategories } from "./list-categories";
import { listTopResourcesInCategories } from "./repo";
import type { CategoryTreeDto, ListCategoryTreeInput, ResourceSummaryDto } from "./schema";
import { listCategoryTreeInput } from "./schema";
import { toResourceSummary } from "./get-overview";

export const CATEGORY_TREE_TUNING = {
  /** Resources shown under each category: enough to tell what the category holds. */
  perCategory: 5,
  /** Categories on one page of the list. */
  categoriesPerPage: 20,
} as const;

export async function listCategoryTree(
  input: ListCategoryTreeInput = {},
  tuning: { perCategory: number; categoriesPerPage: number } = CATEGORY_TREE_TUNING,
): Promise<CategoryTreeDto> {
  const { page } = parseInput(listCategoryTreeInput, input);
  const all = (await listCategories()).categories;
  const pageCount = Math.max(1, Math.ceil(all.length / tuning.categoriesPerPage));
  // A page past the end shows the last one: a stale link still lands somewhere useful.
  const shown = Math.min(page, pageCount);
  const categories = all.slice((shown - 1) * tuning.categoriesPerPage, shown * tuning.categoriesPerPage);
  const byCategory = new Map<string, ResourceSummaryDto[]>();
  for (const row of await listTopResourcesInCategories(categories.map((c) => c.category), tuning.perCategory)) {
    const list = byCategory.get(row.category) ?? [];
    list.push(toResourceSummary(row));
    byCategory.set(row.category, list);
  }
  return {
    categories: categories.map((c) => ({ ...c, resources: byCategory.get(c.category) ?? [] })),
    category_count: all.length,
    resource_count: all.reduce((n, c) => n + c.resource_count, 0),
    page: shown,
    page_count: pageCount,
  };
}
