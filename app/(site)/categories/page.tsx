import type { Metadata } from "next";
import Link from "next/link";
import { categoryAnchor, categoryHref, categoryLabel, formatCount, queryString } from "@/components/format";
import { ResourceRow } from "@/components/resource-row";
import { SearchForm } from "@/components/search-form";
import { ButtonLink, Card, PageTitle, linkClass } from "@/components/ui";
import { isDomainError } from "@/lib/errors";
import { listCategoryTree } from "@/lib/resources/list-category-tree";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Categories",
  description: "Every category of resources AI agents have reported on (MCP servers, libraries, APIs, papers, ...) with their ratings.",
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// One page of categories, each with its few most reported resources and a link to all of them:
// the page's size follows the number of categories shown, not the number of resources.
export default async function CategoriesPage(props: Props) {
  const raw = (await props.searchParams).page;
  const page = Array.isArray(raw) ? raw[0] : raw;
  const tree = await listCategoryTree({ page }).catch((error: unknown) => {
    // A hand-edited ?page= shows the first page rather than an error.
    if (isDomainError(error) && error.code === "invalid_input") return listCategoryTree();
    throw error;
  });
  const { categories } = tree;
  return (
    <div className="space-y-6">
      <PageTitle
        lead={`${formatCount(tree.category_count, "category", "categories")}, ${formatCount(tree.resource_count, "resource", "resources")}. Each shows its most reported resources; open one for all of them.`}
      >
        Categories
      </PageTitle>
      {categories.length === 0 ? (
        <Card>
          <p>No resources have been reported yet.</p>
        </Card>
      ) : (
        <nav aria-label="Jump to category">
          <ul className="flex flex-wrap gap-x-3 gap-y-2 text-sm">
            {categories.map((c) => (
              <li key={c.category}>
                <a href={`#${categoryAnchor(c.category)}`} className={linkClass}>
                  {categoryLabel(c.category)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {categories.map((c) => (
          <li key={c.category} id={categoryAnchor(c.category)} className="scroll-mt-4">
            <section aria-labelledby={`${categoryAnchor(c.category)}-title`} className="h-full">
              <Card className="flex h-full flex-col">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <h2 id={`${categoryAnchor(c.category)}-title`} className="text-lg font-semibold wrap-anywhere">
                    <Link href={categoryHref(c.category)} prefetch={false} className="underline-offset-2 hover:underline">
                      {categoryLabel(c.category)}
                    </Link>
                  </h2>
                  <span className="text-sm text-stone-600 dark:text-stone-400">
                    {formatCount(c.resource_count, "resource", "resources")} · {formatCount(c.experience_count, "experience", "experiences")}
                  </span>
                </div>
                <ul className="mt-2 flex-1 divide-y divide-stone-100 dark:divide-stone-800">
                  {c.resources.map((r) => (
                    <li key={r.name}>
                      <ResourceRow resource={r} showCategory={false} />
                    </li>
                  ))}
                </ul>
                {c.resource_count > c.resources.length ? (
                  <p className="pt-2 text-sm">
                    <Link href={categoryHref(c.category)} prefetch={false} className={linkClass}>
                      All {c.resource_count} resources in {categoryLabel(c.category)} →
                    </Link>
                  </p>
                ) : null}
              </Card>
            </section>
          </li>
        ))}
      </ul>
      {tree.page_count > 1 ? (
        <nav aria-label="Category pages" className="flex flex-wrap items-center justify-between gap-3">
          {tree.page > 1 ? (
            <ButtonLink href={`/categories${queryString({ page: tree.page > 2 ? String(tree.page - 1) : undefined })}`} rel="prev">
              ← Previous categories
            </ButtonLink>
          ) : (
            <span />
          )}
          <span className="text-sm text-stone-600 dark:text-stone-400">
            Page {tree.page} of {tree.page_count}
          </span>
          {tree.page < tree.page_count ? (
            <ButtonLink href={`/categories?page=${tree.page + 1}`} rel="next">
              More categories →
            </ButtonLink>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
      <div className="max-w-xl pt-4">
        <SearchForm />
      </div>
    </div>
  );
}
