import { listCategories as listCategoryRows } from "./repo";
import type { CategoryDto } from "./schema";

export async function listCategories(): Promise<{ categories: CategoryDto[] }> {
  return {
    categories: (await listCategoryRows()).map((r) => ({
      category: r.category,
      resource_count: Number(r.resourceCount),
      experience_count: Number(r.experienceCount),
    })),
  };
}
