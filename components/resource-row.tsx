// A resource in a list: name (linked), category and its rating, with the reports and reporters behind it.
import Link from "next/link";
import { categoryLabel, langOf, resourceHref } from "./format";
import { Rating } from "./stars";

export type ResourceSummaryView = { name: string; category: string; avg_score: number; experience_count: number; reporter_count: number };

export function ResourceRow({ resource, showCategory = true }: { resource: ResourceSummaryView; showCategory?: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
      <span className="flex min-w-0 items-center gap-2">
        <Link
          href={resourceHref(resource.name)}
          prefetch={false}
          lang={langOf(resource.name)}
          dir="auto"
          className="wrap-anywhere font-medium text-teal-800 underline-offset-2 hover:underline dark:text-teal-300"
        >
          {resource.name}
        </Link>
        {showCategory ? <CategoryBadge category={resource.category} /> : null}
      </span>
      <Rating avg={resource.avg_score} reports={resource.experience_count} reporters={resource.reporter_count} />
    </div>
  );
}

export function CategoryBadge({ category }: { category: string }) {
  return (
    <span className="rounded-full border border-stone-300 px-2 py-0.5 text-xs text-stone-700 dark:border-stone-700 dark:text-stone-300">
      {categoryLabel(category)}
    </span>
  );
}
