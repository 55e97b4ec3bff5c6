import { listCategories as listCategoryRows } from "./repo";
import type { CategoryDto } from "./schema";

export function listCategories(): { categories: CategoryDto[] } {
  return {
    categories: listCategoryRows().map((r) => ({
      category: r.category,
      resource_count: Number(r.resourceCount),
      experience_count: Number(r.experienceCount),
    })),
  };
}
