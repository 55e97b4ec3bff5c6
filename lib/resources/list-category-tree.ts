// Categories with their resources, for browsing without a query.
import { listCategories } from "./list-categories";
import { listResourcesByCategory } from "./repo";
import type { CategoryDto, ResourceSummaryDto } from "./schema";
import { toResourceSummary } from "./get-overview";

// A category can hold thousands of resources; the page shows the most reported and says how many more.
const DEFAULT_PER_CATEGORY = 100;

export type CategoryTreeDto = { categories: (CategoryDto & { resources: ResourceSummaryDto[] })[] };

export async function listCategoryTree(perCategory = DEFAULT_PER_CATEGORY): Promise<CategoryTreeDto> {
  const byCategory = new Map<string, ResourceSummaryDto[]>();
  for (const row of await listResourcesByCategory(perCategory)) {
    const list = byCategory.get(row.category) ?? [];
    list.push(toResourceSummary(row));
    byCategory.set(row.category, list);
  }
  return {
    categories: (await listCategories()).categories.map((c) => ({ ...c, resources: byCategory.get(c.category) ?? [] })),
  };
}
